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

/**
 * A staff member changes (edits, re-passwords, deletes) only staff whose menus it holds itself
 * (the takeover guard of the admin side); the owner changes anyone of its store.
 */
export async function checkNotStronger(db: Executor, caller: Caller | undefined, userIds: number[]): Promise<void> {
  const held = await sellerGrantsOf(db, caller);
  const others = userIds.filter((id) => id !== caller?.accountId);
  if (!held || !others.length) return;
  const menus = await menusOfUsers(db, others);
  if ([...menus].some((id) => !held.has(id))) throw fail('sellerAdmin.strongerAccount', { field: 'id' }, 403, { field: 'id' });
}
