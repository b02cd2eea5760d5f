import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { fromCents } from '../money';
import { collective_logs, collective_members, collectives, goods, goods_skus, order_goods, order_logs, order_pays, orders, seckills } from '../schema';
import { thumbUrl } from '../../modules/catalogue/images';
import { loadCheckout } from '../../modules/orders/load';
import { priceCheckout } from '../../modules/orders/pricing';
import { DEMO } from './accounts';
import { SHOPPERS } from './catalogue-data';

/**
 * Demo flash sales and group buys (issue 14, seckill): on stores 1 and 2, a running flash sale,
 * one later today and one that has ended (relative to the moment of seeding), three group-buy
 * offers, and an open group of 3 opened and paid (test payment) by another shopper, so the demo
 * shopper can join it from the goods page or /collectives.
 */
const at = (minutes: number) => sql`localtimestamp(0) + make_interval(mins => ${minutes})` as unknown as string;

/** Visible goods of a store with stock: those without SKUs (cheapest first), and the last one with SKUs. */
async function storeGoods(tx: Tx, storeId: number) {
  const rows = await tx
    .select({ id: goods.id, skus: sql<number>`(select count(*) from ${goods_skus} s where s.goods_id = "goods"."id" and s.deleted_at is null)::int` })
    .from(goods)
    .where(and(eq(goods.store_id, storeId), eq(goods.goods_status, 1), eq(goods.goods_verify, 1), isNull(goods.deleted_at), sql`${goods.goods_stock} > 20`))
    .orderBy(asc(goods.goods_price), asc(goods.id));
  return { plain: rows.filter((r) => r.skus === 0).map((r) => r.id), withSkus: rows.filter((r) => r.skus > 0).map((r) => r.id).sort((a, b) => b - a) };
}

export async function seedPromotions(tx: Tx): Promise<void> {
  const one = await storeGoods(tx, DEMO.owner.storeId);
  const two = await storeGoods(tx, DEMO.owner2.storeId);
  if (one.plain.length < 4 || two.plain.length < 4 || one.withSkus.length < 1) return;

  await tx.insert(seckills).values([
    { store_id: DEMO.owner.storeId, goods_id: one.plain[0], discount: '30.00', stock: 20, start_time: at(-30), end_time: at(150) },
    { store_id: DEMO.owner.storeId, goods_id: one.plain[1], discount: '20.00', stock: 50, sold: 12, start_time: at(-60), end_time: at(240) },
    { store_id: DEMO.owner2.storeId, goods_id: two.plain[0], discount: '25.00', stock: 30, start_time: at(-20), end_time: at(100) },
    { store_id: DEMO.owner.storeId, goods_id: one.plain[2], discount: '40.00', stock: 10, start_time: at(90), end_time: at(210) },
    { store_id: DEMO.owner2.storeId, goods_id: two.plain[1], discount: '15.00', stock: 10, start_time: at(100), end_time: at(220) },
    { store_id: DEMO.owner.storeId, goods_id: one.plain[3], discount: '50.00', stock: 0, sold: 5, start_time: at(-240), end_time: at(-120) },
  ]);

  // offers: one on goods with SKUs (3 people), two on plain goods of store 2 (the 3-person one with an open group below)
  const offers = await tx
    .insert(collectives)
    .values([
      { store_id: DEMO.owner.storeId, goods_id: one.withSkus[0], discount: '20.00', need: 3, fill_hours: 24 },
      { store_id: DEMO.owner2.storeId, goods_id: two.plain[2], discount: '15.00', need: 2, fill_hours: 12 },
      { store_id: DEMO.owner2.storeId, goods_id: two.plain[3], discount: '25.00', need: 3, fill_hours: 48 },
    ])
    .returning();

  // an open group of store 2's 3-person offer, opened and paid (dev test payment) by another shopper
  const opener = SHOPPERS[0];
  const offer = offers[2];
  const [group] = priceCheckout(await loadCheckout(tx, { lines: [{ goodsId: offer.goods_id, skuId: 0, buyNum: 1, cartId: 0, collectiveId: -1 }], buyerId: opener.id, province: 0 }));
  if (!group?.canBuy) return;
  const line = group.lines[0];
  const [order] = await tx
    .insert(orders)
    .values({
      user_id: opener.id,
      store_id: group.store.id,
      // orderNumber's form (YYYYMMDDHHMMSS + 6 digits) at its creation time, as every other order
      order_no: sql`to_char(localtimestamp(0) - interval '50 minutes', 'YYYYMMDDHH24MISS') || '770001'` as unknown as string,
      order_name: line.goodsName,
      order_image: thumbUrl(line.image, 150),
      total_price: fromCents(group.total),
      order_price: fromCents(group.goodsTotal),
      freight_money: fromCents(group.freight),
      order_status: 2,
      // the dev provider completes a WeChat payment in test mode, as checkout does without keys
      payment_name: 'wechat',
      receive_name: opener.nickname,
      receive_tel: opener.username,
      receive_area: '北京市 北京市 朝阳区',
      receive_address: '望京街 10 号',
      pay_time: at(-45),
      created_at: at(-50),
    })
    .returning({ id: orders.id });
  await tx.insert(order_goods).values({
    order_id: order.id,
    goods_id: line.goodsId,
    sku_id: line.skuId,
    sku_name: line.skuName,
    user_id: opener.id,
    store_id: group.store.id,
    goods_name: line.goodsName,
    goods_image: thumbUrl(line.image, 150),
    buy_num: 1,
    goods_price: fromCents(line.unitPrice),
    total_price: fromCents(line.total),
    total_weight: fromCents(line.weight),
  });
  await tx.update(goods).set({ goods_stock: sql`${goods.goods_stock} - 1`, goods_sale: sql`${goods.goods_sale} + 1` }).where(and(eq(goods.id, line.goodsId), sql`${goods.goods_stock} >= 1`));
  const [pay] = await tx
    .insert(order_pays)
    .values({ belong_id: opener.id, name: line.goodsName.slice(0, 60), order_ids: String(order.id), pay_no: sql`'P' || to_char(localtimestamp(0) - interval '45 minutes', 'YYYYMMDDHH24MISS') || '770001'` as unknown as string, trade_no: 'DEV-SEED', payment_name: 'wechat', device: 'web', total: fromCents(group.total), balance: fromCents(group.total), pay_status: 1, pay_time: at(-45) })
    .returning({ id: order_pays.id, pay_no: order_pays.pay_no });
  const [log] = await tx
    .insert(collective_logs)
    .values({ collective_id: offer.id, user_id: opener.id, store_id: offer.store_id, goods_id: offer.goods_id, discount: offer.discount, need: offer.need, joined: 1, paid: 1, expires_at: at(24 * 60 - 50), created_at: at(-50) })
    .returning({ id: collective_logs.id });
  await tx.update(orders).set({ collective_id: log.id, pay_id: pay.id }).where(eq(orders.id, order.id));
  await tx.insert(collective_members).values({ log_id: log.id, order_id: order.id, user_id: opener.id, status: 2 });
  await tx.insert(order_logs).values([
    { order_id: order.id, from_status: -1, to_status: 1, actor: 'user', actor_id: opener.id, actor_name: opener.nickname.slice(0, 30), action: 'create', created_at: at(-50), updated_at: at(-50) },
    { order_id: order.id, from_status: 1, to_status: 2, actor: 'system', actor_id: 0, actor_name: '系统', action: 'pay', note: pay.pay_no, created_at: at(-45), updated_at: at(-45) },
  ]);
}
