import type { DiscountRule } from '../orders/pricing';

/**
 * The coupon and full-reduction rules of priceCheckout (reference §6.2 and §6.7 with B5 and B6
 * fixed). Pure: what is valid now was decided when the promotions were read (promotions.ts reads
 * only what runs at the database's `now()`), so the same input always gives the same discounts.
 * Both thresholds are measured on the store group's goods amount; the pricing caps the discounts
 * together at that amount.
 */

/** A coupon in the shopper's wallet: unused, of a running coupon, inside its validity. */
export interface WalletCoupon {
  /** coupon_logs.id (what the shopper chooses and the order records). */
  id: number;
  couponId: number;
  storeId: number;
  name: string;
  cents: number;
  thresholdCents: number;
  endTime: string;
}

/** A running full reduction of a store. */
export interface Reduction {
  id: number;
  storeId: number;
  name: string;
  cents: number;
  thresholdCents: number;
}

/**
 * The shopper's coupon choice: `null` lets each store group take its best coupon (the preselection);
 * otherwise exactly these coupon log ids (a store with none of them takes no coupon).
 */
export type CouponChoice = ReadonlySet<number> | null;

/** Best first: the most off, then the one that ends first (use it before it goes), then the oldest. */
const byBest = (a: WalletCoupon, b: WalletCoupon) => b.cents - a.cents || a.endTime.localeCompare(b.endTime) || a.id - b.id;

/** The coupons of the wallet a store group of this goods amount can use, best first. */
export function usableCoupons(wallet: readonly WalletCoupon[], storeId: number, goodsTotal: number): WalletCoupon[] {
  return wallet.filter((c) => c.storeId === storeId && goodsTotal > 0 && c.thresholdCents <= goodsTotal).sort(byBest);
}

/** The coupon a store group takes: the chosen one when it is usable, the best one when nothing was chosen. */
export function chosenCoupon(wallet: readonly WalletCoupon[], choice: CouponChoice, storeId: number, goodsTotal: number): WalletCoupon | null {
  const usable = usableCoupons(wallet, storeId, goodsTotal);
  if (choice === null) return usable[0] ?? null;
  return usable.find((c) => choice.has(c.id)) ?? null;
}

/** The best full reduction that applies: the most off, then the lowest threshold, then the oldest (B6: not just the lowest threshold). */
export function bestReduction(reductions: readonly Reduction[], storeId: number, goodsTotal: number): Reduction | null {
  const applicable = reductions.filter((r) => r.storeId === storeId && goodsTotal > 0 && r.thresholdCents <= goodsTotal);
  applicable.sort((a, b) => b.cents - a.cents || a.thresholdCents - b.thresholdCents || a.id - b.id);
  return applicable[0] ?? null;
}

export const fullReductionRule =
  (reductions: readonly Reduction[]): DiscountRule =>
  (group) => {
    const best = bestReduction(reductions, group.storeId, group.goodsTotal);
    return best ? [{ kind: 'fullReduction', cents: best.cents, refId: best.id, label: best.name }] : [];
  };

export const couponRule =
  (wallet: readonly WalletCoupon[], choice: CouponChoice): DiscountRule =>
  (group) => {
    const coupon = chosenCoupon(wallet, choice, group.storeId, group.goodsTotal);
    return coupon ? [{ kind: 'coupon', cents: coupon.cents, refId: coupon.id, label: coupon.name }] : [];
  };

/** Both rules, in the order their lines are shown: the full reduction, then the coupon. */
export const promotionRules = (promotions: { wallet: readonly WalletCoupon[]; reductions: readonly Reduction[] }, choice: CouponChoice): DiscountRule[] => [
  fullReductionRule(promotions.reductions),
  couponRule(promotions.wallet, choice),
];

/**
 * What is wrong with an explicit choice, given the store groups' goods amounts: a coupon that is not
 * in the wallet (someone else's, used, expired, stopped), two for one store, or one whose store is
 * not in the checkout or whose threshold the goods amount does not reach. Null when it is fine.
 */
export function choiceProblem(
  wallet: readonly WalletCoupon[],
  choice: CouponChoice,
  groups: readonly { storeId: number; goodsTotal: number }[],
): { couponId: number; reason: 'unknown' | 'sameStore' | 'otherStore' | 'threshold' } | null {
  if (choice === null) return null;
  const seenStores = new Set<number>();
  for (const id of choice) {
    const coupon = wallet.find((c) => c.id === id);
    if (!coupon) return { couponId: id, reason: 'unknown' };
    if (seenStores.has(coupon.storeId)) return { couponId: id, reason: 'sameStore' };
    seenStores.add(coupon.storeId);
    const group = groups.find((g) => g.storeId === coupon.storeId);
    if (!group) return { couponId: id, reason: 'otherStore' };
    if (!usableCoupons(wallet, coupon.storeId, group.goodsTotal).some((c) => c.id === id)) return { couponId: id, reason: 'threshold' };
  }
  return null;
}
