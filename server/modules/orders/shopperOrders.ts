import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { order_goods, orders } from '../../db/schema';
import { callerOf, requireAuth } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { favoriteGoodsRows } from '../shop/favorites';
import { idParam, intParam, keywordsOf, paginator, pagingOf } from '../shop/shared';
import { buyerOf } from './buyer';
import { cancelOrder } from './cancel';
import { orderCounts, orderDetail, orderList } from './shopperRead';
import { changeOrderState } from './states';
import { readTaskConfig } from './taskConfig';
import './messages';

/** The shopper's orders (docs/orders-api.md "Orders"): home counts, list, detail, cancel and confirm receipt. */

const mine = (userId: number) => and(eq(orders.user_id, userId), isNull(orders.deleted_at))!;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Order number or goods name contains `keywords`. The lines searched are the shopper's own
 * (`order_goods_user_idx`): a correlated lookup per order let PostgreSQL pick a scan of every
 * order line of the shop (450,000 lines: seconds).
 */
const keywordsWhere = (userId: number, keywords: string | undefined): SQL | undefined => {
  if (!keywords) return undefined;
  const pattern = likeText(keywords);
  return or(
    ilike(orders.order_no, pattern),
    inArray(orders.id, sql`(select g.order_id from ${order_goods} g where g.user_id = ${userId} and g.goods_name ilike ${pattern})`),
  );
};

/** GET /api/user/default → {count: [#1…#5], order: 5 newest, fav: 5 newest favourite goods}. */
async function home(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const userId = callerOf(c).accountId;
  const task = await readTaskConfig(db);
  const counts = await orderCounts(db, mine(userId));
  const order = await orderList(db, mine(userId), { lang: langOf(c), cancelMinutes: task.cancelMinutes, limit: 5 });
  // the favourites list's own rows (FavoriteHomeCollection, flat, as GET /api/user/favorites)
  const fav = await favoriteGoodsRows(db, userId, 5);
  return ok(c, { count: [1, 2, 3, 4, 5].map((s) => counts[String(s)]), order, fav });
}

/** GET /api/user/orders?order_status&keywords&page&per_page → paged rows + counts per state. */
async function list(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  const status = intParam(input.order_status, 'order_status', -1, 6) ?? -1;
  const keywords = keywordsOf(input.keywords);
  const paging = pagingOf(input, 100, 10);
  const searched = and(mine(userId), keywordsWhere(userId, keywords));
  const where = status >= 0 ? and(searched, eq(orders.order_status, status)) : searched;
  const task = await readTaskConfig(db);
  const counts = await orderCounts(db, searched);
  const total = status >= 0 ? counts[String(status)] : counts.all;
  const rows = await orderList(db, where, { lang: langOf(c), cancelMinutes: task.cancelMinutes, limit: paging.perPage, offset: (paging.page - 1) * paging.perPage });
  return ok(c, { ...paginator(rows, total, paging), counts });
}

/** GET /api/user/order/:id → the caller's order in the detail shape; another's is a 404. */
async function show(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const userId = callerOf(c).accountId;
  const id = idParam(c.req.param('id'), 'id');
  const task = await readTaskConfig(db);
  const row = await orderDetail(db, and(mine(userId), eq(orders.id, id))!, { lang: langOf(c), cancelMinutes: task.cancelMinutes });
  if (!row) throw fail('orders.notFound', undefined, 404, { field: 'id' });
  return ok(c, row);
}

/** PUT /api/user/order/:id {order_status: 0 cancel | 4 confirm receipt} → [new status]. */
async function update(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const id = idParam(c.req.param('id'), 'id');
  const buyer = await buyerOf(db, callerOf(c).accountId);
  const input = await readInput(c);
  const raw = typeof input.order_status === 'string' ? input.order_status.trim() : input.order_status;
  if (raw !== '0' && raw !== '4' && raw !== 0 && raw !== 4) throw fail('orders.badStatus', undefined, 422, { field: 'order_status' });
  const actor = { orderId: id, actor: 'user' as const, actorId: buyer.id, actorName: buyer.name, scope: eq(orders.user_id, buyer.id) };
  const row = await db.transaction((tx) => (Number(raw) === 0 ? cancelOrder(tx, actor) : changeOrderState(tx, { ...actor, action: 'receive' })));
  return ok(c, [row.order_status]);
}

export function mountShopperOrders(api: Hono<AppEnv>) {
  // route-level guards: '/user/order/:id' as a middleware path would also run on /user/order/create, pay…
  const auth = requireAuth('user');
  api.get('/user/default', auth, home);
  api.get('/user/orders', auth, list);
  api.get('/user/order/:id', auth, show);
  api.put('/user/order/:id', auth, update);
}
