import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permission_groups, admin_permissions } from '../../../server/db/schema';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { countRows, limitedAdmin } from './setup';

describe('admin: permission groups and permissions', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  const liveGroups = () => countRows(s, admin_permission_groups, isNull(admin_permission_groups.deleted_at));
  const livePermissions = () => countRows(s, admin_permissions, isNull(admin_permissions.deleted_at));

  it('load_permission lists every admin route name, the system pages included', async () => {
    const res = await s.call('GET', '/api/Admin/load_permission', { token: admin });
    for (const name of [
      'admin.admins.index',
      'admin.roles.destroy',
      'admin.permissions.store',
      'admin.permission_groups.import',
      'admin.menus.update',
      'admin.seller_menus.index',
      'admin.users.money.handle',
      'admin.money_logs.show',
      'admin.sms.store',
      'admin.sms_logs.destroy',
      'admin.configs',
      'admin.configs.update',
      'admin.load_seller_menu',
    ]) {
      expect(res.data, name).toContain(name);
    }
    // Read-only resources register only the routes that exist.
    expect(res.data).not.toContain('admin.money_logs.store');
    expect(res.data).not.toContain('admin.sms_logs.update');
  });

  it('groups: list, search, create, update, delete, isWith=permissions', async () => {
    const list = await s.call('GET', '/api/Admin/permission_groups?isAll=1&isWith=permissions', { token: admin });
    const group = list.data.find((g: { content: string }) => g.content === 'admins');
    expect(group.permissions.map((p: { apis: string }) => p.apis)).toContain('admin.admins.index');
    expect((await s.call('GET', '/api/Admin/permission_groups?content=admin|likeRight', { token: admin })).data.total).toBeGreaterThan(0);

    const created = await s.call('POST', '/api/Admin/permission_groups', { token: admin, body: { name: '测试分组', content: 'test' } });
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect((await s.call('PUT', `/api/Admin/permission_groups/${id}`, { token: admin, body: { name: '测试分组2' } })).data.name).toBe('测试分组2');
    expect((await s.call('DELETE', `/api/Admin/permission_groups/${id}`, { token: admin })).data).toBe(1);
  });

  it('groups: bad input is 422, nothing written', async () => {
    const before = await liveGroups();
    expect((await s.call('POST', '/api/Admin/permission_groups', { token: admin, body: { name: '' } })).code).toBe(422);
    expect((await s.call('POST', '/api/Admin/permission_groups', { token: admin, body: { name: 'x'.repeat(36) } })).code).toBe(422);
    expect(await liveGroups()).toBe(before);
  });

  it('permissions: list with group_name, search, create, update, delete', async () => {
    const list = await s.call('GET', '/api/Admin/permissions?apis=admin.admins.|likeRight', { token: admin });
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThanOrEqual(5);
    expect(list.data.data[0].group_name).toBe('管理员');

    const [group] = await s.db.select().from(admin_permission_groups).where(eq(admin_permission_groups.content, 'admins'));
    const created = await s.call('POST', '/api/Admin/permissions', {
      token: admin,
      body: { pid: group.id, name: '管理员列表2', apis: 'admin.admins.index', content: '' },
    });
    expect(created.code).toBe(200);
    const id = created.data.id;
    const updated = await s.call('PUT', `/api/Admin/permissions/${id}`, { token: admin, body: { apis: 'admin.admins.show' } });
    expect(updated.data.apis).toBe('admin.admins.show');
    expect((await s.call('DELETE', `/api/Admin/permissions/${id}`, { token: admin })).data).toBe(1);
  });

  it('permissions: unregistered route names, unknown groups and bad values are refused', async () => {
    const before = await livePermissions();
    for (const body of <Record<string, string | number>[]>[
      { pid: 1, name: 'x', apis: 'admin.nothing.here' },
      { pid: 99999, name: 'x', apis: 'admin.admins.index' },
      { pid: 'abc', name: 'x', apis: 'admin.admins.index' },
      { pid: 1, name: '', apis: 'admin.admins.index' },
    ]) {
      expect((await s.call('POST', '/api/Admin/permissions', { token: admin, body })).code, JSON.stringify(body)).toBe(422);
    }
    expect(await livePermissions()).toBe(before);
  });

  it('403 without the permission (nothing written), allowed with it; 401 for a seller token', async () => {
    const without = await limitedAdmin(s, ['admin.permission_groups.index']);
    const before = await liveGroups();
    expect((await s.call('POST', '/api/Admin/permission_groups', { token: without.token, body: { name: 'g-no' } })).code).toBe(403);
    expect((await s.call('DELETE', '/api/Admin/permissions/1', { token: without.token })).code).toBe(403);
    expect(await liveGroups()).toBe(before);
    expect(await countRows(s, admin_permissions, eq(admin_permissions.id, 1))).toBe(1);

    const withIt = await limitedAdmin(s, ['admin.permission_groups.store', 'admin.permissions.index']);
    expect((await s.call('POST', '/api/Admin/permission_groups', { token: withIt.token, body: { name: 'g-yes' } })).code).toBe(200);
    expect(await liveGroups()).toBe(before + 1);
    expect((await s.call('GET', '/api/Admin/permissions', { token: withIt.token })).code).toBe(200);

    const seller = await loginOwnerSeller(s);
    expect((await s.call('GET', '/api/Admin/permissions', { token: seller })).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/load_permission', { token: seller })).code).toBe(401);
  });
});
