import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permissions, admin_roles, admin_to_menus, admin_to_permissions } from '../../../server/db/schema';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { countRows, limitedAdmin } from './setup';

describe('admin: roles', () => {
  let s: TestServer;
  let admin: string;
  let permIds: number[];
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
    const rows = await s.db.select({ id: admin_permissions.id }).from(admin_permissions).limit(3);
    permIds = rows.map((r) => r.id);
  });
  afterAll(() => s?.close());

  const liveRoles = () => countRows(s, admin_roles, isNull(admin_roles.deleted_at));

  it('lists and searches roles of my belong id', async () => {
    const res = await s.call('GET', '/api/Admin/roles', { token: admin });
    expect(res.code).toBe(200);
    expect(res.data.data.map((r: { name: string }) => r.name)).toContain('运营');
    expect((await s.call('GET', '/api/Admin/roles?name=运|likeRight', { token: admin })).data.total).toBe(1);
    expect((await s.call('GET', '/api/Admin/roles?name=zz|likeRight', { token: admin })).data.total).toBe(0);
  });

  it('creates with menus and permissions, shows them, updates and deletes', async () => {
    const created = await s.call('POST', '/api/Admin/roles', {
      token: admin,
      body: { name: '客服', 'menu_id[0]': 2, 'menu_id[1]': 4, 'permission_id[0]': permIds[0], 'permission_id[1]': permIds[1] },
    });
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect(created.data).toMatchObject({ name: '客服', belong_id: 1, menu_id: [2, 4], permission_id: [permIds[0], permIds[1]] });

    const shown = await s.call('GET', `/api/Admin/roles/${id}`, { token: admin });
    expect(shown.data.menus.map((m: { id: number }) => m.id)).toEqual([2, 4]);
    expect(shown.data.permissions).toHaveLength(2);

    const updated = await s.call('PUT', `/api/Admin/roles/${id}`, { token: admin, body: { name: '客服组', menu_id: '4', 'permission_id[0]': permIds[2] } });
    expect(updated.data).toMatchObject({ name: '客服组', menu_id: [4], permission_id: [permIds[2]] });
    expect(await countRows(s, admin_to_menus, eq(admin_to_menus.role_id, id))).toBe(1);

    expect((await s.call('DELETE', `/api/Admin/roles/${id}`, { token: admin })).data).toBe(1);
    expect(await countRows(s, admin_to_permissions, eq(admin_to_permissions.role_id, id))).toBe(0);
    expect((await s.call('GET', `/api/Admin/roles/${id}`, { token: admin })).code).toBe(404);
  });

  it('refuses unknown menus or permissions and bad names, writing nothing', async () => {
    const before = await liveRoles();
    for (const body of <Record<string, string | number>[]>[
      { name: '', menu_id: '2' },
      { name: 'x'.repeat(16) },
      { name: 'ok', menu_id: '99999' },
      { name: 'ok', permission_id: '99999' },
      { name: 'ok', menu_id: "1'; drop table admin_roles; --" },
    ]) {
      const res = await s.call('POST', '/api/Admin/roles', { token: admin, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect(await liveRoles()).toBe(before);
  });

  it('never deletes role 1', async () => {
    expect((await s.call('DELETE', '/api/Admin/roles/1', { token: admin })).code).toBe(403);
    expect(await countRows(s, admin_roles, and(eq(admin_roles.id, 1), isNull(admin_roles.deleted_at)))).toBe(1);
  });

  it('403 without the permission (nothing written), allowed with it, and no granting beyond your own', async () => {
    const without = await limitedAdmin(s, ['admin.roles.index']);
    const before = await liveRoles();
    expect((await s.call('POST', '/api/Admin/roles', { token: without.token, body: { name: 'r-no' } })).code).toBe(403);
    expect(await liveRoles()).toBe(before);

    const withIt = await limitedAdmin(s, ['admin.roles.store']);
    const after = await liveRoles();
    expect((await s.call('POST', '/api/Admin/roles', { token: withIt.token, body: { name: 'r-yes' } })).code).toBe(200);
    expect(await liveRoles()).toBe(after + 1);
    const [held] = await s.db.select({ id: admin_permissions.id }).from(admin_permissions).where(eq(admin_permissions.apis, 'admin.roles.store'));
    expect((await s.call('POST', '/api/Admin/roles', { token: withIt.token, body: { name: 'r-own', permission_id: String(held.id) } })).code).toBe(200);
    const escalate = await s.call('POST', '/api/Admin/roles', { token: withIt.token, body: { name: 'r-esc', permission_id: String(permIds[0]) } });
    expect(escalate.code).toBe(403);
    expect(await countRows(s, admin_roles, eq(admin_roles.name, 'r-esc'))).toBe(0);
  });

  it('401 for a seller token', async () => {
    expect((await s.call('GET', '/api/Admin/roles', { token: await loginOwnerSeller(s) })).code).toBe(401);
  });
});
