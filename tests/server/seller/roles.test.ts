import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user_roles, user_to_menus } from '../../../server/db/schema';
import { loginOwner2Seller, loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { listField, liveRows } from '../content/util';

let s: TestServer;
let owner: string;
let owner2: string;
let staff: string;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
  staff = await loginStaffSeller(s);
});
afterAll(() => s.close());

type Role = { id: number; name: string; menu_id: number[] };
const rolesOf = (ownerId: number) => liveRows(s, user_roles as never, eq(user_roles.belong_id, ownerId));

describe('/api/Seller/roles (the store\'s staff roles)', () => {
  it('lists only the store\'s own roles with their menus', async () => {
    const mine = await s.call<{ data: Role[]; total: number }>('GET', '/api/Seller/roles', { token: owner });
    expect(mine.data.total).toBe(1);
    expect(mine.data.data[0]).toMatchObject({ id: 1, name: '商品专员', menu_id: [3, 9, 12] });
    const theirs = await s.call<{ data: Role[]; total: number }>('GET', '/api/Seller/roles', { token: owner2 });
    expect(theirs.data.total).toBe(0);
  });

  it('creates, searches, shows, updates (menus alone too) and deletes', async () => {
    const created = await s.call<Role>('POST', '/api/Seller/roles', { token: owner, body: { name: '财务', belong_id: 2, ...listField('menu_id', [4, 14]) } });
    expect(created.code, created.msg).toBe(200);
    const [row] = await s.db.select().from(user_roles).where(eq(user_roles.id, created.data.id));
    expect(row.belong_id).toBe(1);
    const shown = await s.call<Role>('GET', `/api/Seller/roles/${row.id}`, { token: owner });
    expect(shown.data).toMatchObject({ name: '财务', menu_id: [4, 14] });
    const found = await s.call<{ data: Role[] }>('GET', '/api/Seller/roles', { token: owner, body: { name: '财|likeRight' } });
    expect(found.data.data.map((r) => r.id)).toEqual([row.id]);

    const menus = await s.call<Role>('PUT', `/api/Seller/roles/${row.id}`, { token: owner, body: listField('menu_id', [4, 14, 39]) });
    expect(menus.data.menu_id).toEqual([4, 14, 39]);
    const renamed = await s.call<Role>('PUT', `/api/Seller/roles/${row.id}`, { token: owner, body: { name: '财务主管' } });
    expect(renamed.data).toMatchObject({ name: '财务主管', menu_id: [4, 14, 39] });

    expect((await s.call('DELETE', `/api/Seller/roles/${row.id}`, { token: owner })).data).toBe(1);
    expect(await rolesOf(1)).toBe(1);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await rolesOf(1);
    const links = await liveRows(s, user_to_menus as never);
    for (const body of [{ name: '' }, { name: 'x'.repeat(16) }, { name: '坏菜单', ...listField('menu_id', [9999]) }, { name: '坏菜单二', ...listField('menu_id', ['x']) }]) {
      const res = await s.call('POST', '/api/Seller/roles', { token: owner, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    // a deleted menu (10) cannot be granted either
    expect((await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: listField('menu_id', [3, 10]) })).code).toBe(422);
    expect(await rolesOf(1)).toBe(before);
    expect(await liveRows(s, user_to_menus as never)).toBe(links);
  });

  it('a second store can neither read nor change the first store\'s roles', async () => {
    expect((await s.call('GET', '/api/Seller/roles/1', { token: owner2 })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/roles/1', { token: owner2, body: { name: '偷改' } })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/roles/1', { token: owner2, body: listField('menu_id', [7, 8]) })).code).toBe(404);
    expect((await s.call('DELETE', '/api/Seller/roles/1', { token: owner2 })).code).toBe(404);
    const [role] = await s.db.select().from(user_roles).where(eq(user_roles.id, 1));
    expect(role).toMatchObject({ name: '商品专员', belong_id: 1, deleted_at: null });
    const links = await s.db.select().from(user_to_menus).where(eq(user_to_menus.role_id, 1));
    expect(links.map((l) => l.menu_id).sort((a, b) => a - b)).toEqual([3, 9, 12]);
  });

  it('a role\'s menus decide what its staff may open', async () => {
    expect((await s.call('GET', '/api/Seller/roles', { token: staff })).code).toBe(403);
    expect((await s.call('POST', '/api/Seller/roles', { token: staff, body: { name: '自封' } })).code).toBe(403);
    expect(await rolesOf(1)).toBe(1);
    // grant the staff role the 角色管理 page (menu 8): now the staff member may list roles
    await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: listField('menu_id', [3, 9, 12, 8]) });
    expect((await s.call('GET', '/api/Seller/roles', { token: staff })).code).toBe(200);
    expect((await s.call('GET', '/api/Seller/users', { token: staff })).code).toBe(403);
    await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: listField('menu_id', [3, 9, 12]) });
    expect((await s.call('GET', '/api/Seller/roles', { token: staff })).code).toBe(403);
  });
});
