import type { Context, Hono } from 'hono';
import { callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import type { ListQuery } from '../../http/crud';
import { sellerGuard } from '../../http/crud-guards';
import { ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { adminRoutes } from '../../http/routes';
import { dashboardAll, orderAnalysis, platformPlot } from './dashboard';
import { keep } from './kept';
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

/**
 * The answer of a dashboard route for a scope (0: the platform; a store id), served again for
 * DASHBOARD_CACHE_MS (default 2 s) to every caller of that scope on this instance, so a console
 * left open by many operators costs one computation per period, not one per poll. Whole-table
 * exports (`isAll`) are never kept. Access is checked before, on every request.
 */
async function answer(c: Context<AppEnv>, route: string, scope: number, compute: (query: Record<string, unknown>) => Promise<unknown>) {
  const query = (await readInput(c)) as Record<string, unknown>;
  const ms = query.isAll === undefined ? (c.get('services').config.dashboardCacheMs ?? 0) : 0;
  const key = `answer:${route}:${scope}:${todayOf(c)}:${JSON.stringify(query)}`;
  return ok(c, await keep(ms, dbOf(c), key, () => compute(query)));
}

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
  admin.get('/dashboard/all', 'admin.dashboard.all', (c) => answer(c, 'all', 0, (query) => dashboardAll(dbOf(c), 0, query, todayOf(c), rankingOf(c))));
  admin.get('/dashboard/order', 'admin.dashboard.order', (c) => answer(c, 'order', 0, (query) => orderAnalysis(dbOf(c), 0, query, todayOf(c), rankingOf(c))));
  for (const kind of ['user', 'pay', 'store'] as const) {
    admin.get(`/dashboard/${kind}`, `admin.dashboard.${kind}`, (c) =>
      answer(c, kind, 0, async (query) => {
        const { w, plot, summary, period } = await platformPlot(dbOf(c), kind, query, todayOf(c));
        return { plot, list: await analysisList(dbOf(c), kind, w, query as ListQuery), summary, period };
      }),
    );
  }
  sellerPage(api, '/Seller/dashboard/all', '/Seller/dashboard', (c, storeId) => answer(c, 'all', storeId, (query) => dashboardAll(dbOf(c), storeId, query, todayOf(c), rankingOf(c))));
  sellerPage(api, '/Seller/dashboard/order', '/Seller/dashboard/order', (c, storeId) => answer(c, 'order', storeId, (query) => orderAnalysis(dbOf(c), storeId, query, todayOf(c), rankingOf(c))));
}
