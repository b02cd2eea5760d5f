import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user_to_roles, users } from '../../../server/db/schema';
import { verifyPassword } from '../../../server/http/password';
import { freshIp, loginOwner2Seller, loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { listField, liveRows } from '../content/util';

let s: TestServer;
let owner: string;
let owner2: string;
let staff: string;
let store2Role: number;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
  staff = await loginStaffSeller(s);
  const role = await s.call<{ id: number }>('POST', '/api/Seller/roles', { token: owner2, body: { name: '二店店员' } });
  store2Role = role.data.id;
});
afterAll(() => s.close());

type Staff = { id: number; username: string; nickname: string; role_id: number[]; role_name: string[]; belong_id: number };
const staffCount = () => liveRows(s, users as never, eq(users.belong_id, 1));
const sellerLogin = (username: string, password: string) =>
  s.call('POST', '/api/login', { body: { username, password, provider: 'users', area: 'seller' }, ip: freshIp() });

describe('/api/Seller/users (staff of the caller\'s store)', () => {
  it('lists the store\'s staff with their roles, never the owner or other stores\' accounts', async () => {
    const res = await s.call<{ data: Staff[]; total: number }>('GET', '/api/Seller/users', { token: owner });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(1);
    expect(res.data.data[0]).toMatchObject({ id: 3, username: 'seller', belong_id: 1, role_id: [1], role_name: ['商品专员'] });
    expect(res.data.data[0]).not.toHaveProperty('password');
    const other = await s.call<{ data: Staff[]; total: number }>('GET', '/api/Seller/users', { token: owner2 });
    expect(other.data.total).toBe(0);
  });

  it('creates a staff member with a password and the store\'s roles; store_id/belong_id in the body are ignored', async () => {
    const before = await staffCount();
    const res = await s.call<Staff>('POST', '/api/Seller/users', {
      token: owner,
      body: { username: 'staff_new', nickname: '新店员', password: 'first123', belong_id: 2, store_id: 2, ...listField('role_id', [1]) },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.belong_id).toBe(1);
    expect(await staffCount()).toBe(before + 1);
    const [row] = await s.db.select().from(users).where(eq(users.username, 'staff_new'));
    expect(row.belong_id).toBe(1);
    expect(await verifyPassword('first123', row.password)).toBe(true);
    const links = await s.db.select().from(user_to_roles).where(eq(user_to_roles.user_id, row.id));
    expect(links.map((l) => l.role_id)).toEqual([1]);
    expect((await sellerLogin('staff_new', 'first123')).code).toBe(200);

    const shown = await s.call<Staff>('GET', `/api/Seller/users/${row.id}`, { token: owner });
    expect(shown.data).toMatchObject({ username: 'staff_new', nickname: '新店员', role_id: [1], role_name: ['商品专员'] });
    const found = await s.call<{ data: Staff[] }>('GET', '/api/Seller/users', { token: owner, body: { username: 'staff_n|likeRight' } });
    expect(found.data.data.map((u) => u.id)).toEqual([row.id]);
  });

  it('updates: blank password keeps it, a new one replaces it, roles alone can change', async () => {
    const [row] = await s.db.select().from(users).where(eq(users.username, 'staff_new'));
    const kept = await s.call('PUT', `/api/Seller/users/${row.id}`, { token: owner, body: { nickname: '改名店员', password: '' } });
    expect(kept.code, kept.msg).toBe(200);
    expect((await sellerLogin('staff_new', 'first123')).code).toBe(200);
    await s.call('PUT', `/api/Seller/users/${row.id}`, { token: owner, body: { password: 'newpass8' } });
    expect((await sellerLogin('staff_new', 'newpass8')).code).toBe(200);

    const role = await s.call<{ id: number }>('POST', '/api/Seller/roles', { token: owner, body: { name: '客服' } });
    const rolesOnly = await s.call<Staff>('PUT', `/api/Seller/users/${row.id}`, { token: owner, body: listField('role_id', [role.data.id, 1]) });
    expect(rolesOnly.code, rolesOnly.msg).toBe(200);
    expect(rolesOnly.data).toMatchObject({ nickname: '改名店员', role_id: [1, role.data.id], role_name: ['商品专员', '客服'] });
  });

  it('refuses bad input with 422 (409 for a taken username) and writes nothing', async () => {
    const before = await staffCount();
    const links = await liveRows(s, user_to_roles as never);
    const pw = { password: 'secret12' };
    const cases: [Record<string, string | number>, number][] = [
      [{ username: '', ...pw, ...listField('role_id', [1]) }, 422],
      [{ username: 'has space', ...pw, ...listField('role_id', [1]) }, 422],
      [{ username: 'x'.repeat(21), ...pw, ...listField('role_id', [1]) }, 422],
      [{ username: 'no_roles', ...pw }, 422],
      [{ username: 'bad_roles', ...pw, ...listField('role_id', ['abc']) }, 422],
      [{ username: 'foreign_role', ...pw, ...listField('role_id', [store2Role]) }, 422],
      [{ username: 'short_pw', password: '123', ...listField('role_id', [1]) }, 422],
      [{ username: 'demo', ...pw, ...listField('role_id', [1]) }, 409],
      [{ username: '18888888889', ...pw, ...listField('role_id', [1]) }, 409],
    ];
    for (const [body, code] of cases) {
      const res = await s.call('POST', '/api/Seller/users', { token: owner, body });
      expect(res.code, `${JSON.stringify(body)} → ${res.msg}`).toBe(code);
    }
    const foreign = await s.call('PUT', '/api/Seller/users/3', { token: owner, body: listField('role_id', [store2Role]) });
    expect(foreign).toMatchObject({ code: 422, data: { field: 'role_id' } });
    expect(await staffCount()).toBe(before);
    expect(await liveRows(s, user_to_roles as never)).toBe(links);
    const [seller] = await s.db.select().from(users).where(eq(users.id, 3));
    expect(seller.nickname).toBe('店员小张');
  });

  it('the owner cannot be reached through it', async () => {
    expect((await s.call('GET', '/api/Seller/users/1', { token: owner })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/users/1', { token: owner, body: { nickname: '篡改' } })).code).toBe(404);
    expect((await s.call('DELETE', '/api/Seller/users/1', { token: owner })).code).toBe(404);
    const [me] = await s.db.select().from(users).where(eq(users.id, 1));
    expect(me).toMatchObject({ nickname: '商家小王', deleted_at: null });
  });

  it('a second store can neither read nor change the first store\'s staff', async () => {
    expect((await s.call('GET', '/api/Seller/users/3', { token: owner2 })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/users/3', { token: owner2, body: { nickname: '偷改', password: 'hacked12' } })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/users/3', { token: owner2, body: listField('role_id', [store2Role]) })).code).toBe(404);
    expect((await s.call('DELETE', '/api/Seller/users/3', { token: owner2 })).code).toBe(404);
    const list = await s.call<{ data: Staff[] }>('GET', '/api/Seller/users', { token: owner2, body: { isAll: '1' } });
    expect(list.data).toEqual([]);
    const [seller] = await s.db.select().from(users).where(eq(users.id, 3));
    expect(seller).toMatchObject({ nickname: '店员小张', belong_id: 1, deleted_at: null });
    expect(await verifyPassword('123456', seller.password)).toBe(true);
    const links = await s.db.select().from(user_to_roles).where(and(eq(user_to_roles.user_id, 3), isNull(user_to_roles.deleted_at)));
    expect(links.map((l) => l.role_id)).toEqual([1]);
  });

  it('staff without the users menu get 403 and write nothing', async () => {
    const before = await staffCount();
    expect((await s.call('GET', '/api/Seller/users', { token: staff })).code).toBe(403);
    expect((await s.call('POST', '/api/Seller/users', { token: staff, body: { username: 'by_staff', ...listField('role_id', [1]) } })).code).toBe(403);
    expect((await s.call('DELETE', '/api/Seller/users/3', { token: staff })).code).toBe(403);
    expect(await staffCount()).toBe(before);
  });

  it('deletes staff; their login stops working', async () => {
    const [row] = await s.db.select().from(users).where(eq(users.username, 'staff_new'));
    const token = await s.login('staff_new', 'newpass8', 'users', 'seller');
    const res = await s.call('DELETE', `/api/Seller/users/${row.id}`, { token: owner });
    expect(res).toMatchObject({ code: 200, data: 1 });
    expect((await s.call('POST', '/api/Seller/auth/info', { token, body: { provider: 'users' } })).code).toBe(401);
    expect((await sellerLogin('staff_new', 'newpass8')).code).not.toBe(200);
  });
});
