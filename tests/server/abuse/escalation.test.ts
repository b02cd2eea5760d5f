import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_roles, admin_to_permissions, admin_to_roles, admins, user_roles, user_to_menus, user_to_roles, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { limitedAdmin } from '../admin-system/setup';
import { listField } from '../content/util';
import { loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

const menusOf = async (roleId: number) =>
  (await s.db.select({ id: user_to_menus.menu_id }).from(user_to_menus).where(eq(user_to_menus.role_id, roleId))).map((r) => r.id).sort((a, b) => a - b);

describe('seller staff grant only the menus they hold', () => {
  let owner: string;
  let staff: string;
  beforeAll(async () => {
    owner = await loginOwnerSeller(s);
    // the staff role (1) gets the role and staff pages (8, 7) besides its goods menus
    expect((await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: listField('menu_id', [3, 7, 8, 9, 12]) })).code).toBe(200);
    staff = await loginStaffSeller(s);
  });

  it('cannot give its own role a menu it lacks (403, nothing written)', async () => {
    const res = await s.call('PUT', '/api/Seller/roles/1', { token: staff, body: listField('menu_id', [3, 4, 7, 8, 9, 12, 14]), lang: 'en' });
    expect(res).toMatchObject({ code: 403, data: { field: 'menu_id' } });
    expect(res.msg).toContain('4,14');
    expect(await menusOf(1)).toEqual([3, 7, 8, 9, 12]);
  });

  it('cannot create a role with menus it lacks, may with its own', async () => {
    expect((await s.call('POST', '/api/Seller/roles', { token: staff, body: { name: '越权', ...listField('menu_id', [3, 5]) } })).code).toBe(403);
    expect(await s.db.select().from(user_roles).where(eq(user_roles.name, '越权'))).toHaveLength(0);
    const mine = await s.call('POST', '/api/Seller/roles', { token: staff, body: { name: '子集', ...listField('menu_id', [3, 9]) } });
    expect(mine.code, mine.msg).toBe(200);
  });

  it('cannot assign staff a role carrying menus it lacks', async () => {
    const big = await s.call('POST', '/api/Seller/roles', { token: owner, body: { name: '店长', ...listField('menu_id', [3, 4, 5, 7, 8]) } });
    expect(big.code).toBe(200);
    const created = await s.call('POST', '/api/Seller/users', { token: staff, body: { username: 'sneaky1', password: 'Kite-lamp-91', ...listField('role_id', [big.data.id]) } });
    expect(created.code).toBe(403);
    expect(await s.db.select().from(users).where(eq(users.username, 'sneaky1'))).toHaveLength(0);
    const ownRole = await s.call('POST', '/api/Seller/users', { token: staff, body: { username: 'helper1', password: 'Kite-lamp-91', ...listField('role_id', [1]) } });
    expect(ownRole.code, ownRole.msg).toBe(200);
  });

  it('cannot change a staff member who holds more than it does; the owner can', async () => {
    const big = await s.db.select({ id: user_roles.id }).from(user_roles).where(and(eq(user_roles.name, '店长'), isNull(user_roles.deleted_at)));
    const [manager] = await s.db
      .insert(users)
      .values({ username: 'manager1', nickname: 'manager1', password: await hashPassword('Kite-lamp-91'), belong_id: 1 })
      .returning({ id: users.id, password: users.password });
    await s.db.insert(user_to_roles).values({ user_id: manager.id, role_id: big[0].id });
    const takeover = await s.call('PUT', `/api/Seller/users/${manager.id}`, { token: staff, body: { username: 'manager1', password: 'Taken-over-1' } });
    expect(takeover.code).toBe(403);
    const demote = await s.call('PUT', `/api/Seller/users/${manager.id}`, { token: staff, body: listField('role_id', [1]) });
    expect(demote.code).toBe(403);
    expect((await s.call('DELETE', `/api/Seller/users/${manager.id}`, { token: staff })).code).toBe(403);
    const [after] = await s.db.select().from(users).where(eq(users.id, manager.id));
    expect(after.password).toBe(manager.password);
    expect(after.deleted_at).toBeNull();
    expect((await s.call('PUT', `/api/Seller/users/${manager.id}`, { token: owner, body: { username: 'manager1', nickname: '店长' } })).code).toBe(200);
  });

  it('cannot strip, rename or delete a role holding menus it lacks; may change its own and weaker ones', async () => {
    const [big] = await s.db.select({ id: user_roles.id }).from(user_roles).where(and(eq(user_roles.name, '店长'), isNull(user_roles.deleted_at)));
    const strip = await s.call('PUT', `/api/Seller/roles/${big.id}`, { token: staff, body: listField('menu_id', [3]), lang: 'en' });
    expect(strip).toMatchObject({ code: 403, data: { field: 'id' } });
    expect(strip.msg).toBe('This role holds menus you do not have, so you cannot change or delete it.');
    expect((await s.call('PUT', `/api/Seller/roles/${big.id}`, { token: staff, body: { name: '降级' } })).code).toBe(403);
    expect((await s.call('POST', '/api/Seller/roles/import/excel', { token: staff, body: { 'rows[0][id]': big.id, 'rows[0][name]': '降级' } })).code).toBe(422);
    const unassigned = await s.call('POST', '/api/Seller/roles', { token: owner, body: { name: '会计', ...listField('menu_id', [4, 14]) } });
    expect((await s.call('DELETE', `/api/Seller/roles/${unassigned.data.id}`, { token: staff })).code).toBe(403);
    const [after] = await s.db.select().from(user_roles).where(eq(user_roles.id, big.id));
    expect(after).toMatchObject({ name: '店长', deleted_at: null });
    expect(await menusOf(big.id)).toEqual([3, 4, 5, 7, 8]);
    expect(await s.db.select({ deleted_at: user_roles.deleted_at }).from(user_roles).where(eq(user_roles.id, unassigned.data.id))).toEqual([{ deleted_at: null }]);

    const [weaker] = await s.db.select({ id: user_roles.id }).from(user_roles).where(and(eq(user_roles.name, '子集'), isNull(user_roles.deleted_at)));
    expect((await s.call('PUT', `/api/Seller/roles/${weaker.id}`, { token: staff, body: { name: '子集二', ...listField('menu_id', [9]) } })).code).toBe(200);
    expect((await s.call('PUT', '/api/Seller/roles/1', { token: staff, body: listField('menu_id', [3, 7, 8, 9, 12]) })).code).toBe(200);
    expect((await s.call('DELETE', `/api/Seller/roles/${weaker.id}`, { token: staff })).code).toBe(200);
    expect((await s.call('PUT', `/api/Seller/roles/${big.id}`, { token: owner, body: { name: '店长' } })).code).toBe(200);
  });
});

