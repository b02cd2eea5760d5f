import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin_permission_groups,
  admin_permissions,
  admin_roles,
  admin_to_permissions,
  admin_to_roles,
  admins,
  stores,
  user_to_roles,
  users,
} from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { loginAdmin, loginOperator, openTestServer, type TestServer } from '../helpers';
import { countRows } from './setup';

/**
 * The admin system under the CRUD factory's rules: deletes refused while something depends on
 * the row (permission groups, roles, platform users, menus), role names unique per belong id,
 * new administrators need a password, a permission's route must be a real one.
 */

let s: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
});
afterAll(() => s?.close());

const isLive = async (table: typeof admins | typeof admin_roles | typeof users | typeof admin_permission_groups, id: number) =>
  (await countRows(s, table, and(eq(table.id, id), isNull(table.deleted_at)))) === 1;

describe('permission groups', () => {
  it('a group that still holds permissions is not deleted; empty, it is', async () => {
    const group = await s.call('POST', '/api/Admin/permission_groups', { token: admin, body: { name: '报表', content: 'reports' } });
    const perm = await s.call('POST', '/api/Admin/permissions', {
      token: admin,
      body: { pid: group.data.id, name: '看报表', apis: 'admin.admins.index' },
    });
    expect(perm.code, perm.msg).toBe(200);

    const refused = await s.call('DELETE', `/api/Admin/permission_groups/${group.data.id}`, { token: admin, lang: 'en' });
    expect(refused).toMatchObject({ code: 422, data: { field: 'ids' } });
    expect(refused.msg).toBe('The permission group "报表" still holds 1 permission (看报表); delete or move them first.');
    expect(await isLive(admin_permission_groups, group.data.id)).toBe(true);
    expect(await countRows(s, admin_permissions, and(eq(admin_permissions.id, perm.data.id), isNull(admin_permissions.deleted_at)))).toBe(1);

    // a role holding the permission loses it with the permission
    const role = await s.call('POST', '/api/Admin/roles', { token: admin, body: { name: '报表员', permission_id: String(perm.data.id) } });
    expect(role.code, role.msg).toBe(200);
    expect((await s.call('DELETE', `/api/Admin/permissions/${perm.data.id}`, { token: admin })).data).toBe(1);
    expect(await countRows(s, admin_to_permissions, eq(admin_to_permissions.permission_id, perm.data.id))).toBe(0);
    expect((await s.call('DELETE', `/api/Admin/permission_groups/${group.data.id}`, { token: admin })).data).toBe(1);
  });

  it('the operator without the permission gets 403 and the group stays', async () => {
    const group = await s.call('POST', '/api/Admin/permission_groups', { token: admin, body: { name: '空分组' } });
    expect((await s.call('DELETE', `/api/Admin/permission_groups/${group.data.id}`, { token: operator })).code).toBe(403);
    expect(await isLive(admin_permission_groups, group.data.id)).toBe(true);
  });
});

describe('permissions', () => {
  it('a route that is not a registered route name is refused with "choose one from the list"', async () => {
    const before = await countRows(s, admin_permissions, isNull(admin_permissions.deleted_at));
    const zh = await s.call('POST', '/api/Admin/permissions', { token: admin, body: { pid: 1, name: '乱写', apis: 'admin.nonexistent.route' } });
    expect(zh).toMatchObject({ code: 422, data: { field: 'apis', issues: [{ field: 'apis', message: '没有这个接口路由，请从列表中选择。' }] } });
    const en = await s.call('POST', '/api/Admin/permissions', { token: admin, lang: 'en', body: { pid: 1, name: 'x', apis: 'admin.nonexistent.route' } });
    expect(en.msg).toBe('Invalid data: apis: There is no such API route; choose one from the list.');
    expect(await countRows(s, admin_permissions, isNull(admin_permissions.deleted_at))).toBe(before);
  });
});

