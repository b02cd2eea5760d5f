import { and, eq, sql } from 'drizzle-orm';
import { goods, goods_skus, order_goods } from '../../db/schema';
import type { Db } from '../../db/client';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

/**
 * Puts an order's stock back, in the caller's transaction (after it locked the order): the SKU
 * row and the goods row (whose goods_stock is the sum of its SKUs', catalogue/goodsWrite.ts), or
 * the goods row alone for goods without SKUs. Used by cancelOrder and by a refund before shipping.
 */
export async function returnOrderStock(tx: Tx, orderId: number) {
  const lines = await tx
    .select({ goodsId: order_goods.goods_id, skuId: order_goods.sku_id, qty: order_goods.buy_num })
    .from(order_goods)
    .where(eq(order_goods.order_id, orderId));
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
}
