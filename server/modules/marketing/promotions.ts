import { and, gt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
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

interface PromotionsJson {
  wallet: { id: number; couponId: number; storeId: number; name: string; money: string; useMoney: string; endTime: string }[];
  reductions: { id: number; storeId: number; name: string; money: string; useMoney: string }[];
}

/**
 * The promotions of the buyer and of the stores `storeIds` (an SQL list or subquery, evaluated once)
 * as ONE JSON value, so a caller can fold them into a statement it sends anyway (orders/load.ts:
 * the checkout read). Amounts as text (never floats), end times as the columns read them.
 */
export function promotionsJson(buyerId: number | Placeholder, storeIds: SQL) {
  return sql<PromotionsJson | string>`json_build_object(
    'wallet', (select coalesce(json_agg(json_build_object('id', cl.id, 'couponId', cl.coupon_id, 'storeId', cl.store_id, 'name', cl.name,
        'money', cl.money::text, 'useMoney', cl.use_money::text, 'endTime', to_char(cl.end_time, 'YYYY-MM-DD HH24:MI:SS')) order by cl.id), '[]')
      from ${coupon_logs} cl join ${coupons} c on c.id = cl.coupon_id and c.stopped = 0
      where cl.user_id = ${buyerId} and cl.status = 0 and cl.deleted_at is null and cl.store_id in (${storeIds})
        and cl.start_time <= now() and cl.end_time > now()),
    'reductions', (select coalesce(json_agg(json_build_object('id', f.id, 'storeId', f.store_id, 'name', f.name,
        'money', f.money::text, 'useMoney', f.use_money::text) order by f.id), '[]')
      from ${full_reductions} f
      where f.store_id in (${storeIds}) and f.stopped = 0 and f.deleted_at is null and f.start_time <= now() and f.end_time > now()))`;
}

/** What promotionsJson read (the drivers give json parsed or as text). */
export function promotionsOf(value: PromotionsJson | string | null | undefined): Promotions {
  if (value == null) return NO_PROMOTIONS;
  const json: PromotionsJson = typeof value === 'string' ? JSON.parse(value) : value;
  return {
    wallet: json.wallet.map((r) => ({ id: r.id, couponId: r.couponId, storeId: r.storeId, name: r.name, cents: toCents(r.money), thresholdCents: toCents(r.useMoney), endTime: r.endTime })),
    reductions: json.reductions.map((r) => ({ id: r.id, storeId: r.storeId, name: r.name, cents: toCents(r.money), thresholdCents: toCents(r.useMoney) })),
  };
}

export async function loadPromotions(db: Executor, input: { buyerId: number; storeIds: readonly number[] }): Promise<Promotions> {
  const storeIds = [...new Set(input.storeIds)].filter((id) => id > 0);
  if (storeIds.length === 0) return NO_PROMOTIONS;
  const result = await db.execute(sql`select ${promotionsJson(input.buyerId, sql.join(storeIds.map((id) => sql`${id}`), sql`, `))} as promotions`);
  const [row] = (result as unknown as { rows: { promotions: PromotionsJson | string }[] }).rows;
  return promotionsOf(row?.promotions);
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
