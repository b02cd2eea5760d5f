import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../db/client';
import { user_menus, user_roles, user_to_menus, user_to_roles, users } from '../db/schema';
import { requireAuth, requireStore } from './auth';
import type { AppEnv, Caller } from './context';
import { fail } from './envelope';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CRUD_ACTIONS, mountResource, type ColumnKey, type Guard, type Resource, type ScopeContext } from './crud';
import type { MountOptions } from './crud/mount';
import { adminAllowed, registerAdminRoute } from './permissions';

/**
 * Guards for `mountResource` (server/http/crud):
 *
 *   mountResource(api, '/Admin/admins', admins, adminGuard(admins));
 *   mountResource(api, '/Seller/users', staff, sellerGuard('/Seller/users'));
 *   // or, the same in one call (with optional `only` and per-action `handlers`):
 *   mountAdminResource(api, '/Admin/money_logs', moneyLogs, { only: ['index', 'show'] });
 *   mountSellerResource(api, '/Seller/users', staff);          // page = path
 *   mountSellerResource(api, '/Seller/file_spaces', spaces, { pages: '/Seller/goods' });
 *
 * Scopes read the caller with `adminCallerOf(ctx)` / `storeIdOf(ctx)` (never from the request).
 */

/** Runs a Hono middleware inline (the guard runs inside the route handler). */
async function runMiddleware(c: Context<AppEnv>, middleware: (c: Context<AppEnv>, next: () => Promise<void>) => Promise<unknown>) {
  await middleware(c, async () => {});
}

/** Anything that names its admin permissions (a defined resource), or the names themselves. */
export type PermissionSource = { readonly permissionNames: readonly string[] } | readonly string[];

/**
 * Admin token + permission `admin.<resource>.<action>` (super admins pass every check).
 * Registers every name of `source` with the route registry when it is called, i.e. when the
 * resource is mounted: that is what `GET /api/Admin/load_permission` lists and the seed creates.
 */
export function adminGuard(source: PermissionSource): Guard {
  const names = Array.isArray(source) ? (source as readonly string[]) : (source as { permissionNames: readonly string[] }).permissionNames;
  for (const name of names) registerAdminRoute(name);
  return async (c, _action, permission) => {
    // session + account + super flag + role grant in one statement (permissions.ts requireAdmin)
    if (!(await adminAllowed(c, permission))) throw fail('forbidden', undefined, 403);
  };
}

/**
 * May this seller-area user open one of these pages (seller menu `apis`)? A store owner (main
 * account) opens everything; a staff member only pages among its roles' menus (roles of its own
 * owner, live rows only).
 */
export async function sellerCanOpen(db: Db, userId: number, pages: readonly string[], staff?: boolean): Promise<boolean> {
  if (staff === false) return true; // the store's owner, known from requireStore: no query
  const [user] = await db
    .select({ belong_id: users.belong_id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!user) return false;
  if (user.belong_id === 0) return true;
  if (pages.length === 0) return false;
  const rows = await db
    .select({ id: user_menus.id })
    .from(user_to_roles)
    .innerJoin(
      user_roles,
      and(eq(user_roles.id, user_to_roles.role_id), eq(user_roles.belong_id, user.belong_id), isNull(user_roles.deleted_at)),
    )
    .innerJoin(user_to_menus, and(eq(user_to_menus.role_id, user_roles.id), isNull(user_to_menus.deleted_at)))
    .innerJoin(user_menus, and(eq(user_menus.id, user_to_menus.menu_id), isNull(user_menus.deleted_at)))
    .where(and(eq(user_to_roles.user_id, userId), isNull(user_to_roles.deleted_at), inArray(user_menus.apis, [...pages])))
    .limit(1);
  return rows.length > 0;
}

/**
 * Seller token + an approved store (`caller.storeId`) + the staff menu check: `pages` are the
 * seller menu paths (`/Seller/users`) that open this resource; a staff member needs one of them
 * in its roles' menus, else code 403. Owners pass.
 */
export function sellerGuard(pages: string | readonly string[]): Guard {
  const list = typeof pages === 'string' ? [pages] : [...pages];
  return async (c) => {
    await runMiddleware(c, requireAuth('seller'));
    await runMiddleware(c, requireStore());
    const caller = c.get('caller');
    if (!caller || caller.storeId === undefined) throw fail('unauthorized', undefined, 401);
    if (!(await sellerCanOpen(c.get('services').db, caller.accountId, list, caller.staff))) throw fail('forbidden', undefined, 403);
  };
}

/** The admin behind a guarded request, from a scope or hook context (`{ caller }`). */
export function adminCallerOf(ctx: { caller: Caller | undefined }): Caller {
  const { caller } = ctx;
  if (!caller || caller.area !== 'admin') throw fail('unauthorized', undefined, 401);
  return caller;
}

/** The session's store behind a seller-guarded request (for scopes: `values: { store_id }`). */
export function storeIdOf(ctx: { caller: Caller | undefined }): number {
  const { caller } = ctx;
  if (!caller || caller.area !== 'seller' || caller.storeId === undefined) throw fail('unauthorized', undefined, 401);
  return caller.storeId;
}

export type { ScopeContext };

export type { ActionHandler, MountOptions } from './crud/mount';

/**
 * `mountResource` with a choice of actions and per-action handlers (MountOptions); the guard runs
 * first on each route, before any input is read. Routes as mountResource: GET path ·
 * GET path/:id · POST path · PUT|PATCH path/:id · DELETE path/:ids · POST path/import/excel.
 */
export function mountResourceWith<T extends PgTable, RK extends ColumnKey<T>, Out>(
  app: Hono<AppEnv>,
  path: string,
  resource: Resource<T, RK, Out>,
  guard: Guard,
  options: MountOptions = {},
): void {
  mountResource(app, path, resource, guard, options);
}

/**
 * An admin resource under `path` ('/Admin/admins') with `adminGuard`: only the mounted actions'
 * permission names are registered (and so listed by load_permission and seeded).
 */
export function mountAdminResource<T extends PgTable, RK extends ColumnKey<T>, Out>(
  api: Hono<AppEnv>,
  path: string,
  resource: Resource<T, RK, Out>,
  options: MountOptions = {},
): void {
  const actions = options.only ?? CRUD_ACTIONS;
  mountResourceWith(api, path, resource, adminGuard(actions.map((action) => resource.permissions[action])), options);
}

/** A seller resource under `path` ('/Seller/users') with `sellerGuard`; the page defaults to the path. */
export function mountSellerResource<T extends PgTable, RK extends ColumnKey<T>, Out>(
  api: Hono<AppEnv>,
  path: string,
  resource: Resource<T, RK, Out>,
  options: MountOptions & { pages?: string | readonly string[] } = {},
): void {
  mountResourceWith(api, path, resource, sellerGuard(options.pages ?? path), options);
}