describe('admin roles', () => {
  it('a name already used by a live role is refused on create and update (422 on name); its own name is fine', async () => {
    const before = await countRows(s, admin_roles, isNull(admin_roles.deleted_at));
    const dup = await s.call('POST', '/api/Admin/roles', { token: admin, body: { name: '运营' } });
    expect(dup).toMatchObject({ code: 422, msg: '角色名称“运营”已存在。', data: { field: 'name' } });
    expect(await countRows(s, admin_roles, isNull(admin_roles.deleted_at))).toBe(before);

    const other = await s.call('POST', '/api/Admin/roles', { token: admin, body: { name: '客服甲' } });
    expect(other.code).toBe(200);
    const rename = await s.call('PUT', `/api/Admin/roles/${other.data.id}`, { token: admin, lang: 'en', body: { name: '运营' } });
    expect(rename).toMatchObject({ code: 422, msg: 'A role named "运营" already exists.', data: { field: 'name' } });
    const [row] = await s.db.select().from(admin_roles).where(eq(admin_roles.id, other.data.id));
    expect(row.name).toBe('客服甲');
    expect((await s.call('PUT', `/api/Admin/roles/${other.data.id}`, { token: admin, body: { name: '客服甲', menu_id: '2' } })).code).toBe(200);

    // a deleted role's name is free again
    expect((await s.call('DELETE', `/api/Admin/roles/${other.data.id}`, { token: admin })).code).toBe(200);
    expect((await s.call('POST', '/api/Admin/roles', { token: admin, body: { name: '客服甲' } })).code).toBe(200);
  });

  it('two roles of one name written before the rule can both still be edited under it', async () => {
    const [twin] = await s.db.insert(admin_roles).values({ belong_id: 1, name: '运营' }).returning({ id: admin_roles.id });
    expect((await s.call('PUT', `/api/Admin/roles/${twin.id}`, { token: admin, body: { name: '运营', menu_id: '2' } })).code).toBe(200);
    expect((await s.call('PUT', '/api/Admin/roles/1', { token: admin, body: { name: '运营' } })).code).toBe(200);
    expect((await s.call('PUT', `/api/Admin/roles/${twin.id}`, { token: admin, body: { name: '运营组' } })).code).toBe(200);
  });

  it('a role still assigned to administrators is not deleted; the answer says to whom', async () => {
    const role = await s.call('POST', '/api/Admin/roles', { token: admin, body: { name: '值班' } });
    for (const username of ['duty_b', 'duty_a']) {
      const res = await s.call('POST', '/api/Admin/admins', { token: admin, body: { username, password: 'secret12', role_id: `${role.data.id}` } });
      expect(res.code, res.msg).toBe(200);
    }
    const refused = await s.call('DELETE', `/api/Admin/roles/${role.data.id}`, { token: admin, lang: 'en' });
    expect(refused).toMatchObject({ code: 422, data: { field: 'ids', blocked: [{ id: role.data.id, name: '值班', count: 2 }] } });
    expect(refused.msg).toBe('The role "值班" is still assigned to 2 administrators (duty_a, duty_b); unassign it first.');
    expect(await isLive(admin_roles, role.data.id)).toBe(true);
    expect(await countRows(s, admin_to_roles, eq(admin_to_roles.role_id, role.data.id))).toBe(2);

    // a deleted administrator no longer holds it; unassigned from the other, the role goes with its links
    const [a] = await s.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'duty_a'));
    const [b] = await s.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'duty_b'));
    expect((await s.call('DELETE', `/api/Admin/admins/${a.id}`, { token: admin })).code).toBe(200);
    const still = await s.call('DELETE', `/api/Admin/roles/${role.data.id}`, { token: admin });
    expect(still).toMatchObject({ code: 422, data: { blocked: [{ count: 1 }] } });
    expect((await s.call('PUT', `/api/Admin/admins/${b.id}`, { token: admin, body: { role_id: '1' } })).code).toBe(200);
    expect((await s.call('DELETE', `/api/Admin/roles/${role.data.id}`, { token: admin })).data).toBe(1);
    expect(await countRows(s, admin_to_roles, eq(admin_to_roles.role_id, role.data.id))).toBe(0);
  });

  it('role 1 stays protected (403) and a comma delete with it deletes nothing', async () => {
    const spare = await s.call('POST', '/api/Admin/roles', { token: admin, body: { name: '备用' } });
    expect((await s.call('DELETE', `/api/Admin/roles/${spare.data.id},1`, { token: admin })).code).toBe(403);
    expect(await isLive(admin_roles, spare.data.id)).toBe(true);
    expect(await isLive(admin_roles, 1)).toBe(true);
  });
});

describe('new administrators need a password', () => {
  it('blank or absent is a 422 on password and nothing is written; 6–32 characters are taken', async () => {
    const before = await countRows(s, admins, isNull(admins.deleted_at));
    for (const body of <Record<string, string | number>[]>[{ username: 'nopw1', role_id: 1 }, { username: 'nopw2', password: '', role_id: 1 }]) {
      const res = await s.call('POST', '/api/Admin/admins', { token: admin, body });
      expect(res, JSON.stringify(body)).toMatchObject({ code: 422, data: { field: 'password', issues: [{ field: 'password', message: '不能为空' }] } });
    }
    const short = await s.call('POST', '/api/Admin/admins', { token: admin, lang: 'en', body: { username: 'nopw3', password: '12345', role_id: 1 } });
    expect(short).toMatchObject({ code: 422, msg: 'Invalid data: password: needs at least 6 characters', data: { field: 'password' } });
    expect(await countRows(s, admins, isNull(admins.deleted_at))).toBe(before);
    expect((await s.call('POST', '/api/Admin/admins', { token: admin, body: { username: 'withpw', password: 'abcxyz', role_id: 1 } })).code).toBe(200);
    expect((await s.login('withpw', 'abcxyz', 'admins')).length).toBeGreaterThan(0);
  });
});

