import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integral_goods, integral_orders, users } from '../../db/schema';
import { fromCents, toCents } from '../../db/money';
import { ApiError, fail } from '../../http/envelope';
import { applyLedger } from '../money/ledger';
import { addressOf } from '../orders/buyer';
import type { IdemKey } from '../orders/checkoutInput';
import { orderNumber } from '../orders/create';
import './messages';

/**
 * Redeeming a points goods (reference §6.8, bug B11 fixed), in one transaction that first locks
 * the buyer's row (one redemption per buyer at a time, so a repeated idempotency key finds the
 * first order): the address must be the buyer's; stock and sales move by one conditional UPDATE
 * that cannot go below zero; the points leave through the ledger (type 2, 积分兑换), which cannot
 * take them below zero either. Any refusal rolls back all of it.
 */
export const MAX_BUY_NUM = 99;

export interface RedeemInput {
  userId: number;
  goodsId: number;
  buyNum: number;
  addressId: number;
  remark: string;
  idemKey: IdemKey;
  timeZone: string;
}

export interface Redeemed {
  order_id: number;
  order_no: string;
  total_price: string;
  /** The buyer's points after the redemption. */
  integral: string;
  /** true when the key had already made this order (nothing spent again). */
  repeated: boolean;
}

export async function redeem(db: Db, input: RedeemInput): Promise<Redeemed> {
  if (!Number.isInteger(input.buyNum) || input.buyNum < 1 || input.buyNum > MAX_BUY_NUM)
    throw fail('points.badBuyNum', { max: MAX_BUY_NUM }, 422, { field: 'buy_num' });
  return db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ id: users.id, belong_id: users.belong_id, integral: users.integral })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.deleted_at)))
      .for('update');
    if (!buyer) throw fail('unauthorized', undefined, 401);
    if (buyer.belong_id > 0) throw fail('points.subAccount', undefined, 403);
    // the buyer's row is locked: this shopper's redemptions take turns, so the key's lookup and
    // insert cannot race. A derived key (windowSeconds) matches its orders of the window only, and
    // is stored with the time after it (`auto:<hash>:<ms>`), so the same request later is a new order.
    const { key, windowSeconds } = input.idemKey;
    const [previous] = await tx
      .select({ id: integral_orders.id, no: integral_orders.order_no, total: integral_orders.total_price })
      .from(integral_orders)
      .where(
        and(
          eq(integral_orders.user_id, input.userId),
          windowSeconds === undefined
            ? eq(integral_orders.idem_key, key)
            : and(like(integral_orders.idem_key, `${key}:%`), sql`${integral_orders.created_at} > localtimestamp(0) - make_interval(secs => ${windowSeconds})`),
        ),
      )
      .orderBy(desc(integral_orders.id))
      .limit(1);
    if (previous) return { order_id: previous.id, order_no: previous.no, total_price: previous.total, integral: buyer.integral, repeated: true };

    const address = await addressOf(tx, input.userId, input.addressId);
    if (!address) throw fail('orders.addressNotFound', undefined, 422, { field: 'address_id' });
    const [goods] = await tx
      .update(integral_goods)
      .set({ goods_stock: sql`${integral_goods.goods_stock} - ${input.buyNum}`, goods_sale: sql`${integral_goods.goods_sale} + ${input.buyNum}` })
      .where(
        and(
          eq(integral_goods.id, input.goodsId),
          eq(integral_goods.goods_status, 1),
          isNull(integral_goods.deleted_at),
          sql`${integral_goods.goods_stock} >= ${input.buyNum}`,
        ),
      )
      .returning({ name: integral_goods.goods_name, image: integral_goods.goods_master_image, price: integral_goods.goods_price });
    if (!goods) {
      const [exists] = await tx
        .select({ id: integral_goods.id })
        .from(integral_goods)
        .where(and(eq(integral_goods.id, input.goodsId), eq(integral_goods.goods_status, 1), isNull(integral_goods.deleted_at)));
      if (!exists) throw fail('points.goodsNotFound', undefined, 404, { field: 'id' });
      throw fail('points.outOfStock', undefined, 422, { field: 'buy_num' });
    }
    const total = toCents(goods.price) * input.buyNum;
    const orderNo = orderNumber(input.timeZone);
    let integral = buyer.integral;
    if (total > 0) {
      try {
        ({ balance: integral } = await applyLedger(tx, { owner: 'user', id: input.userId, type: 2, cents: -total, name: '积分兑换', info: orderNo }));
      } catch (err) {
        if (err instanceof ApiError && err.key === 'ledger.insufficient') throw fail('points.insufficient', undefined, 422, { field: 'buy_num', need: fromCents(total), have: buyer.integral });
        throw err;
      }
    }
    const [order] = await tx
      .insert(integral_orders)
      .values({
        user_id: input.userId,
        order_no: orderNo,
        idem_key: windowSeconds === undefined ? key : `${key}:${Date.now()}`,
        goods_id: input.goodsId,
        order_name: goods.name,
        order_image: goods.image,
        buy_num: input.buyNum,
        goods_price: goods.price,
        total_price: fromCents(total),
        order_status: 2,
        receive_name: address.receive_name,
        receive_tel: address.receive_tel,
        receive_area: address.area_info,
        receive_address: address.address,
        pay_time: sql`now()`,
        remark: input.remark,
      })
      .returning({ id: integral_orders.id });
    return { order_id: order.id, order_no: orderNo, total_price: fromCents(total), integral, repeated: false };
  });
}
