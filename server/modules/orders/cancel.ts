import { and, eq, sql, type SQL } from 'drizzle-orm';
import { goods, goods_skus, order_goods } from '../../db/schema';
import type { Db } from '../../db/client';
import { changeOrderState, type Actor } from './states';
import { releasePromotions } from '../seckill/orderHooks';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

export interface CancelOrder {
  orderId: number;
  actor: Extract<Actor, 'user' | 'admin' | 'system'>;
  actorId?: number;
  actorName?: string;
  note?: string;
  /** The buyer's or store's scope; a miss is a 404. */
  scope?: SQL;
  /** 'groupFailed': a paid order of a group that did not fill (refunded by the caller; seckill/expireGroups.ts). */
  action?: 'cancel' | 'groupFailed';
}

/**
 * Cancels an unpaid order and puts its stock back, in the caller's transaction: the SKU row and
 * the goods row (whose goods_stock is the sum of its SKUs', catalogue/goodsWrite.ts), or the goods
 * row alone for goods without SKUs. The state change locks the order first, so a cancel racing a
 * payment or another cancel returns the stock at most once.
 */
export async function cancelOrder(tx: Tx, input: CancelOrder) {
  const row = await changeOrderState(tx, { ...input, action: input.action ?? 'cancel' });
  await releasePromotions(tx, input.orderId);
  const lines = await tx
    .select({ goodsId: order_goods.goods_id, skuId: order_goods.sku_id, qty: order_goods.buy_num })
    .from(order_goods)
    .where(eq(order_goods.order_id, input.orderId));
  // the lock order of order creation and the goods editor (goods rows by id, then SKU rows by id): no deadlocks
  for (const line of [...lines].sort((a, b) => a.goodsId - b.goodsId)) {
    await tx
      .update(goods)
      .set({ goods_stock: sql`${goods.goods_stock} + ${line.qty}` })
      .where(eq(goods.id, line.goodsId));
  }
  for (const line of [...lines].filter((l) => l.skuId > 0).sort((a, b) => a.skuId - b.skuId)) {
    await tx
      .update(goods_skus)
      .set({ goods_stock: sql`${goods_skus.goods_stock} + ${line.qty}` })
      .where(and(eq(goods_skus.id, line.skuId), eq(goods_skus.goods_id, line.goodsId)));
  }
  return row;
}