describe('platform users', () => {
  const del = (ids: string, lang: 'zh-cn' | 'en' = 'en') => s.call('DELETE', `/api/Admin/users/${ids}`, { token: admin, lang });
  const fresh = async (username: string, extra: Partial<typeof users.$inferInsert> = {}) => {
    const [row] = await s.db
      .insert(users)
      .values({ username, nickname: username, password: await hashPassword('secret12'), ...extra })
      .returning({ id: users.id });
    return row.id;
  };

  it('the owner of a store (or of an application) is not deleted', async () => {
    const res = await del('1');
    expect(res).toMatchObject({ code: 422, data: { field: 'ids' } });
    expect(res.msg).toBe('The user "18888888888" has a store or a store application (小王数码专营店) and cannot be deleted.');
    const [applicant] = await s.db.select({ user_id: stores.user_id }).from(stores).where(eq(stores.store_verify, 1)).limit(1);
    expect((await del(String(applicant.user_id))).msg).toContain('has a store or a store application');
    expect(await isLive(users, 1)).toBe(true);
    expect(await isLive(users, applicant.user_id)).toBe(true);
  });

  it('a user with money, frozen money or points is not deleted, with the amounts named', async () => {
    const res = await del('4', 'zh-cn');
    const [demo] = await s.db.select({ integral: users.integral }).from(users).where(eq(users.id, 4));
    expect(res.msg).toBe(`用户“demo”还有余额 1000.00、冻结金额 0.00、积分 ${demo.integral}，清零后才能删除。`);
    const frozen = await fresh('frozen_only', { frozen_money: '0.01' });
    expect((await del(String(frozen))).msg).toContain('0.01 frozen');
    expect(await isLive(users, 4)).toBe(true);
    expect(await isLive(users, frozen)).toBe(true);
  });

  it('a user with staff accounts is not deleted', async () => {
    const boss = await fresh('boss_no_store');
    await fresh('boss_staff', { belong_id: boss });
    expect((await del(String(boss))).msg).toBe('The user "boss_no_store" still has 1 staff account (boss_staff); delete them first.');
    expect(await isLive(users, boss)).toBe(true);
  });

  it('a comma delete is all or nothing; a user with nothing attached goes, with its role links', async () => {
    const clean = await fresh('clean_user');
    await s.db.insert(user_to_roles).values({ user_id: clean, role_id: 1 });
    expect((await del(`${clean},4`)).code).toBe(422);
    expect(await isLive(users, clean)).toBe(true);
    expect(await del(String(clean))).toMatchObject({ code: 200, data: 1 });
    expect(await isLive(users, clean)).toBe(false);
    expect(await countRows(s, user_to_roles, eq(user_to_roles.user_id, clean))).toBe(0);
  });

  it('import: usernames and phones repeated in the file or taken are named by row and field; passwords required for new users', async () => {
    const before = await countRows(s, users, isNull(users.deleted_at));
    const res = await s.call('POST', '/api/Admin/users/import/excel', {
      token: admin,
      lang: 'en',
      body: {
        'rows[0][username]': 'imp_a',
        'rows[0][password]': 'secret12',
        'rows[1][username]': 'imp_a',
        'rows[1][password]': 'secret12',
        'rows[2][username]': 'demo',
        'rows[2][password]': 'secret12',
        'rows[3][username]': 'imp_b',
        'rows[3][phone]': '13800000000',
        'rows[3][password]': 'secret12',
        'rows[4][username]': 'imp_c',
      },
    });
    expect(res.code).toBe(422);
    expect(res.data.errors).toEqual([
      { row: 0, field: 'username', message: '"imp_a" appears more than once in the file' },
      { row: 1, field: 'username', message: '"imp_a" appears more than once in the file' },
      { row: 2, field: 'username', message: 'The username demo is already taken.' },
      { row: 3, field: 'phone', message: 'The phone number 13800000000 is already in use.' },
    ]);
    expect(await countRows(s, users, isNull(users.deleted_at))).toBe(before);
    const nopw = await s.call('POST', '/api/Admin/users/import/excel', { token: admin, lang: 'en', body: { 'rows[0][username]': 'imp_c' } });
    expect(nopw.data.errors).toEqual([{ row: 0, field: 'password', message: 'Please enter a password.' }]);
  });
});

describe('menus', () => {
  it('a menu with sub-menus is refused with their number and names', async () => {
    const parent = await s.call('POST', '/api/Admin/seller_menus', { token: admin, body: { pid: 0, name: '父菜单' } });
    await s.call('POST', '/api/Admin/seller_menus', { token: admin, body: { pid: parent.data.id, name: '子菜单' } });
    const res = await s.call('DELETE', `/api/Admin/seller_menus/${parent.data.id}`, { token: admin });
    expect(res).toMatchObject({ code: 422, msg: '菜单“父菜单”下还有 1 个子菜单（子菜单），请先删除子菜单。', data: { field: 'ids' } });
  });
});

describe('sms templates', () => {
  it('a call name another template has is a 409 naming the field', async () => {
    const res = await s.call('POST', '/api/Admin/sms', { token: admin, lang: 'en', body: { name: 'register', code: 'X', content: 'Y' } });
    expect(res).toMatchObject({ code: 409, msg: 'The call name register is already used by another SMS template.', data: { field: 'name' } });
  });
});
