import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupon_logs } from '../../db/schema';
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
