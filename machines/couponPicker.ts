/**
 * Pure rules of the checkout's coupon choice (screens §3.8 with reference B5 fixed, docs/marketing-
 * api.md "Checkout"): per store group, the coupons the shopper may use (the server's preview lists
 * them best first), one chosen or none. Money is integer cents.
 */

export interface CouponOption {
  /** The shopper's coupon (coupon_logs.id). */
  id: number;
  name: string;
  cents: number;
  thresholdCents: number;
  endTime: string;
}

export interface StoreCoupons {
  storeId: number;
  options: CouponOption[];
  /** The chosen coupon's id; 0 = none. */
  chosen: number;
}

/** The best coupon: the most off, then the one ending first, then the oldest; 0 when there is none. */
export function bestOption(options: readonly CouponOption[]): number {
  const sorted = [...options].sort((a, b) => b.cents - a.cents || a.endTime.localeCompare(b.endTime) || a.id - b.id);
  return sorted[0]?.id ?? 0;
}

/** Each store with its best coupon chosen. */
export const withBest = (stores: readonly StoreCoupons[]): StoreCoupons[] => stores.map((s) => ({ ...s, chosen: bestOption(s.options) }));

/** The stores as the server priced them, keeping only a chosen id that is one of the store's options. */
export const asPriced = (stores: readonly StoreCoupons[]): StoreCoupons[] =>
  stores.map((s) => ({ ...s, chosen: s.options.some((o) => o.id === s.chosen) ? s.chosen : 0 }));

/** Is `couponId` (0 = none) a choice this store offers, different from its current one? */
export function isNewChoice(stores: readonly StoreCoupons[], storeId: number, couponId: number): boolean {
  const store = stores.find((s) => s.storeId === storeId);
  if (!store || store.chosen === couponId) return false;
  return couponId === 0 || store.options.some((o) => o.id === couponId);
}

export const choose = (stores: readonly StoreCoupons[], storeId: number, couponId: number): StoreCoupons[] =>
  stores.map((s) => (s.storeId === storeId ? { ...s, chosen: couponId } : s));

/** What the preview and the create send as `coupon_id`: every chosen coupon (stores without one send nothing). */
export const chosenIds = (stores: readonly StoreCoupons[]): number[] => stores.map((s) => s.chosen).filter((id) => id > 0);
