import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  admin_menus,
  admin_permissions,
  admin_roles,
  admin_to_permissions,
  admin_to_menus,
  admin_to_roles,
  admins,
  user_menus,
  user_roles,
  user_to_menus,
  user_to_roles,
  users,
} from '../../db/schema';
import { buildTree, firstPage, withAncestors, type MenuNode, type MenuRow } from './tree';
import { memoFor } from '../../http/memo';

const adminColumns = {
  id: admin_menus.id,
  pid: admin_menus.pid,
  name: admin_menus.name,
  ename: admin_menus.ename,
  icon: admin_menus.icon,
  apis: admin_menus.apis,
  view: admin_menus.view,
  is_open: admin_menus.is_open,
  is_sort: admin_menus.is_sort,
};
const sellerColumns = {
  id: user_menus.id,
  pid: user_menus.pid,
  name: user_menus.name,
  ename: user_menus.ename,
  icon: user_menus.icon,
  apis: user_menus.apis,
  view: user_menus.view,
  is_open: user_menus.is_open,
  is_sort: user_menus.is_sort,
};

/** How long a menu edit may take to reach other instances (this one forgets at once). */
const MENUS_TTL_MS = 5000;
const memos = new WeakMap<Db, Record<'admin' | 'seller', ReturnType<typeof memoFor<MenuRow[]>>>>();

/** Every live menu row of an area, read at most once per MENUS_TTL_MS: menus are read on every login and page load. */
function allMenus(db: Db, area: 'admin' | 'seller'): Promise<MenuRow[]> {
  let memo = memos.get(db);
  if (!memo) {
    memo = {
      admin: memoFor(MENUS_TTL_MS, () => db.select(adminColumns).from(admin_menus).where(isNull(admin_menus.deleted_at))),
      seller: memoFor(MENUS_TTL_MS, () => db.select(sellerColumns).from(user_menus).where(isNull(user_menus.deleted_at))),
    };
    memos.set(db, memo);
  }
  return memo[area].get();
}

/** The whole live menu tree of an area, whoever asks (menu editors' parent pickers). */
export async function fullMenuTree(db: Db, area: 'admin' | 'seller', deep = -1): Promise<MenuNode[]> {
  return buildTree(await allMenus(db, area), deep);
}

/** Call after writing admin_menus or user_menus. */
export function forgetMenus(db: Db): void {
  const memo = memos.get(db);
  memo?.admin.clear();
  memo?.seller.clear();
}

/** Admin menus the admin sees: all for a super admin, else the union of its roles' menus. */
export async function adminMenuRows(db: Db, adminId: number): Promise<MenuRow[]> {
  const all = await allMenus(db, 'admin');
  const [admin] = await db
    .select({ is_super: admins.is_super })
    .from(admins)
    .where(and(eq(admins.id, adminId), isNull(admins.deleted_at)));
  if (!admin) return [];
  if (admin.is_super === 1) return all;
  const granted = await db
    .select({ id: admin_to_menus.menu_id })
    .from(admin_to_roles)
    .innerJoin(admin_roles, and(eq(admin_roles.id, admin_to_roles.role_id), isNull(admin_roles.deleted_at)))
    .innerJoin(admin_to_menus, and(eq(admin_to_menus.role_id, admin_roles.id), isNull(admin_to_menus.deleted_at)))
    .where(and(eq(admin_to_roles.admin_id, adminId), isNull(admin_to_roles.deleted_at)));
  return withAncestors(all, new Set(granted.map((g) => g.id)));
}

/**
 * Seller menus the user sees: all for a store owner (main account), else the union of the
 * menus of its roles (roles of its own owner only).
 */
export async function sellerMenuRows(db: Db, userId: number): Promise<MenuRow[]> {
  const all = await allMenus(db, 'seller');
  const [user] = await db
    .select({ belong_id: users.belong_id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!user) return [];
  if (user.belong_id === 0) return all;
  const granted = await db
    .select({ id: user_to_menus.menu_id })
    .from(user_to_roles)
    .innerJoin(
      user_roles,
      and(eq(user_roles.id, user_to_roles.role_id), eq(user_roles.belong_id, user.belong_id), isNull(user_roles.deleted_at)),
    )
    .innerJoin(user_to_menus, and(eq(user_to_menus.role_id, user_roles.id), isNull(user_to_menus.deleted_at)))
    .where(and(eq(user_to_roles.user_id, userId), isNull(user_to_roles.deleted_at)));
  return withAncestors(all, new Set(granted.map((g) => g.id)));
}

export async function menuTree(db: Db, area: 'admin' | 'seller', accountId: number, deep = -1): Promise<MenuNode[]> {
  const rows = area === 'admin' ? await adminMenuRows(db, accountId) : await sellerMenuRows(db, accountId);
  return buildTree(rows, deep);
}

/** Where the account lands after login: its first visible page. */
export async function defaultUrl(db: Db, area: 'admin' | 'seller', accountId: number): Promise<string> {
  return firstPage(await menuTree(db, area, accountId));
}

/**
 * The admin route names the admin may use (every one for a super admin, else those its live
 * roles grant), so the console hides the actions the server would refuse.
 */
export async function adminGrantedRoutes(db: Db, adminId: number, routes: readonly string[]): Promise<string[]> {
  const [admin] = await db
    .select({ is_super: admins.is_super })
    .from(admins)
    .where(and(eq(admins.id, adminId), isNull(admins.deleted_at)));
  if (!admin) return [];
  if (admin.is_super === 1) return [...routes];
  const rows = await db
    .selectDistinct({ apis: admin_permissions.apis })
    .from(admin_to_roles)
    .innerJoin(admin_roles, and(eq(admin_roles.id, admin_to_roles.role_id), isNull(admin_roles.deleted_at)))
    .innerJoin(admin_to_permissions, and(eq(admin_to_permissions.role_id, admin_roles.id), isNull(admin_to_permissions.deleted_at)))
    .innerJoin(admin_permissions, and(eq(admin_permissions.id, admin_to_permissions.permission_id), isNull(admin_permissions.deleted_at)))
    .where(and(eq(admin_to_roles.admin_id, adminId), isNull(admin_to_roles.deleted_at)));
  const granted = new Set(rows.map((r) => r.apis));
  return routes.filter((name) => granted.has(name));
}
