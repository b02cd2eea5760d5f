import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromCents } from '../../db/money';
import { coupon_logs, order_discounts } from '../../db/schema';
import { fail } from '../../http/envelope';
import type { PricedGroup } from '../orders/pricing';
import type { Promotions } from './promotions';
import { choiceProblem, type CouponChoice } from './rules';
import './messages';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

/** A 422 naming coupon_id when an explicit choice cannot be used for these groups (preview and create). */
export function assertCouponChoice(promotions: Promotions, choice: CouponChoice, groups: readonly PricedGroup[]) {
  const problem = choiceProblem(
    promotions.wallet,
    choice,
    groups.map((g) => ({ storeId: g.store.id, goodsTotal: g.goodsTotal })),
  );
  if (problem) throw fail(`marketing.coupon.${problem.reason}`, { id: problem.couponId }, 422, { field: 'coupon_id' });
}

/** The coupon log a priced group takes (0: none). */
export const groupCouponId = (group: PricedGroup) => group.discounts.find((d) => d.kind === 'coupon')?.refId ?? 0;

/**
 * In the create transaction, for one new order: its discounts line by line, and its coupon marked
 * used by it — conditionally (unused, the buyer's), so a coupon racing into two checkouts is used
 * by one order only; the other create rolls back with a 422.
 */
export async function applyOrderPromotions(tx: Tx, input: { orderId: number; userId: number; group: PricedGroup }) {
  const { orderId, userId, group } = input;
  if (group.discounts.length > 0)
    await tx.insert(order_discounts).values(
      group.discounts.map((d) => ({ order_id: orderId, kind: d.kind.slice(0, 20), ref_id: d.refId ?? 0, label: (d.label ?? '').slice(0, 60), money: fromCents(d.cents) })),
    );
  const couponId = groupCouponId(group);
  if (couponId === 0) return;
  const used = await tx
    .update(coupon_logs)
    .set({ status: 1, order_id: orderId })
    .where(and(eq(coupon_logs.id, couponId), eq(coupon_logs.user_id, userId), eq(coupon_logs.status, 0)))
    .returning({ id: coupon_logs.id });
  if (used.length === 0) throw fail('marketing.coupon.taken', undefined, 422, { field: 'coupon_id' });
}

/**
 * Gives the coupon an order used back to its shopper (unused again, same validity): on cancel
 * (orders/cancel.ts) and on a full refund (the refunds flow calls it in its transaction). Safe to
 * call twice or for an order without a coupon. Returns how many coupons were released.
 */
export async function releaseOrderCoupon(tx: Tx, orderId: number): Promise<number> {
  const released = await tx
    .update(coupon_logs)
    .set({ status: 0, order_id: 0, updated_at: sql`now()` })
    .where(and(eq(coupon_logs.order_id, orderId), eq(coupon_logs.status, 1)))
    .returning({ id: coupon_logs.id });
  return released.length;
}
