import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { admin_permission_groups, admin_permissions, admin_to_permissions } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { defineResource, formInt, formText, type Resource } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import { adminRouteNames } from '../../http/permissions';
import { dbOf, failField, groupBy, idsOf, indexWith, ours } from './shared';

/**
 * Permission groups and permissions (reference §1.7, screens §4.3). A permission's `apis` must
 * be a registered admin route name (the dictionary `GET /api/Admin/load_permission`) and its
 * `pid` a live group; the list carries the group's name as `group_name` ('-' without one).
 */
export const permissionGroupsResource = defineResource({
  table: admin_permission_groups,
  area: 'admin',
  name: 'permission_groups',
  columns: {
    readable: ['id', 'name', 'content', 'created_at', 'updated_at'],
    writable: { name: formText({ min: 1, max: 35 }), content: formText({ max: 40 }).optional() },
    filterable: ['id', 'name', 'content', 'created_at'],
    sortable: ['id', 'name', 'created_at'],
  },
  softDelete: true,
  dependents: [{ table: admin_permissions, column: admin_permissions.pid, names: admin_permissions.name, message: 'groupHasPermissions' }],
});

const apisField = formText({ min: 1, max: 60 }).refine((name) => adminRouteNames().includes(name), ours('unknownRoute'));

export const permissionsResource = defineResource({
  table: admin_permissions,
  area: 'admin',
  name: 'permissions',
  columns: {
    readable: ['id', 'pid', 'name', 'apis', 'content', 'created_at', 'updated_at'],
    writable: {
      pid: formInt({ min: 1 }),
      name: formText({ min: 1, max: 35 }),
      apis: apisField,
      content: formText({ max: 40 }).optional(),
    },
    filterable: ['id', 'pid', 'name', 'apis', 'content', 'created_at'],
    sortable: ['id', 'pid', 'name', 'apis', 'created_at'],
  },
  softDelete: true,
  beforeWrite: async (values, { tx }) => {
    if (values.pid === undefined) return;
    // Locked until the write commits: a concurrent delete of the group waits, then sees this permission.
    const [group] = await tx
      .select({ id: admin_permission_groups.id })
      .from(admin_permission_groups)
      .where(and(eq(admin_permission_groups.id, values.pid), isNull(admin_permission_groups.deleted_at)))
      .for('share');
    if (!group) throw failField('unknownGroup', 'pid');
  },
  // Like a deleted menu, a deleted permission leaves the roles that held it.
  afterDelete: async (ids, { tx }) => {
    await tx.delete(admin_to_permissions).where(inArray(admin_to_permissions.permission_id, ids as number[]));
  },
});

type Row = Record<string, unknown>;

/** `isWith=permissions` (the role editor): each group with its live permissions. */
const groupsWithPermissions = indexWith(async (rows, c, input) => {
  const with_ = typeof input.isWith === 'string' ? input.isWith.split(',') : [];
  if (!with_.includes('permissions') || !rows.length) return rows;
  const permissions = await dbOf(c)
    .select({ id: admin_permissions.id, pid: admin_permissions.pid, name: admin_permissions.name, apis: admin_permissions.apis, content: admin_permissions.content })
    .from(admin_permissions)
    .where(and(inArray(admin_permissions.pid, idsOf(rows)), isNull(admin_permissions.deleted_at)))
    .orderBy(asc(admin_permissions.id));
  const byGroup = groupBy(permissions, (p) => p.pid);
  return rows.map((row) => ({ ...row, permissions: byGroup.get(Number(row.id)) ?? [] }));
});

/** `group_name` of each permission row. */
const permissionsWithGroup = indexWith(async (rows, c) => {
  const pids = idsOf(rows, 'pid').filter((id) => id > 0);
  const groups = pids.length
    ? await dbOf(c)
        .select({ id: admin_permission_groups.id, name: admin_permission_groups.name })
        .from(admin_permission_groups)
        .where(and(inArray(admin_permission_groups.id, pids), isNull(admin_permission_groups.deleted_at)))
    : [];
  const names = new Map(groups.map((g) => [g.id, g.name]));
  return rows.map((row: Row) => ({ ...row, group_name: names.get(Number(row.pid)) ?? '-' }));
});

export function mountPermissions(api: Hono<AppEnv>): void {
  mountAdminResource(api, '/Admin/permission_groups', permissionGroupsResource as unknown as Resource, {
    handlers: { index: groupsWithPermissions },
  });
  mountAdminResource(api, '/Admin/permissions', permissionsResource as unknown as Resource, {
    handlers: { index: permissionsWithGroup },
  });
}

