import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { coupon_logs, coupons, full_reductions } from '../../db/schema';
import type { PricedGroup } from '../orders/pricing';
import { usableCoupons, type Reduction, type WalletCoupon } from './rules';

type Executor = Db | Tx;

/**
 * What the pricing of a checkout needs from marketing, read at the database's `now()`: the buyer's
 * unused coupons of the stores involved that are inside their validity and whose coupon the
 * operator has not stopped, and those stores' running full reductions. A coupon the seller deleted
 * after it was taken stays usable (the shopper holds a copy, as in the reference).
 */
export interface Promotions {
  wallet: WalletCoupon[];
  reductions: Reduction[];
}

export const NO_PROMOTIONS: Promotions = { wallet: [], reductions: [] };

/** `start_time <= now() < end_time` of a row with a validity. */
export const runningNow = (t: { start_time: typeof coupons.start_time | typeof coupon_logs.start_time | typeof full_reductions.start_time; end_time: typeof coupons.end_time | typeof coupon_logs.end_time | typeof full_reductions.end_time }) =>
  and(lte(t.start_time, sql`now()`), gt(t.end_time, sql`now()`));

export async function loadPromotions(db: Executor, input: { buyerId: number; storeIds: readonly number[] }): Promise<Promotions> {
  const storeIds = [...new Set(input.storeIds)].filter((id) => id > 0);
  if (storeIds.length === 0) return NO_PROMOTIONS;
  const [walletRows, reductionRows] = await Promise.all([
    db
      .select({
        id: coupon_logs.id,
        couponId: coupon_logs.coupon_id,
        storeId: coupon_logs.store_id,
        name: coupon_logs.name,
        money: coupon_logs.money,
        useMoney: coupon_logs.use_money,
        endTime: coupon_logs.end_time,
      })
      .from(coupon_logs)
      .innerJoin(coupons, and(eq(coupons.id, coupon_logs.coupon_id), eq(coupons.stopped, 0)))
      .where(
        and(
          eq(coupon_logs.user_id, input.buyerId),
          eq(coupon_logs.status, 0),
          isNull(coupon_logs.deleted_at),
          inArray(coupon_logs.store_id, storeIds),
          runningNow(coupon_logs),
        ),
      )
      .orderBy(asc(coupon_logs.id)),
    db
      .select({ id: full_reductions.id, storeId: full_reductions.store_id, name: full_reductions.name, money: full_reductions.money, useMoney: full_reductions.use_money })
      .from(full_reductions)
      .where(and(inArray(full_reductions.store_id, storeIds), eq(full_reductions.stopped, 0), isNull(full_reductions.deleted_at), runningNow(full_reductions)))
      .orderBy(asc(full_reductions.id)),
  ]);
  return {
    wallet: walletRows.map((r) => ({ id: r.id, couponId: r.couponId, storeId: r.storeId, name: r.name, cents: toCents(r.money), thresholdCents: toCents(r.useMoney), endTime: r.endTime })),
    reductions: reductionRows.map((r) => ({ id: r.id, storeId: r.storeId, name: r.name, cents: toCents(r.money), thresholdCents: toCents(r.useMoney) })),
  };
}

/**
 * The marketing part of a preview group: the coupons the shopper may choose (best first), the one
 * taken (`coupon_id`, 0 none) and every discount line by line.
 */
export function presentPromotions(group: PricedGroup, promotions: Promotions) {
  const options = usableCoupons(promotions.wallet, group.store.id, group.goodsTotal);
  const taken = group.discounts.find((d) => d.kind === 'coupon');
  return {
    coupons: options.map((c) => ({ id: c.id, name: c.name, money: fromCents(c.cents), use_money: fromCents(c.thresholdCents), end_time: c.endTime })),
    is_coupon: options.length > 0 ? 1 : 0,
    coupon_id: taken?.refId ?? 0,
    discounts: group.discounts.map((d) => ({ kind: d.kind, ref_id: d.refId ?? 0, label: d.label ?? '', money: fromCents(d.cents) })),
  };
}

/** The marketing fields of a preview group (the SPA may import this type). */
export type PromotionsPart = ReturnType<typeof presentPromotions>;
