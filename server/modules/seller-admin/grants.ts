import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { user_menus, user_roles, user_to_menus, user_to_roles } from '../../db/schema';
import type { Caller } from '../../http/context';
import { fail } from '../../http/envelope';
import './messages';

type Executor = Db | Tx;

/**
 * What a seller-console user may hand out (the admin side's rule, admin-system/grants.ts): the
 * store owner everything (null); a staff member only the seller menus its own live roles hold.
 * Without it a staff member allowed to edit roles could give a role (its own included) every
 * menu of the store.
 */
export async function sellerGrantsOf(db: Executor, caller: Caller | undefined): Promise<Set<number> | null> {
  if (!caller || caller.staff !== true) return null;
  return menusOfUsers(db, [caller.accountId]);
}

async function menusOfRoles(db: Executor, roleIds: number[] | ReturnType<typeof liveRolesOf>): Promise<Set<number>> {
  const rows = await db
    .select({ id: user_to_menus.menu_id })
    .from(user_to_menus)
    .innerJoin(user_menus, and(eq(user_menus.id, user_to_menus.menu_id), isNull(user_menus.deleted_at)))
    .where(and(inArray(user_to_menus.role_id, roleIds), isNull(user_to_menus.deleted_at)));
  return new Set(rows.map((r) => r.id));
}

function liveRolesOf(db: Executor, userIds: number[]) {
  return db
    .select({ id: user_to_roles.role_id })
    .from(user_to_roles)
    .innerJoin(user_roles, and(eq(user_roles.id, user_to_roles.role_id), isNull(user_roles.deleted_at)))
    .where(and(inArray(user_to_roles.user_id, userIds), isNull(user_to_roles.deleted_at)));
}

const menusOfUsers = (db: Executor, userIds: number[]) => menusOfRoles(db, liveRolesOf(db, userIds));

const refuse = (field: string, ids: number[]) =>
  fail('sellerAdmin.notGrantable', { field, ids: ids.slice(0, 20).join(',') }, 403, { field });

/** A role's menus chosen by `caller`: each one must be the caller's to give. */
export async function checkGrantableMenus(db: Executor, caller: Caller | undefined, menuIds: number[]): Promise<void> {
  const held = await sellerGrantsOf(db, caller);
  if (!held) return;
  const extra = menuIds.filter((id) => !held.has(id));
  if (extra.length) throw refuse('menu_id', extra);
}

/** Roles assigned to staff by `caller`: none may carry a menu the caller lacks. */
export async function checkAssignableRoles(db: Executor, caller: Caller | undefined, roleIds: number[]): Promise<void> {
  const held = await sellerGrantsOf(db, caller);
  if (!held || !roleIds.length) return;
  const menus = await menusOfRoles(db, roleIds);
  if ([...menus].some((id) => !held.has(id))) throw refuse('role_id', roleIds);
}

/** What a takeover guard looks at: staff accounts (the menus of their live roles) or roles (their menus). */
export type Holder = { users: number[] } | { roles: number[] };

const STRONGER_MESSAGE = { users: 'sellerAdmin.strongerAccount', roles: 'sellerAdmin.strongerRole' } as const;

/**
 * The takeover guard (the admin side's, admin-system/grants.ts): a staff member changes (edits,
 * re-passwords, renames, strips, deletes) only staff accounts and roles whose menus it holds
 * itself; the owner changes anything of its store. Without it for roles, a staff member could
 * strip a stronger colleague's role and then take the weakened account over.
 */
export async function checkNotStronger(db: Executor, caller: Caller | undefined, holder: Holder): Promise<void> {
  const held = await sellerGrantsOf(db, caller);
  if (!held) return;
  const kind = 'users' in holder ? 'users' : 'roles';
  const ids = 'users' in holder ? holder.users.filter((id) => id !== caller?.accountId) : holder.roles;
  if (!ids.length) return;
  const menus = kind === 'users' ? await menusOfUsers(db, ids) : await menusOfRoles(db, ids);
  if ([...menus].some((id) => !held.has(id))) throw fail(STRONGER_MESSAGE[kind], { field: 'id' }, 403, { field: 'id' });
}
