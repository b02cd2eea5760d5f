import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { order_comments } from '../../db/schema';
import { fail } from '../../http/envelope';
import { lockGoods, refreshGoodsRating } from './rating';
import './messages';

/**
 * What the store and the operator do to reviews: the store replies (one reply, which it may
 * edit); the operator hides, shows again or deletes abusive reviews. Hiding and deleting change
 * what counts, so they lock and recount the goods (rating.ts) in the same transaction.
 */

const notFound = () => fail('reviews.notFound', undefined, 404, { field: 'id' });
const live = isNull(order_comments.deleted_at);

/** Sets the reply of a live review within `scope` (the store's own); a miss is a 404. */
export async function replyTo(db: Db, id: number, reply: string, scope: SQL): Promise<void> {
  const updated = await db
    .update(order_comments)
    .set({ reply, reply_time: sql`to_char(now(), 'YYYY-MM-DD HH24:MI:SS')` })
    .where(and(eq(order_comments.id, id), live, scope))
    .returning({ id: order_comments.id });
  if (updated.length === 0) throw notFound();
}

/** Hides (0) or shows (1) a live review; the goods' statistics follow. */
export async function setShown(db: Db, id: number, isShow: 0 | 1): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ goods_id: order_comments.goods_id }).from(order_comments).where(and(eq(order_comments.id, id), live));
    if (!row) throw notFound();
    await lockGoods(tx, [row.goods_id]);
    const changed = await tx
      .update(order_comments)
      .set({ is_show: isShow })
      .where(and(eq(order_comments.id, id), live, ne(order_comments.is_show, isShow)))
      .returning({ id: order_comments.id });
    if (changed.length) await refreshGoodsRating(tx, [row.goods_id]);
  });
}

/** Soft-deletes live reviews by id (all or none must exist); the goods' statistics follow. */
export async function deleteComments(db: Db, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: order_comments.id, goods_id: order_comments.goods_id }).from(order_comments).where(and(inArray(order_comments.id, ids), live));
    if (rows.length !== ids.length) throw notFound();
    const goodsIds = rows.map((r) => r.goods_id);
    await lockGoods(tx, goodsIds);
    const deleted = await tx
      .update(order_comments)
      .set({ deleted_at: sql`now()` })
      .where(and(inArray(order_comments.id, ids), live))
      .returning({ id: order_comments.id });
    // a concurrent delete took some: nothing of this request is written
    if (deleted.length !== ids.length) throw notFound();
    await refreshGoodsRating(tx, goodsIds);
    return deleted.length;
  });
}
