import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq, ilike, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goods, orders } from '../../db/schema';
import { fail } from '../../http/envelope';
import type { Pair } from './party';
import './messages';

export const CONTENT_TYPES = ['text', 'image', 'goods', 'order'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const MAX_TEXT = 10_000;

/** What a goods or order card shows, as it was when sent. */
export type Card =
  | { id: number; name: string; image: string; price: string }
  | { id: number; order_no: string; name: string; image: string; total: string; status: number };

/** An image written by our uploads (server/modules/uploads/service.ts saveImage). */
const UPLOADED_IMAGE = /^\/uploads\/[a-z0-9_]{1,30}\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/;

/**
 * Checks a message's content for its type and returns what is stored: the text as it is (it is
 * shown as text, never as markup), an image URL of ours that exists, or the id of a goods of this
 * store (on sale, for a shopper) or of the shopper's order with this store, with its card.
 */
export async function checkContent(
  db: Db,
  uploadsDir: string,
  pair: Pair,
  type: ContentType,
  raw: string,
): Promise<{ content: string; card: Card | null }> {
  if (type === 'text') {
    if (raw.trim() === '') throw fail('chat.emptyText', undefined, 422, { field: 'content' });
    if (raw.length > MAX_TEXT) throw fail('chat.textTooLong', { max: MAX_TEXT }, 422, { field: 'content' });
    return { content: raw, card: null };
  }
  const value = raw.trim();
  if (type === 'image') {
    if (!UPLOADED_IMAGE.test(value)) throw fail('chat.badImage', undefined, 422, { field: 'content' });
    const found = await stat(join(uploadsDir, value.slice('/uploads/'.length))).then((s) => s.isFile(), () => false);
    if (!found) throw fail('chat.badImage', undefined, 422, { field: 'content' });
    return { content: value, card: null };
  }
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (type === 'goods') {
    const [row] = id
      ? await db
          .select({ id: goods.id, name: goods.goods_name, image: goods.goods_master_image, price: goods.goods_price, status: goods.goods_status, verify: goods.goods_verify })
          .from(goods)
          .where(and(eq(goods.id, id), eq(goods.store_id, pair.storeId), isNull(goods.deleted_at)))
      : [];
    const shown = row && (pair.side === 'store' || (row.status === 1 && row.verify === 1));
    if (!shown) throw fail('chat.badGoods', undefined, 422, { field: 'content' });
    return { content: String(row.id), card: { id: row.id, name: row.name, image: row.image, price: row.price } };
  }
  const [order] = id
    ? await db
        .select({ id: orders.id, order_no: orders.order_no, name: orders.order_name, image: orders.order_image, total: orders.total_price, status: orders.order_status })
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.user_id, pair.userId), eq(orders.store_id, pair.storeId), isNull(orders.deleted_at)))
    : [];
  if (!order) throw fail('chat.badOrder', undefined, 422, { field: 'content' });
  return { content: String(order.id), card: order };
}

/**
 * The cards the caller may send in this conversation, newest first (at most 20): goods of the
 * store (on sale, for a shopper; `keyword` searches the name) or the shopper's orders with it.
 */
export async function cardChoices(db: Db, pair: Pair, type: 'goods' | 'order', keyword = ''): Promise<Card[]> {
  if (type === 'goods') {
    const words = keyword.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`);
    const rows = await db
      .select({ id: goods.id, name: goods.goods_name, image: goods.goods_master_image, price: goods.goods_price })
      .from(goods)
      .where(
        and(
          eq(goods.store_id, pair.storeId),
          isNull(goods.deleted_at),
          pair.side === 'user' ? and(eq(goods.goods_status, 1), eq(goods.goods_verify, 1)) : undefined,
          words ? ilike(goods.goods_name, `%${words}%`) : undefined,
        ),
      )
      .orderBy(desc(goods.id))
      .limit(20);
    return rows;
  }
  return db
    .select({ id: orders.id, order_no: orders.order_no, name: orders.order_name, image: orders.order_image, total: orders.total_price, status: orders.order_status })
    .from(orders)
    .where(and(eq(orders.user_id, pair.userId), eq(orders.store_id, pair.storeId), isNull(orders.deleted_at)))
    .orderBy(desc(orders.id))
    .limit(20);
}