describe('admins cannot take over a more privileged admin', () => {
  it('an admin allowed to edit admins cannot re-password or delete one holding permissions it lacks', async () => {
    const editor = await limitedAdmin(s, ['admin.admins.index', 'admin.admins.update', 'admin.admins.destroy']);
    const [before] = await s.db.select().from(admins).where(eq(admins.username, 'operator'));
    const res = await s.call('PUT', `/api/Admin/admins/${before.id}`, { token: editor.token, body: { password: 'Taken-over-1' }, lang: 'en' });
    expect(res.code).toBe(403);
    expect(res.msg).toBe('This account holds permissions you do not have, so you cannot change it.');
    expect((await s.call('DELETE', `/api/Admin/admins/${before.id}`, { token: editor.token })).code).toBe(403);
    const [after] = await s.db.select().from(admins).where(eq(admins.id, before.id));
    expect(after.password).toBe(before.password);
    expect(after.deleted_at).toBeNull();
  });

  it('may still edit an admin holding no more than it does, and itself', async () => {
    const editor = await limitedAdmin(s, ['admin.admins.index', 'admin.admins.update']);
    const weaker = await limitedAdmin(s, ['admin.admins.index']);
    const res = await s.call('PUT', `/api/Admin/admins/${weaker.id}`, { token: editor.token, body: { nickname: 'renamed' } });
    expect(res.code, res.msg).toBe(200);
    expect((await s.call('PUT', `/api/Admin/admins/${editor.id}`, { token: editor.token, body: { nickname: 'me' } })).code).toBe(200);
  });

  it('a role editor cannot strip, rename or delete a role holding menus or permissions it lacks', async () => {
    const editor = await limitedAdmin(s, ['admin.roles.index', 'admin.roles.update', 'admin.roles.destroy']);
    const stronger = await limitedAdmin(s, ['admin.roles.index', 'admin.users.index']);
    const strip = await s.call('PUT', `/api/Admin/roles/${stronger.roleId}`, { token: editor.token, body: { permission_id: '' }, lang: 'en' });
    expect(strip).toMatchObject({ code: 403, data: { field: 'id' } });
    expect(strip.msg).toBe('This role holds permissions you do not have, so you cannot change or delete it.');
    expect((await s.call('PUT', `/api/Admin/roles/${stronger.roleId}`, { token: editor.token, body: { name: 'weakened' } })).code).toBe(403);
    await s.db.delete(admin_to_roles).where(eq(admin_to_roles.role_id, stronger.roleId));
    expect((await s.call('DELETE', `/api/Admin/roles/${stronger.roleId}`, { token: editor.token })).code).toBe(403);
    const [after] = await s.db.select().from(admin_roles).where(eq(admin_roles.id, stronger.roleId));
    expect(after.deleted_at).toBeNull();
    expect(after.name).not.toBe('weakened');
    expect(await s.db.select().from(admin_to_permissions).where(eq(admin_to_permissions.role_id, stronger.roleId))).toHaveLength(2);

    const weaker = await limitedAdmin(s, ['admin.roles.index']);
    expect((await s.call('PUT', `/api/Admin/roles/${weaker.roleId}`, { token: editor.token, body: { name: 'readers' } })).code).toBe(200);
    expect((await s.call('PUT', `/api/Admin/roles/${editor.roleId}`, { token: editor.token, body: { name: 'editors' } })).code).toBe(200);
    await s.db.delete(admin_to_roles).where(eq(admin_to_roles.role_id, weaker.roleId));
    expect((await s.call('DELETE', `/api/Admin/roles/${weaker.roleId}`, { token: editor.token })).code).toBe(200);
  });
});
