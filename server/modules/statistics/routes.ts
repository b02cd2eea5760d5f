import type { Context, Hono } from 'hono';
import { callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import type { ListQuery } from '../../http/crud';
import { sellerGuard } from '../../http/crud-guards';
import { ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { adminRoutes } from '../../http/routes';
import { dashboardAll, orderAnalysis, platformPlot } from './dashboard';
import { analysisList } from './lists';
import { todayIn } from './period';

/**
 * The dashboards (issue 26; reference api.md §1.6, §1.7, §6.16): the admin console's
 * `/api/Admin/dashboard/{all,order,user,pay,store}` (permission `admin.dashboard.<name>`, the
 * platform's figures) and the seller centre's `/api/Seller/dashboard/{all,order}` (the menu pages
 * `/Seller/dashboard` and `/Seller/dashboard/order` for staff; the session's store only). Every
 * route takes `is_type` (0 day, 1 month, 2 year) and an optional `created_at[0..1]` range.
 */
const dbOf = (c: Context<AppEnv>) => c.get('services').db;
const todayOf = (c: Context<AppEnv>) => todayIn(c.get('services').config.timeZone);
const rankingOf = (c: Context<AppEnv>) => ({ ms: c.get('services').config.rankingCacheMs ?? 0 });

/** The seller routes: a seller token, an approved store, and (staff) a role granting the page. */
function sellerPage(api: Hono<AppEnv>, path: string, page: string, handler: (c: Context<AppEnv>, storeId: number) => Promise<Response>) {
  const guard = sellerGuard(page);
  api.get(path, async (c) => {
    await guard(c, 'index', '');
    return handler(c, callerOf(c).storeId!);
  });
}

export function mountStatistics(api: Hono<AppEnv>): void {
  const admin = adminRoutes(api);
  admin.get('/dashboard/all', 'admin.dashboard.all', async (c) => ok(c, await dashboardAll(dbOf(c), 0, await readInput(c), todayOf(c), rankingOf(c))));
  admin.get('/dashboard/order', 'admin.dashboard.order', async (c) => ok(c, await orderAnalysis(dbOf(c), 0, await readInput(c), todayOf(c), rankingOf(c))));
  for (const kind of ['user', 'pay', 'store'] as const) {
    admin.get(`/dashboard/${kind}`, `admin.dashboard.${kind}`, async (c) => {
      const query = await readInput(c);
      const { w, plot, summary, period } = await platformPlot(dbOf(c), kind, query, todayOf(c));
      return ok(c, { plot, list: await analysisList(dbOf(c), kind, w, query as ListQuery), summary, period });
    });
  }
  sellerPage(api, '/Seller/dashboard/all', '/Seller/dashboard', async (c, storeId) => ok(c, await dashboardAll(dbOf(c), storeId, await readInput(c), todayOf(c), rankingOf(c))));
  sellerPage(api, '/Seller/dashboard/order', '/Seller/dashboard/order', async (c, storeId) => ok(c, await orderAnalysis(dbOf(c), storeId, await readInput(c), todayOf(c), rankingOf(c))));
}
