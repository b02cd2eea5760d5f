import { and, eq, isNull } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { admin_permissions, admin_roles, admin_to_permissions, admin_to_roles, admins } from '../db/schema';
import { authenticate } from './auth';
import type { AppEnv } from './context';
import { fail } from './envelope';

/**
 * Admin API permissions by route name (`admin.<resource>.<action>`, reference §1.7, §4.3).
 * Every admin route registers its name here when it is mounted; `GET /api/Admin/load_permission`
 * lists them, and the seed creates one permission row per name. A super admin passes every
 * check; "self" routes (own profile, own menus, uploads) pass for every admin (decisions.md).
 */
const registry = new Map<string, { self: boolean }>();

export function registerAdminRoute(name: string, self = false): void {
  if (!/^admin\.[a-z0-9_.]+$/.test(name)) throw new Error(`bad admin route name: ${name}`);
  registry.set(name, { self: self || (registry.get(name)?.self ?? false) });
}

export function adminRouteNames(): string[] {
  return [...registry.keys()].sort();
}

export function isSelfRoute(name: string): boolean {
  return registry.get(name)?.self ?? false;
}

/** Does the admin hold `name` through one of its (live) roles, or is it a super admin? */
export async function adminCan(db: Db, adminId: number, name: string): Promise<boolean> {
  const [admin] = await db
    .select({ is_super: admins.is_super })
    .from(admins)
    .where(and(eq(admins.id, adminId), isNull(admins.deleted_at)));
  if (!admin) return false;
  if (admin.is_super === 1) return true;
  const rows = await db
    .select({ id: admin_permissions.id })
    .from(admin_to_roles)
    .innerJoin(admin_roles, and(eq(admin_roles.id, admin_to_roles.role_id), isNull(admin_roles.deleted_at)))
    .innerJoin(admin_to_permissions, and(eq(admin_to_permissions.role_id, admin_roles.id), isNull(admin_to_permissions.deleted_at)))
    .innerJoin(
      admin_permissions,
      and(eq(admin_permissions.id, admin_to_permissions.permission_id), isNull(admin_permissions.deleted_at)),
    )
    .where(and(eq(admin_to_roles.admin_id, adminId), isNull(admin_to_roles.deleted_at), eq(admin_permissions.apis, name)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Admin token + permission `name` in one middleware and ONE database statement (session, account,
 * super flag and the role grant together, see `authenticate`): code 401 without a live admin
 * session, 403 unless the admin may use route `name` (self routes pass for every admin). Nothing
 * is cached: a permission taken from a role is refused on the next request on every instance.
 */
export function requireAdmin(name: string, opts: { self?: boolean } = {}): MiddlewareHandler<AppEnv> {
  registerAdminRoute(name, opts.self);
  return async (c, next) => {
    if (!(await adminAllowed(c, name))) throw fail('forbidden', undefined, 403);
    await next();
  };
}

/** Authenticates an admin (401 if none) and tells whether it may use route `name`. */
export async function adminAllowed(c: Parameters<MiddlewareHandler<AppEnv>>[0], name: string): Promise<boolean> {
  return authenticate(c, 'admin', isSelfRoute(name) ? undefined : name);
}

/**
 * Middleware after requireAuth('admin'): code 403 unless the caller may use route `name`. Costs
 * one more statement than `requireAdmin(name)`, which the admin routes use.
 */
export function can(name: string, opts: { self?: boolean } = {}): MiddlewareHandler<AppEnv> {
  registerAdminRoute(name, opts.self);
  return async (c, next) => {
    const caller = c.get('caller');
    if (!caller || caller.area !== 'admin') throw fail('unauthorized', undefined, 401);
    if (!isSelfRoute(name) && !(await adminCan(c.get('services').db, caller.accountId, name))) throw fail('forbidden', undefined, 403);
    await next();
  };
}
