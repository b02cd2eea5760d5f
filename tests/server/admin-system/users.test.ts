import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { verifyPassword } from '../../../server/http/password';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { countRows, limitedAdmin } from './setup';

describe('admin: platform users', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  const liveUsers = () => countRows(s, users, isNull(users.deleted_at));

  it('lists UserCollection fields with role names and never a hash', async () => {
    const res = await s.call('GET', '/api/Admin/users', { token: admin });
    expect(res.code).toBe(200);
    const staff = res.data.data.find((u: { id: number }) => u.id === 3);
    expect(staff.role_name).toEqual(['商品专员']);
    const owner = res.data.data.find((u: { id: number }) => u.id === 1);
    expect(owner).toMatchObject({ username: '18888888888', money: '44.12', frozen_money: '11.00', integral: '99.00', inviter_id: 0 });
    for (const row of res.data.data) {
      expect(row).not.toHaveProperty('password');
      expect(row).not.toHaveProperty('pay_password');
    }
    const shown = await s.call('GET', '/api/Admin/users/4', { token: admin });
    expect(shown.data).not.toHaveProperty('password');
    expect(shown.data).not.toHaveProperty('pay_password');
  });

  it('searches with like and a created_at range; password is not a filter', async () => {
    expect((await s.call('GET', '/api/Admin/users?nickname=商家|like', { token: admin })).data.total).toBe(2);
    const range = await s.call('GET', '/api/Admin/users?created_at[]=2000-01-01&created_at[]=2999-01-01', { token: admin });
    expect(range.data.total).toBe(14);
    expect((await s.call('GET', '/api/Admin/users?password=x', { token: admin })).data.total).toBe(14);
    expect((await s.call('GET', '/api/Admin/users?created_at[]=bad&created_at[]=', { token: admin })).code).toBe(422);
  });

  it('creates with hashed passwords, updates with blank = unchanged, deletes', async () => {
    const created = await s.call('POST', '/api/Admin/users', {
      token: admin,
      body: { username: 'buyer9', phone: '13900000009', password: 'secret12', pay_password: '654321', inviter_id: 1, avatar: '/uploads/a.png' },
    });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ username: 'buyer9', nickname: 'buyer9', phone: '13900000009', inviter_id: 1 });
    expect(created.data).not.toHaveProperty('password');
    const id = created.data.id;
    const [row] = await s.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword('secret12', row.password)).toBe(true);
    expect(await verifyPassword('654321', row.pay_password)).toBe(true);

    const updated = await s.call('PUT', `/api/Admin/users/${id}`, { token: admin, body: { nickname: '买家九', password: '', pay_password: '' } });
    expect(updated.code).toBe(200);
    expect(updated.data.nickname).toBe('买家九');
    const [same] = await s.db.select().from(users).where(eq(users.id, id));
    expect(same.password).toBe(row.password);
    expect(same.pay_password).toBe(row.pay_password);

    await s.call('PUT', `/api/Admin/users/${id}`, { token: admin, body: { pay_password: '111111' } });
    const [changed] = await s.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword('111111', changed.pay_password)).toBe(true);

    expect((await s.call('DELETE', `/api/Admin/users/${id}`, { token: admin })).data).toBe(1);
    expect((await s.call('GET', `/api/Admin/users/${id}`, { token: admin })).code).toBe(404);
  });

  it('refuses duplicates (409) and bad values (422), writing nothing', async () => {
    const before = await liveUsers();
    const dupName = await s.call('POST', '/api/Admin/users', { token: admin, body: { username: 'demo', password: 'secret12' } });
    expect(dupName).toMatchObject({ code: 409, data: { field: 'username' } });
    const dupPhone = await s.call('POST', '/api/Admin/users', { token: admin, body: { username: 'fresh1', phone: '13800000000', password: 'secret12' } });
    expect(dupPhone).toMatchObject({ code: 409, data: { field: 'phone' } });
    for (const body of <Record<string, string | number>[]>[
      { username: 'fresh2', password: '' },
      { username: 'fresh2', password: '123' },
      { username: 'fresh2', password: 'secret12', pay_password: '12ab56' },
      { username: 'fresh2', password: 'secret12', phone: '12345' },
      { username: 'fresh2', password: 'secret12', inviter_id: 99999 },
      { username: 'fresh2', password: 'secret12', inviter_id: '1 or 1=1' },
      { username: '', password: 'secret12' },
    ]) {
      expect((await s.call('POST', '/api/Admin/users', { token: admin, body })).code, JSON.stringify(body)).toBe(422);
    }
    expect(await liveUsers()).toBe(before);
    const [demo] = await s.db.select().from(users).where(eq(users.id, 4));
    expect((await s.call('PUT', '/api/Admin/users/4', { token: admin, body: { phone: '18888888888' } })).code).toBe(409);
    expect((await s.call('PUT', '/api/Admin/users/4', { token: admin, body: { inviter_id: 4 } })).code).toBe(422);
    const [after] = await s.db.select().from(users).where(eq(users.id, 4));
    expect(after).toEqual(demo);
  });

  it('imports rows all-or-nothing', async () => {
    const before = await liveUsers();
    const bad = await s.call('POST', '/api/Admin/users/import/excel', {
      token: admin,
      body: { 'rows[0][username]': 'imp1', 'rows[0][password]': 'secret12', 'rows[1][username]': 'imp2', 'rows[1][password]': '1' },
    });
    expect(bad.code).toBe(422);
    expect(await liveUsers()).toBe(before);
    const good = await s.call('POST', '/api/Admin/users/import/excel', {
      token: admin,
      body: { 'rows[0][username]': 'imp1', 'rows[0][password]': 'secret12', 'rows[1][username]': 'imp2', 'rows[1][password]': 'secret34' },
    });
    expect(good).toMatchObject({ code: 200, data: { imported: 2 } });
    expect(await liveUsers()).toBe(before + 2);
  });

  it('403 without the permission (nothing written), allowed with it; 401 for a seller token', async () => {
    const without = await limitedAdmin(s, ['admin.users.index']);
    const [demo] = await s.db.select().from(users).where(eq(users.id, 4));
    expect((await s.call('PUT', '/api/Admin/users/4', { token: without.token, body: { nickname: 'hacked' } })).code).toBe(403);
    expect((await s.call('DELETE', '/api/Admin/users/4', { token: without.token })).code).toBe(403);
    const [after] = await s.db.select().from(users).where(eq(users.id, 4));
    expect(after).toEqual(demo);
    const withIt = await limitedAdmin(s, ['admin.users.update']);
    expect((await s.call('PUT', '/api/Admin/users/4', { token: withIt.token, body: { nickname: '新昵称' } })).data.nickname).toBe('新昵称');
    expect((await s.call('GET', '/api/Admin/users', { token: await loginOwnerSeller(s) })).code).toBe(401);
  });
});
