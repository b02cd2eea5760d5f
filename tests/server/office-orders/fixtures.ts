import { and, eq, isNull } from 'drizzle-orm';
import { goods, goods_skus, order_goods, order_logs, orders } from '../../../server/db/schema';
import type { TestServer } from '../helpers';

/**
 * Orders written straight into the tables (the shopper's create endpoint is another module's):
 * one line of a store's goods, in the state asked for.
 */
let seq = 0;

export interface OrderFixture {
  storeId: number;
  userId?: number;
  status?: number;
  buyNum?: number;
  /** A goods of the store (default: its first live goods). */
  goodsId?: number;
}

export async function firstGoodsOf(s: TestServer, storeId: number) {
  const [row] = await s.db
    .select({ id: goods.id, name: goods.goods_name, price: goods.goods_price, stock: goods.goods_stock })
    .from(goods)
    .where(and(eq(goods.store_id, storeId), isNull(goods.deleted_at)))
    .orderBy(goods.id)
    .limit(1);
  const [sku] = await s.db
    .select({ id: goods_skus.id, stock: goods_skus.goods_stock })
    .from(goods_skus)
    .where(and(eq(goods_skus.goods_id, row.id), isNull(goods_skus.deleted_at)))
    .orderBy(goods_skus.id)
    .limit(1);
  return { ...row, skuId: sku?.id ?? 0 };
}

export async function makeOrder(s: TestServer, f: OrderFixture): Promise<{ id: number; order_no: string; goodsId: number; skuId: number }> {
  const g = f.goodsId ? { id: f.goodsId, name: 'goods', price: '10.00', skuId: 0 } : await firstGoodsOf(s, f.storeId);
  const buyNum = f.buyNum ?? 2;
  const orderNo = `2026112600000${String(++seq).padStart(6, '0')}${Math.floor(Math.random() * 10)}`;
  const total = ((Number(g.price) * 100 * buyNum) / 100).toFixed(2);
  const [order] = await s.db
    .insert(orders)
    .values({
      user_id: f.userId ?? 4,
      store_id: f.storeId,
      order_no: orderNo,
      order_name: g.name.slice(0, 120),
      total_price: total,
      order_price: total,
      order_status: f.status ?? 2,
      payment_name: (f.status ?? 2) >= 2 ? 'balance' : '',
      receive_name: '张三',
      receive_tel: '13800000000',
      receive_area: '广东省 深圳市 南山区',
      receive_address: '科技园 1 号',
      receive_province_id: 19,
    })
    .returning({ id: orders.id, order_no: orders.order_no });
  await s.db.insert(order_goods).values({
    order_id: order.id,
    goods_id: g.id,
    sku_id: g.skuId,
    user_id: f.userId ?? 4,
    store_id: f.storeId,
    goods_name: g.name.slice(0, 120),
    buy_num: buyNum,
    goods_price: g.price,
    total_price: total,
  });
  await s.db.insert(order_logs).values({ order_id: order.id, from_status: -1, to_status: 1, actor: 'user', actor_id: f.userId ?? 4, actor_name: 'demo', action: 'create' });
  return { ...order, goodsId: g.id, skuId: g.skuId };
}

export const orderRow = async (s: TestServer, id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];
export const logsOf = (s: TestServer, id: number) => s.db.select().from(order_logs).where(eq(order_logs.order_id, id)).orderBy(order_logs.id);
