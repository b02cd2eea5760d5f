import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, goods, stores, users } from '../../../server/db/schema';
import { freshIp, loginAdmin, loginShopper, openTestServer, type TestServer } from '../helpers';

/**
 * Issue 11 "Contract faithfulness": what the reference's own web and mobile clients send and
 * read keeps working (reference/api.md).
 */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('POST /api/captcha (admin slider captcha, §3.2)', () => {
  it('answers a sign that the admin login accepts; our own login works without one', async () => {
    const captcha = await s.call('POST', '/api/captcha', { body: { username: 'admin', step: 132 }, ip: freshIp() });
    expect(captcha.code).toBe(200);
    expect(typeof captcha.data).toBe('string');
    const withSign = await s.call('POST', '/api/login', { body: { username: 'admin', password: '123456', provider: 'admins', sign: captcha.data }, ip: freshIp() });
    expect(withSign.code).toBe(200);
    expect(withSign.data.access_token).toEqual(expect.any(String));
    const without = await s.call('POST', '/api/login', { body: { username: 'admin', password: '123456', provider: 'admins' }, ip: freshIp() });
    expect(without.code).toBe(200);
  });

  it('a sign for another username, or a forged one, is refused naming the field; no session', async () => {
    const other = await s.call('POST', '/api/captcha', { body: { username: 'operator', step: 10 }, ip: freshIp() });
    for (const sign of [other.data, 'forged', `${Date.now() + 60_000}.AAAA`]) {
      const answer = await s.call('POST', '/api/login', { body: { username: 'admin', password: '123456', provider: 'admins', sign }, ip: freshIp(), lang: 'en' });
      expect(answer).toMatchObject({ code: 422, data: { field: 'sign' } });
      expect(answer.data.access_token).toBeUndefined();
    }
  });

  it('bad input is a 422 naming the field', async () => {
    expect((await s.call('POST', '/api/captcha', { body: { step: 1 }, ip: freshIp() })).data).toMatchObject({ field: 'username' });
    expect((await s.call('POST', '/api/captcha', { body: { username: 'x'.repeat(31) }, ip: freshIp() })).code).toBe(422);
  });
});

describe('GET /api/store/{id}', () => {
  it('carries store_verify and store_status', async () => {
    const [open] = await s.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.store_status, 1), eq(stores.store_verify, 4), isNull(stores.deleted_at)))
      .limit(1);
    const answer = await s.call('GET', `/api/store/${open.id}`);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ id: open.id, store_status: 1, store_verify: 4 });
    // the ID documents stay out
    expect(answer.data).not.toHaveProperty('id_card_no');
  });
});

describe('GET /api/user/carts paging keys', () => {
  it('answers per_page, current_page and last_page, paging store groups', async () => {
    const token = await loginShopper(s);
    const [demo] = await s.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    // two goods without SKUs from two different open stores
    const picked = (await s.db.execute(sql`
      select distinct on (g.store_id) g.id, g.store_id from ${goods} g join ${stores} st on st.id = g.store_id
      where g.goods_status = 1 and g.goods_verify = 1 and g.deleted_at is null and g.goods_stock > 0
        and st.store_status = 1 and st.store_verify = 4
        and not exists (select 1 from goods_skus k where k.goods_id = g.id and k.deleted_at is null)
      order by g.store_id, g.id limit 2`)) as unknown as { rows: { id: number; store_id: number }[] };
    const rows = picked.rows ?? (picked as unknown as { id: number; store_id: number }[]);
    expect(rows).toHaveLength(2);
    await s.db.delete(carts).where(eq(carts.user_id, demo.id));
    await s.db.insert(carts).values(rows.map((r) => ({ user_id: demo.id, goods_id: Number(r.id), sku_id: 0, store_id: Number(r.store_id), buy_num: 1 })));

    const all = await s.call('GET', '/api/user/carts', { token });
    expect(all.data).toMatchObject({ total: 2, per_page: 30, current_page: 1, last_page: 1 });
    expect(all.data.data).toHaveLength(2);
    const second = await s.call('GET', '/api/user/carts', { token, body: { page: 2, per_page: 1 } });
    expect(second.data).toMatchObject({ per_page: 1, current_page: 2, last_page: 2 });
    expect(second.data.data).toHaveLength(1);
    expect(second.data.data[0].store_id).toBe(all.data.data[1].store_id);
    const bad = await s.call('GET', '/api/user/carts', { token, body: { per_page: 'x' } });
    expect(bad).toMatchObject({ code: 422, data: { field: 'per_page' } });
    expect((await s.call('GET', '/api/user/carts')).code).toBe(401);
  });
});

describe('POST /api/logout with provider=admins and a shopper token', () => {
  it('ends the session the token names, whatever the provider field says', async () => {
    const token = await loginShopper(s);
    expect((await s.call('GET', '/api/user/carts', { token })).code).toBe(200);
    const answer = await s.call('POST', '/api/logout', { token, body: { provider: 'admins' } });
    expect(answer.code).toBe(200);
    expect((await s.call('GET', '/api/user/carts', { token })).code).toBe(401);
    // and the other way round
    const admin = await loginAdmin(s);
    expect((await s.call('POST', '/api/logout', { token: admin, body: { provider: 'users' } })).code).toBe(200);
    expect((await s.call('GET', '/api/Admin/users', { token: admin })).code).toBe(401);
  });

  it('no token, an ended session or a bad provider: refused', async () => {
    expect((await s.call('POST', '/api/logout', { body: { provider: 'admins' } })).code).toBe(401);
    const token = await loginShopper(s);
    expect((await s.call('POST', '/api/logout', { token, body: { provider: 'robots' } })).code).toBe(422);
    await s.call('POST', '/api/logout', { token, body: { provider: 'users' } });
    expect((await s.call('POST', '/api/logout', { token, body: { provider: 'users' } })).code).toBe(401);
  });
});
