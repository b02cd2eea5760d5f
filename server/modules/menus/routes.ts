import type { Hono } from 'hono';
import { z } from 'zod';
import { callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/input';
import { adminRouteNames, isSelfRoute } from '../../http/permissions';
import { adminRoutes, sellerRoutes } from '../../http/routes';
import { adminGrantedRoutes, menuTree } from './service';

const loadMenuSchema = z.object({
  type: z.literal('getChildren').default('getChildren'),
  deep: z.coerce.number().int().min(-1).max(20).default(-1),
});

/** Menu trees of the two back offices and the admin route-name dictionary. */
export function mountMenus(api: Hono<AppEnv>) {
  const admin = adminRoutes(api);
  admin.get(
    '/load_menu',
    'admin.load_menu',
    async (c) => {
      const { deep } = await parseInput(c, loadMenuSchema);
      return ok(c, await menuTree(c.get('services').db, 'admin', callerOf(c).accountId, deep));
    },
    { self: true },
  );
  admin.get('/load_permission', 'admin.load_permission', (c) => ok(c, adminRouteNames()));
  // The caller's own grants: `routes` every permission-checked route, `granted` those it may use
  // (the console hides the others' buttons; the server still checks every request).
  admin.get(
    '/load_grants',
    'admin.load_grants',
    async (c) => {
      const routes = adminRouteNames().filter((name) => !isSelfRoute(name));
      return ok(c, { routes, granted: await adminGrantedRoutes(c.get('services').db, callerOf(c).accountId, routes) });
    },
    { self: true },
  );

  sellerRoutes(api).get('/load_menu', async (c) => {
    const { deep } = await parseInput(c, loadMenuSchema);
    return ok(c, await menuTree(c.get('services').db, 'seller', callerOf(c).accountId, deep));
  });
}
