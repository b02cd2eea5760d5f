import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { listField } from '../content/util';
import { freshIp, loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

describe('GET /api/store for staff', () => {
  it('a staff account gets none of the owner\'s application; the owner gets it', async () => {
    const staff = await s.login('seller', '123456', 'users');
    const res = await s.call('GET', '/api/store', { token: staff });
    expect(res.code).toBe(403);
    expect(JSON.stringify(res.data)).not.toMatch(/id_card|legal|licence|business/i);
    const owner = await s.login('18888888888', '123456', 'users');
    expect((await s.call('GET', '/api/store', { token: owner })).data).toMatchObject({ id: 1 });
  });
});

describe('usernames and phones share one name space', () => {
  it('seller staff cannot be named after another account\'s phone', async () => {
    const owner = await loginOwnerSeller(s);
    const res = await s.call('POST', '/api/Seller/users', { token: owner, body: { username: '13800000000', password: 'Kite-lamp-91', ...listField('role_id', [1]) }, lang: 'en' });
    expect(res).toMatchObject({ code: 409, data: { field: 'username' }, msg: 'The username 13800000000 is the phone number of another account.' });
    expect(await s.db.select().from(users).where(eq(users.username, '13800000000'))).toHaveLength(0);
  });

  it('the platform cannot name a user after another\'s phone, nor give a phone that is another\'s username', async () => {
    const admin = await loginAdmin(s);
    const byName = await s.call('POST', '/api/Admin/users', { token: admin, body: { username: '13800000000', password: 'Kite-lamp-91' } });
    expect(byName).toMatchObject({ code: 409, data: { field: 'username' } });
    const [staffRow] = await s.db.insert(users).values({ username: '13711110000', nickname: 'x', password: '' }).returning({ id: users.id });
    const byPhone = await s.call('PUT', '/api/Admin/users/4', { token: admin, body: { username: 'demo', phone: '13711110000' } });
    expect(byPhone).toMatchObject({ code: 409, data: { field: 'phone' } });
    const [demo] = await s.db.select().from(users).where(eq(users.id, 4));
    expect(demo.phone).toBe('13800000000');
    // an account's own phone as its username stays fine (registration does exactly that)
    expect((await s.call('PUT', `/api/Admin/users/${staffRow.id}`, { token: admin, body: { username: '13711110000', phone: '13711110000' } })).code).toBe(200);
  });

  it('a phone login never lands in a different account, even with rows from before the rule', async () => {
    // legacy row: a staff account named after the shopper's phone, with the attacker's password
    await s.db.insert(users).values({ username: '13800000000', nickname: 'hijack', password: await hashPassword('Kite-lamp-91'), belong_id: 1 });
    const hijack = await s.call('POST', '/api/login', { body: { username: '13800000000', password: 'Kite-lamp-91' }, ip: freshIp() });
    expect(hijack.code).toBe(422);
    // the shopper still logs in by username
    expect((await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456' }, ip: freshIp() })).code).toBe(200);
  });
});
