import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, str, timestamps, uint } from './_columns';

/**
 * Roles, permissions and menus of the two back offices (reference §4.1, §5.2):
 * `admin_*` for the platform console, `user_*` for the seller centre. Both sets have the
 * same shape, so each table is built by one function.
 */
const notDeleted = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;

function rolesTable(name: string) {
  return pgTable(name, { id: id(), belong_id: uint(), name: str(15), ...timestamps() }, (t) => [
    index(`${name}_belong_idx`).on(t.belong_id),
  ]);
}

function permissionGroupsTable(name: string) {
  return pgTable(name, { id: id(), name: str(35), content: str(40), ...timestamps() });
}

function permissionsTable(name: string) {
  return pgTable(
    name,
    { id: id(), pid: uint(), name: str(35), apis: str(60), content: str(40), ...timestamps() },
    (t) => [index(`${name}_apis_idx`).on(t.apis), index(`${name}_pid_idx`).on(t.pid)],
  );
}

function menusTable(name: string) {
  return pgTable(
    name,
    {
      id: id(),
      pid: uint(),
      name: str(35),
      ename: str(35),
      icon: str(30),
      apis: str(150),
      view: str(80),
      is_open: flag(),
      content: str(40),
      is_sort: uint(),
      ...timestamps(),
    },
    (t) => [index(`${name}_pid_idx`).on(t.pid, t.is_sort)],
  );
}

export const admin_roles = rolesTable('admin_roles');
export const admin_to_roles = pgTable(
  'admin_to_roles',
  { id: id(), admin_id: uint(), role_id: uint(), ...timestamps() },
  (t) => [uniqueIndex('admin_to_roles_uq').on(t.admin_id, t.role_id).where(notDeleted(t))],
);
export const admin_permission_groups = permissionGroupsTable('admin_permission_groups');
export const admin_permissions = permissionsTable('admin_permissions');
export const admin_to_permissions = pgTable(
  'admin_to_permissions',
  { id: id(), role_id: integer().notNull(), permission_id: integer().notNull(), ...timestamps() },
  (t) => [uniqueIndex('admin_to_permissions_uq').on(t.role_id, t.permission_id).where(notDeleted(t))],
);
export const admin_menus = menusTable('admin_menus');
export const admin_to_menus = pgTable(
  'admin_to_menus',
  { id: id(), role_id: integer().notNull(), menu_id: integer().notNull(), ...timestamps() },
  (t) => [uniqueIndex('admin_to_menus_uq').on(t.role_id, t.menu_id).where(notDeleted(t))],
);

export const user_roles = rolesTable('user_roles');
export const user_to_roles = pgTable(
  'user_to_roles',
  { id: id(), user_id: uint(), role_id: uint(), ...timestamps() },
  (t) => [uniqueIndex('user_to_roles_uq').on(t.user_id, t.role_id).where(notDeleted(t))],
);
export const user_permission_groups = permissionGroupsTable('user_permission_groups');
export const user_permissions = permissionsTable('user_permissions');
export const user_to_permissions = pgTable(
  'user_to_permissions',
  { id: id(), role_id: integer().notNull(), permission_id: integer().notNull(), ...timestamps() },
  (t) => [uniqueIndex('user_to_permissions_uq').on(t.role_id, t.permission_id).where(notDeleted(t))],
);
export const user_menus = menusTable('user_menus');
export const user_to_menus = pgTable(
  'user_to_menus',
  { id: id(), role_id: integer().notNull(), menu_id: integer().notNull(), ...timestamps() },
  (t) => [uniqueIndex('user_to_menus_uq').on(t.role_id, t.menu_id).where(notDeleted(t))],
);
