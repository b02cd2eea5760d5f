import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  admin_menus,
  admin_permissions,
  admin_roles,
  admin_to_menus,
  admin_to_permissions,
  admin_to_roles,
  admins,
} from '../../db/schema';
import { adminIsSuper, failField, type Executor } from './shared';

/**
 * What an admin may hand out: a super admin everything; any other admin only the menus and
 * permissions it holds itself through its roles. Without this a role editor could grant
 * itself every permission through a new role.
 */
export interface Grants {
  menuIds: Set<number>;
  permissionIds: Set<number>;
}

/** Live role ids of some admins (a subquery). */
const liveRolesOf = (db: Executor, adminIds: number[]) =>
  db
    .select({ id: admin_to_roles.role_id })
    .from(admin_to_roles)
    .innerJoin(admin_roles, and(eq(admin_roles.id, admin_to_roles.role_id), isNull(admin_roles.deleted_at)))
    .where(and(inArray(admin_to_roles.admin_id, adminIds), isNull(admin_to_roles.deleted_at)));

/** The menus and permissions some roles carry. */
async function grantsOfRoles(db: Executor, roleIds: number[] | ReturnType<typeof liveRolesOf>): Promise<Grants> {
  const [menus, permissions] = await Promise.all([
    db
      .select({ id: admin_to_menus.menu_id })
      .from(admin_to_menus)
      .where(and(inArray(admin_to_menus.role_id, roleIds), isNull(admin_to_menus.deleted_at))),
    db
      .select({ id: admin_to_permissions.permission_id })
      .from(admin_to_permissions)
      .where(and(inArray(admin_to_permissions.role_id, roleIds), isNull(admin_to_permissions.deleted_at))),
  ]);
  return { menuIds: new Set(menus.map((m) => m.id)), permissionIds: new Set(permissions.map((p) => p.id)) };
}

export async function grantsOf(db: Executor, adminId: number): Promise<Grants | null> {
  if (await adminIsSuper(db, adminId)) return null;
  return grantsOfRoles(db, liveRolesOf(db, [adminId]));
}

/** Something in `theirs` that `held` lacks. */
const exceeds = (theirs: Grants, held: Grants) =>
  [...theirs.menuIds].some((id) => !held.menuIds.has(id)) || [...theirs.permissionIds].some((id) => !held.permissionIds.has(id));

function assertWithin(field: string, wanted: readonly number[], held: Set<number>): void {
  const extra = wanted.filter((id) => !held.has(id));
  if (extra.length) throw failField('notGrantable', field, { ids: extra.slice(0, 20).join(',') }, 403);
}

/** The menus and permissions of a role editor's choice: they must exist, and be the editor's to give. */
export async function checkRoleGrants(db: Executor, grants: Grants | null, menuIds: number[], permissionIds: number[]): Promise<void> {
  if (menuIds.length) {
    const found = await db
      .select({ id: admin_menus.id })
      .from(admin_menus)
      .where(and(inArray(admin_menus.id, menuIds), isNull(admin_menus.deleted_at)));
    const have = new Set(found.map((f) => f.id));
    const missing = menuIds.filter((id) => !have.has(id));
    if (missing.length) throw failField('unknownIds', 'menu_id', { ids: missing.slice(0, 20).join(',') });
  }
  if (permissionIds.length) {
    const found = await db
      .select({ id: admin_permissions.id })
      .from(admin_permissions)
      .where(and(inArray(admin_permissions.id, permissionIds), isNull(admin_permissions.deleted_at)));
    const have = new Set(found.map((f) => f.id));
    const missing = permissionIds.filter((id) => !have.has(id));
    if (missing.length) throw failField('unknownIds', 'permission_id', { ids: missing.slice(0, 20).join(',') });
  }
  if (grants) {
    assertWithin('menu_id', menuIds, grants.menuIds);
    assertWithin('permission_id', permissionIds, grants.permissionIds);
  }
}

/** Roles an admin may assign: they must exist in its belong scope, and grant nothing it lacks. */
export async function checkAssignableRoles(db: Executor, grants: Grants | null, belongId: number, roleIds: number[]): Promise<void> {
  if (!roleIds.length) return;
  // Locked until the write commits: a concurrent delete of the role waits, then sees the new assignment.
  const found = await db
    .select({ id: admin_roles.id })
    .from(admin_roles)
    .where(and(inArray(admin_roles.id, roleIds), eq(admin_roles.belong_id, belongId), isNull(admin_roles.deleted_at)))
    .for('share');
  const have = new Set(found.map((f) => f.id));
  const missing = roleIds.filter((id) => !have.has(id));
  if (missing.length) throw failField('unknownIds', 'role_id', { ids: missing.slice(0, 20).join(',') });
  if (grants && exceeds(await grantsOfRoles(db, roleIds), grants)) throw failField('notGrantable', 'role_id', { ids: roleIds.join(',') }, 403);
}

/** What a takeover guard looks at: administrators (super, or the grants of their live roles) or roles. */
export type Holder = { admins: number[] } | { roles: number[] };

/**
 * Admin takeover guard: an editor who is not super may change (edit, re-password, rename, strip,
 * delete) only administrators and roles whose menus and permissions it holds itself; a super
 * admin, or an account or role holding more than the editor, is refused with 403 whatever the
 * editor's right to edit admins or roles. Without it for roles, an editor could strip a stronger
 * colleague's role and then take the weakened account over.
 */
export async function checkNotStronger(db: Executor, grants: Grants | null, holder: Holder): Promise<void> {
  if (!grants) return;
  if ('admins' in holder) {
    if (!holder.admins.length) return;
    const supers = await db
      .select({ id: admins.id })
      .from(admins)
      .where(and(inArray(admins.id, holder.admins), eq(admins.is_super, 1)));
    if (supers.length > 0 || exceeds(await grantsOfRoles(db, liveRolesOf(db, holder.admins)), grants)) throw failField('strongerAccount', 'id', {}, 403);
    return;
  }
  if (holder.roles.length && exceeds(await grantsOfRoles(db, holder.roles), grants)) throw failField('strongerRole', 'id', {}, 403);
}
