import pg from 'pg';
import { randomInt } from 'node:crypto';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { fromCents, toCents } from '../../../server/db/money';
import { goods, goods_skus, order_goods, orders, users } from '../../../server/db/schema';
import { applyLedger } from '../../../server/modules/money/ledger';
import { logOrderCreated } from '../../../server/modules/orders/states';

/**
 * Orders for the payment tests, made the way order create makes them (docs/orders-api.md
 * "Checkout"): stock taken with a conditional decrement (SKU row and goods aggregate), the order,
 * its lines and the `create` history row, in one transaction. The real create endpoint belongs to
 * the orders module; these tests only need its rows.
 */
export interface FixtureLine {
  goodsId: number;
  skuId?: number;
  qty?: number;
}

export interface FixtureOrder {
  id: number;
  order_no: string;
  total_price: string;
  store_id: number;
}

export const DEMO_USER_ID = 4;

/** A goods with SKUs and stock on store 1, and one of its SKUs (first in id order). */
export async function stockedSku(db: Db, minStock = 1) {
  const [row] = await db
    .select({ goodsId: goods_skus.goods_id, skuId: goods_skus.id, stock: goods_skus.goods_stock, storeId: goods.store_id })
    .from(goods_skus)
    .innerJoin(goods, eq(goods.id, goods_skus.goods_id))
    .where(and(gte(goods_skus.goods_stock, minStock), isNull(goods.deleted_at), isNull(goods_skus.deleted_at)))
    .orderBy(asc(goods_skus.id))
    .limit(1);
  if (!row) throw new Error('no stocked SKU in the seed');
  return row;
}

/** Makes one unpaid order of `userId`; null when the stock ran out (nothing written). */
export async function makeOrder(db: Db, userId: number, lines: FixtureLine[], freightCents = 0): Promise<FixtureOrder | null> {
  return db
    .transaction(async (tx) => {
      let storeId = 0;
      let orderCents = 0;
      const rows: (typeof order_goods.$inferInsert)[] = [];
      for (const line of lines) {
        const qty = line.qty ?? 1;
        const [g] = await tx.select().from(goods).where(eq(goods.id, line.goodsId));
        let price = toCents(g.goods_price);
        let skuName = '';
        if (line.skuId) {
          const [sku] = await tx
            .update(goods_skus)
            .set({ goods_stock: sql`${goods_skus.goods_stock} - ${qty}` })
            .where(and(eq(goods_skus.id, line.skuId), gte(goods_skus.goods_stock, qty)))
            .returning();
          if (!sku) throw new OutOfStock();
          price = toCents(sku.goods_price);
          skuName = sku.sku_name;
        }
        const [taken] = await tx
          .update(goods)
          .set({ goods_stock: sql`${goods.goods_stock} - ${qty}` })
          .where(and(eq(goods.id, line.goodsId), gte(goods.goods_stock, qty)))
          .returning({ id: goods.id });
        if (!taken) throw new OutOfStock();
        storeId = g.store_id;
        orderCents += price * qty;
        rows.push({
          goods_id: g.id,
          sku_id: line.skuId ?? 0,
          user_id: userId,
          store_id: g.store_id,
          goods_name: g.goods_name,
          goods_image: g.goods_master_image,
          sku_name: skuName,
          buy_num: qty,
          goods_price: fromCents(price),
          total_price: fromCents(price * qty),
        });
      }
      const orderNo = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      const [order] = await tx
        .insert(orders)
        .values({
          user_id: userId,
          store_id: storeId,
          order_no: orderNo,
          order_name: rows[0].goods_name as string,
          order_image: rows[0].goods_image as string,
          order_price: fromCents(orderCents),
          freight_money: fromCents(freightCents),
          total_price: fromCents(orderCents + freightCents),
          receive_name: '测试',
          receive_tel: '13800000000',
          receive_area: '北京市 北京市 朝阳区',
          receive_address: '测试路 1 号',
        })
        .returning({ id: orders.id, order_no: orders.order_no, total_price: orders.total_price, store_id: orders.store_id });
      await tx.insert(order_goods).values(rows.map((r) => ({ ...r, order_id: order.id })));
      await logOrderCreated(tx, order.id, userId, 'test');
      return order;
    })
    .catch((err) => {
      if (err instanceof OutOfStock) return null;
      throw err;
    });
}

class OutOfStock extends Error {}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ money: users.money }).from(users).where(eq(users.id, userId));
  return toCents(row.money);
}

/** Credits a balance through the ledger (a 余额充值 log), so balance = Σ logs still holds. */
export async function topUp(db: Db, userId: number, cents: number) {
  await db.transaction((tx) => applyLedger(tx, { owner: 'user', id: userId, type: 0, cents, name: '余额充值', info: 'test' }));
}

