import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { order_comments, order_goods, orders } from '../../db/schema';
import { callerOf } from '../../http/auth';
import { sellerGuard } from '../../http/crud-guards';
import { validateIn } from '../../http/crud/validate';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { adminRoutes, shopperRoutes } from '../../http/routes';
import { STATUS_LABELS, type OrderStatus } from '../orders/states';
import { sessionStoreId } from '../seller-admin/scope';
import { pathIds } from '../shop/shared';
import { addReviews } from './add';
import { deleteComments, replyTo, setShown } from './office';
import { adminListSpec, commentById, listComments, planComments, presentComment, sellerListSpec, userListSpec } from './read';
import { addReviewSchema, replySchema, showSchema } from './schemas';

/**
 * Reviews (docs/reviews-api.md):
 *   shopper  GET /api/user/comments · GET /api/user/comments/:id · GET /api/user/comments/order/:id
 *            (an order's lines with their reviews) · POST /api/user/comments (add);
 *   store    GET /api/Seller/comments · GET /api/Seller/comments/:id · PUT /api/Seller/comments/:id {reply}
 *            — its own store's reviews only; staff need the /Seller/comments menu;
 *   operator GET /api/Admin/comments · GET /api/Admin/comments/:id · PUT /api/Admin/comments/:id
 *            {is_show} · DELETE /api/Admin/comments/:ids — admin.comments.index / show / update / destroy.
 * Another account's review or order is a 404, never a hint that it exists.
 */

const dbOf = (c: Context<AppEnv>) => c.get('services').db;
const notFound = () => fail('reviews.notFound', undefined, 404, { field: 'id' });

function pathId(c: Context<AppEnv>, notFoundError = notFound): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFoundError();
  return Number(raw);
}

async function answerOne(c: Context<AppEnv>, id: number, scope: ReturnType<typeof eq> | undefined) {
  const row = await commentById(dbOf(c), id, scope, langOf(c));
  if (!row) throw notFound();
  return ok(c, row);
}

/** The caller's received order's lines, each with its review (null when not reviewed yet). */
async function orderLines(c: Context<AppEnv>) {
  const db = dbOf(c);
  const userId = callerOf(c).accountId;
  const id = pathId(c, () => fail('orders.notFound', undefined, 404, { field: 'id' }));
  const [order] = await db
    .select({ id: orders.id, order_no: orders.order_no, order_status: orders.order_status, store_id: orders.store_id, receipt_time: orders.receipt_time })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.user_id, userId), isNull(orders.deleted_at)));
  if (!order) throw fail('orders.notFound', undefined, 404, { field: 'id' });
  const lines = await db
    .select({ id: order_goods.id, goods_id: order_goods.goods_id, goods_name: order_goods.goods_name, goods_image: order_goods.goods_image, sku_name: order_goods.sku_name, buy_num: order_goods.buy_num, goods_price: order_goods.goods_price })
    .from(order_goods)
    .where(eq(order_goods.order_id, id))
    .orderBy(asc(order_goods.id));
  const reviews = await db
    .select()
    .from(order_comments)
    .where(and(eq(order_comments.order_id, id), eq(order_comments.user_id, userId)));
  const byLine = new Map(reviews.map((r) => [r.order_goods_id, r]));
  const lang = langOf(c);
  const label = STATUS_LABELS[order.order_status as OrderStatus];
  return ok(c, {
    ...order,
    order_status_cn: label?.[lang] ?? '',
    lines: lines.map((line) => {
      const review = byLine.get(line.id);
      return { ...line, comment: review ? presentComment({ ...review, deleted: review.deleted_at !== null }, lang) : null };
    }),
  });
}

export function mountReviews(api: Hono<AppEnv>) {
  // ---- shopper ---------------------------------------------------------------------------
  const shopper = shopperRoutes(api);
  const mine = (c: Context<AppEnv>) => eq(order_comments.user_id, callerOf(c).accountId);
  shopper.get('/user/comments', async (c) => ok(c, await listComments(dbOf(c), planComments(userListSpec, await readInput(c)), mine(c), langOf(c))));
  shopper.get('/user/comments/order/:id', orderLines);
  shopper.get('/user/comments/:id', async (c) => answerOne(c, pathId(c), mine(c)));
  shopper.post('/user/comments', async (c) => {
    const input = validateIn(addReviewSchema, await readInput(c), langOf(c));
    const userId = callerOf(c).accountId;
    return ok(c, await dbOf(c).transaction((tx) => addReviews(tx, userId, input)));
  });

  // ---- store -----------------------------------------------------------------------------
  const guard = sellerGuard('/Seller/comments');
  const storeScope = (c: Context<AppEnv>) => eq(order_comments.store_id, sessionStoreId(c));
  api.get('/Seller/comments', async (c) => {
    await guard(c, 'index', 'seller.comments.index');
    return ok(c, await listComments(dbOf(c), planComments(sellerListSpec, await readInput(c)), storeScope(c), langOf(c)));
  });
  api.get('/Seller/comments/:id', async (c) => {
    await guard(c, 'show', 'seller.comments.show');
    return answerOne(c, pathId(c), storeScope(c));
  });
  api.put('/Seller/comments/:id', async (c) => {
    await guard(c, 'update', 'seller.comments.update');
    const id = pathId(c);
    const { reply } = validateIn(replySchema, await readInput(c), langOf(c));
    await replyTo(dbOf(c), id, reply, storeScope(c));
    return answerOne(c, id, storeScope(c));
  });

  // ---- operator --------------------------------------------------------------------------
  const admin = adminRoutes(api);
  admin.get('/comments', 'admin.comments.index', async (c) => ok(c, await listComments(dbOf(c), planComments(adminListSpec, await readInput(c)), undefined, langOf(c))));
  admin.get('/comments/:id', 'admin.comments.show', async (c) => answerOne(c, pathId(c), undefined));
  admin.put('/comments/:id', 'admin.comments.update', async (c) => {
    const id = pathId(c);
    const { is_show } = validateIn(showSchema, await readInput(c), langOf(c));
    await setShown(dbOf(c), id, is_show as 0 | 1);
    return answerOne(c, id, undefined);
  });
  admin.delete('/comments/:ids', 'admin.comments.destroy', async (c) => ok(c, await deleteComments(dbOf(c), pathIds(c.req.param('ids') ?? ''))));
}

