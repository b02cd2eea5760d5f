import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { requireAuth, requireStore } from './auth';
import { requireAdmin } from './permissions';
import { documented, inputOf, type Area } from '../openapi/describe';

/**
 * Route declaration helpers: each route says its area (and, for admin, its permission name) in
 * one place, and gets the right guards.
 *
 *   const admin = adminRoutes(api);
 *   admin.get('/goods', 'admin.goods.index', listGoods);
 *   seller(api).post('/goods', createGoods);     // /api/Seller/goods, store on c.get('caller')
 *   shopper(api).get('/user/orders', listOrders); // /api/user/orders, logged-in users
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Record<string, Method> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };

/**
 * `api.on` with a handler chain (Hono's overloads do not type a spread chain), documented for the
 * OpenAPI document: the area's token and the input schema the handler declares (withInput).
 */
function register(api: Hono<AppEnv>, methods: Method | Method[], path: string, area: Area, chain: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[]) {
  const on = api.on.bind(api) as unknown as (m: string[], p: string, ...h: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[]) => unknown;
  const list = [methods].flat();
  const handler = chain[chain.length - 1] as Handler<AppEnv>;
  on(list, path, documented(list[0], { area, ...inputOf(handler) }), ...chain);
}

export interface AdminRouter {
  on(methods: Method | Method[], path: string, name: string, handler: Handler<AppEnv>, opts?: { self?: boolean }): void;
  get(path: string, name: string, handler: Handler<AppEnv>, opts?: { self?: boolean }): void;
  post(path: string, name: string, handler: Handler<AppEnv>, opts?: { self?: boolean }): void;
  put(path: string, name: string, handler: Handler<AppEnv>, opts?: { self?: boolean }): void;
  patch(path: string, name: string, handler: Handler<AppEnv>, opts?: { self?: boolean }): void;
  delete(path: string, name: string, handler: Handler<AppEnv>, opts?: { self?: boolean }): void;
}

export interface AreaRouter {
  on(methods: Method | Method[], path: string, handler: Handler<AppEnv>): void;
  get(path: string, handler: Handler<AppEnv>): void;
  post(path: string, handler: Handler<AppEnv>): void;
  put(path: string, handler: Handler<AppEnv>): void;
  patch(path: string, handler: Handler<AppEnv>): void;
  delete(path: string, handler: Handler<AppEnv>): void;
}

/** Routes under /api/Admin: admin token + permission `name` (self routes pass for every admin). */
export function adminRoutes(api: Hono<AppEnv>): AdminRouter {
  const on: AdminRouter['on'] = (methods, path, name, handler, opts) => {
    register(api, methods, `/Admin${path}`, 'admin', [requireAdmin(name, opts), handler]);
  };
  const router = { on } as AdminRouter;
  for (const [key, method] of Object.entries(METHODS)) {
    (router as unknown as Record<string, unknown>)[key] = (path: string, name: string, handler: Handler<AppEnv>, opts?: { self?: boolean }) =>
      on(method, path, name, handler, opts);
  }
  return router;
}

function areaRoutes(api: Hono<AppEnv>, prefix: string, area: Area, guards: MiddlewareHandler<AppEnv>[]): AreaRouter {
  const on: AreaRouter['on'] = (methods, path, handler) => {
    register(api, methods, `${prefix}${path}`, area, [...guards, handler]);
  };
  const router = { on } as AreaRouter;
  for (const [key, method] of Object.entries(METHODS)) {
    (router as unknown as Record<string, unknown>)[key] = (path: string, handler: Handler<AppEnv>) => on(method, path, handler);
  }
  return router;
}

/** Routes under /api/Seller: seller token + an approved store (`caller.storeId`). */
export const sellerRoutes = (api: Hono<AppEnv>) => areaRoutes(api, '/Seller', 'seller', [requireAuth('seller'), requireStore()]);

/** Logged-in shopper routes under /api (shopper-area token of a users account). */
export const shopperRoutes = (api: Hono<AppEnv>) => areaRoutes(api, '', 'user', [requireAuth('user')]);

/**
 * The seven resource routes of reference §1.3 with their permission names
 * (`admin.<resource>.index|store|show|update|destroy`), for the handlers given.
 */
export function adminResource(
  api: Hono<AppEnv>,
  resource: string,
  handlers: Partial<Record<'index' | 'store' | 'show' | 'update' | 'destroy', Handler<AppEnv>>>,
): void {
  const admin = adminRoutes(api);
  const base = `/${resource}`;
  const name = (action: string) => `admin.${resource}.${action}`;
  if (handlers.index) admin.get(base, name('index'), handlers.index);
  if (handlers.store) admin.post(base, name('store'), handlers.store);
  if (handlers.show) admin.get(`${base}/:id`, name('show'), handlers.show);
  if (handlers.update) admin.on(['PUT', 'PATCH'], `${base}/:id`, name('update'), handlers.update);
  if (handlers.destroy) admin.delete(`${base}/:id`, name('destroy'), handlers.destroy);
}
