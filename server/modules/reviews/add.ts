import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { order_comments, order_goods, orders, users } from '../../db/schema';
import { fail } from '../../http/envelope';
import { changeOrderState, ORDER_STATUS, STATUS_LABELS, type OrderStatus } from '../orders/states';
import { lockGoods, refreshGoodsRating } from './rating';
import type { AddReviewInput, LineReview } from './schemas';
import './messages';

/**
 * Writing reviews (reference §6.6, its "silent ok([]) on another state" and takeover bugs fixed):
 * only for a received order (status 4), one review per order line. The order row is locked
 * first (two submissions of one order take turns), then the goods (rating.ts), then the rows are
 * written and the goods recounted; when every line of the order has its review, the order moves
 * 4 → 6 through the state table (`comment`), in the same transaction.
 */

type Actor = { kind: 'user'; id: number; name: string } | { kind: 'system' };

export interface AddedReviews {
  order_id: number;
  order_status: number;
  /** Ids of the reviews written. */
  comments: number[];
}

interface OrderLine {
  id: number;
  goods_id: number;
  store_id: number;
}

async function lockOrder(tx: Tx, orderId: number, userId: number | undefined) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.order_status, user_id: orders.user_id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.deleted_at), userId === undefined ? undefined : eq(orders.user_id, userId)))
    .for('update');
  if (!order) throw fail('orders.notFound', undefined, 404, { field: 'order_id' });
  if (order.status !== ORDER_STATUS.received) {
    const label = STATUS_LABELS[order.status as OrderStatus];
    throw fail('orders.illegalState', { stateZh: label?.['zh-cn'] ?? '', stateEn: label?.en ?? '' }, 422, { field: 'order_status', order_status: order.status });
  }
  return order;
}

/** The order's lines and the ids of those already reviewed (a deleted review still counts). */
async function linesOf(tx: Tx, orderId: number) {
  const lines: OrderLine[] = await tx
    .select({ id: order_goods.id, goods_id: order_goods.goods_id, store_id: order_goods.store_id })
    .from(order_goods)
    .where(eq(order_goods.order_id, orderId))
    .orderBy(order_goods.id);
  const done = await tx
    .select({ id: order_comments.order_goods_id })
    .from(order_comments)
    .where(and(eq(order_comments.order_id, orderId), inArray(order_comments.order_goods_id, lines.length ? lines.map((l) => l.id) : [0])));
  return { lines, reviewed: new Set(done.map((d) => d.id)) };
}

/** The reviews a submission asks for, each checked against the order (422/409 naming the line). */
function planned(input: AddReviewInput, lines: OrderLine[], reviewed: Set<number>): { line: OrderLine; review: Omit<LineReview, 'order_goods_id'> }[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  if (!input.lines) {
    const open = lines.filter((l) => !reviewed.has(l.id));
    if (open.length === 0) throw fail('reviews.nothingLeft', undefined, 409, { field: 'order_id' });
    const { order_id: _o, lines: _l, ...review } = input;
    return open.map((line) => ({ line, review }));
  }
  const seen = new Set<number>();
  return input.lines.map(({ order_goods_id, ...review }, i) => {
    const field = `lines.${i}.order_goods_id`;
    const line = byId.get(order_goods_id);
    if (!line) throw fail('reviews.lineNotInOrder', undefined, 422, { field });
    if (seen.has(order_goods_id)) throw fail('reviews.lineTwice', undefined, 422, { field });
    if (reviewed.has(order_goods_id)) throw fail('reviews.lineReviewed', undefined, 409, { field });
    seen.add(order_goods_id);
    return { line, review };
  });
}

async function write(tx: Tx, orderId: number, userId: number, rows: { line: OrderLine; review: Omit<LineReview, 'order_goods_id'> }[], isSystem: boolean) {
  const goodsIds = rows.map((r) => r.line.goods_id);
  await lockGoods(tx, goodsIds);
  const inserted = await tx
    .insert(order_comments)
    .values(
      rows.map(({ line, review }) => ({
        user_id: userId,
        order_id: orderId,
        order_goods_id: line.id,
        goods_id: line.goods_id,
        store_id: line.store_id,
        score: `${review.score}.00`,
        agree: `${review.agree}.00`,
        service: `${review.service}.00`,
        speed: `${review.speed}.00`,
        content: review.content,
        image: review.image.join(','),
        is_system: isSystem ? 1 : 0,
      })),
    )
    .returning({ id: order_comments.id });
  await refreshGoodsRating(tx, goodsIds);
  return inserted.map((r) => r.id);
}

async function finishIfComplete(tx: Tx, orderId: number, lineCount: number, reviewedBefore: number, added: number, actor: Actor) {
  if (reviewedBefore + added < lineCount) return ORDER_STATUS.received;
  const row = await changeOrderState(tx, {
    orderId,
    action: 'comment',
    ...(actor.kind === 'user' ? { actor: 'user' as const, actorId: actor.id, actorName: actor.name } : { actor: 'system' as const, actorId: 0, actorName: '系统', note: '超时未评，系统默认好评' }),
  });
  return row.order_status;
}

/** POST /api/user/comments: the caller's reviews of a received order of theirs (another's is a 404). */
export async function addReviews(tx: Tx, userId: number, input: AddReviewInput): Promise<AddedReviews> {
  const order = await lockOrder(tx, input.order_id, userId);
  const { lines, reviewed } = await linesOf(tx, order.id);
  const rows = planned(input, lines, reviewed);
  const [me] = await tx.select({ name: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username})` }).from(users).where(eq(users.id, userId));
  const comments = await write(tx, order.id, userId, rows, false);
  const status = await finishIfComplete(tx, order.id, lines.length, reviewed.size, rows.length, { kind: 'user', id: userId, name: me?.name ?? '' });
  return { order_id: order.id, order_status: status, comments };
}

/**
 * The system's default good review (all scores 5) of every line of a received order not yet
 * reviewed, and the order → completed (the timed task, jobs/reviewTasks.ts).
 */
export async function addDefaultReviews(tx: Tx, orderId: number): Promise<AddedReviews> {
  const order = await lockOrder(tx, orderId, undefined);
  const { lines, reviewed } = await linesOf(tx, order.id);
  const open = lines.filter((l) => !reviewed.has(l.id));
  const review = { score: 5, agree: 5, service: 5, speed: 5, content: '', image: [] as string[] };
  const comments = open.length ? await write(tx, order.id, order.user_id, open.map((line) => ({ line, review })), true) : [];
  const status = await finishIfComplete(tx, order.id, lines.length, reviewed.size, open.length, { kind: 'system' });
  return { order_id: order.id, order_status: status, comments };
}
