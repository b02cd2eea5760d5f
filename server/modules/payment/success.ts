import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { goods, order_goods, order_pays, orders } from '../../db/schema';
import { fail } from '../../http/envelope';
import { applyLedger } from '../money/ledger';
import { ORDER_STATUS, changeOrderState } from '../orders/states';
import './messages';
import { promotionsPaid } from '../seckill/orderHooks';

/**
 * Pay success (docs/orders-api.md "Payment"): the one function a confirmed payment runs — the
 * balance method in its request, a verified gateway notify (real or dev) for the others. Once per
 * pay_no: the conditional `pay_status 0 → 1` lets exactly one caller through, the others get
 * `{applied: false}` and change nothing. In the caller's transaction:
 * - the payment's orders are locked (in id order) and those still awaiting payment are paid
 *   (changeOrderState 'pay' as system, payment_name and pay_id set) and their goods' sales counted;
 * - balance: the buyer's balance is debited through the ledger (订单支付) by what those orders
 *   cost, never below zero (422 field money);
 * - a gateway payment whose orders were meanwhile paid another way or cancelled: that part goes
 *   back to the buyer's balance through the ledger (重复支付退款), recorded in order_pays.refunded.
 * An order is paid at most once whatever the number of payments or notifies.
 */
export interface Confirmation {
  payNo: string;
  /** The gateway's transaction number ('-' for the balance). */
  tradeNo: string;
  /** What the gateway says the buyer paid (the balance pays exactly the total). */
  paidCents: number;
}

export type SuccessResult =
  | { applied: false; reason: 'unknown' | 'alreadyPaid' | 'amountMismatch' }
  | { applied: true; paidOrderIds: number[]; refundedCents: number };

const idsOf = (list: string) =>
  list
    .split(',')
    .map((v) => Number(v))
    .filter((v) => Number.isSafeInteger(v) && v > 0);

export async function paySuccess(tx: Tx, confirmation: Confirmation): Promise<SuccessResult> {
  const [current] = await tx.select({ total: order_pays.total, status: order_pays.pay_status }).from(order_pays).where(eq(order_pays.pay_no, confirmation.payNo));
  if (!current) return { applied: false, reason: 'unknown' };
  if (current.status !== 0) return { applied: false, reason: 'alreadyPaid' };
  if (toCents(current.total) !== confirmation.paidCents) return { applied: false, reason: 'amountMismatch' };
  // the one caller that flips the row goes on; a concurrent twin waits here and then finds it paid
  const [pay] = await tx
    .update(order_pays)
    .set({ pay_status: 1, pay_time: sql`now()`, trade_no: confirmation.tradeNo.slice(0, 64), balance: sql`${order_pays.total}` })
    .where(and(eq(order_pays.pay_no, confirmation.payNo), eq(order_pays.pay_status, 0)))
    .returning();
  if (!pay) return { applied: false, reason: 'alreadyPaid' };

  const ids = idsOf(pay.order_ids);
  const locked = ids.length
    ? await tx
        .select({ id: orders.id, status: orders.order_status, total: orders.total_price, orderNo: orders.order_no })
        .from(orders)
        .where(and(inArray(orders.id, ids), eq(orders.user_id, pay.belong_id), isNull(orders.deleted_at)))
        .orderBy(asc(orders.id))
        .for('update')
    : [];
  const payable = locked.filter((o) => o.status === ORDER_STATUS.unpaid);
  const payableCents = payable.reduce((sum, o) => sum + toCents(o.total), 0);
  const totalCents = toCents(pay.total);

  if (pay.payment_name === 'balance') {
    // the balance is only ever debited for orders that are paid by it, in this transaction
    if (payable.length === 0) throw fail('payment.nothingToPay', undefined, 422, { field: 'order_id' });
    if (payableCents !== totalCents) throw new Error(`balance payment ${pay.pay_no}: total ${totalCents} ≠ payable ${payableCents}`);
    if (totalCents > 0) {
      await applyLedger(tx, { owner: 'user', id: pay.belong_id, type: 0, cents: -totalCents, name: '订单支付', info: payable.map((o) => o.orderNo).join(',') });
    }
  }

  for (const order of payable) {
    await changeOrderState(tx, {
      orderId: order.id,
      action: 'pay',
      actor: 'system',
      actorName: pay.payment_name,
      note: pay.pay_no,
      set: { payment_name: pay.payment_name, pay_id: pay.id },
    });
  }
  await countSales(tx, payable.map((o) => o.id));
  await promotionsPaid(tx, payable.map((o) => o.id));

  const refundedCents = pay.payment_name === 'balance' ? 0 : Math.max(0, totalCents - payableCents);
  if (refundedCents > 0) {
    await applyLedger(tx, { owner: 'user', id: pay.belong_id, type: 0, cents: refundedCents, name: '重复支付退款', info: `${pay.pay_no} ${pay.trade_no}`.trim() });
    await tx.update(order_pays).set({ refunded: fromCents(refundedCents) }).where(eq(order_pays.id, pay.id));
  }
  return { applied: true, paidOrderIds: payable.map((o) => o.id), refundedCents };
}

/** goods.goods_sale += buy_num for the lines of the paid orders (goods in id order, one update each). */
async function countSales(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) return;
  const lines = await tx
    .select({ goodsId: order_goods.goods_id, qty: sql<number>`sum(${order_goods.buy_num})::int` })
    .from(order_goods)
    .where(inArray(order_goods.order_id, orderIds))
    .groupBy(order_goods.goods_id)
    .orderBy(asc(order_goods.goods_id));
  for (const line of lines) {
    await tx
      .update(goods)
      .set({ goods_sale: sql`${goods.goods_sale} + ${line.qty}` })
      .where(eq(goods.id, line.goodsId));
  }
}
