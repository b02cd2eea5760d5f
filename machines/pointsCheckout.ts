/**
 * Pure rules of the points checkout (screens §3.16, its bug fixed: the total is the unit points
 * times the quantity). Points are handled as cents of points, like money (whole points × 100).
 */
import type { CheckoutAddress } from './checkout';

export type { CheckoutAddress };
export { clipRemark, initialAddressId, isNoAnswer, withAddress } from './checkout';

export interface PointsGoods {
  id: number;
  name: string;
  image: string;
  /** Unit price in points cents. */
  pointsCents: number;
  marketCents: number;
  stock: number;
}

export interface PointsCheckoutData {
  goods: PointsGoods;
  addresses: CheckoutAddress[];
  /** The shopper's points (cents). */
  balanceCents: number;
}

export interface Redeemed {
  orderId: number;
  orderNo: string;
}

/** The most one redemption takes (server: points/redeem.ts MAX_BUY_NUM). */
export const MAX_QTY = 99;

/** Page errors besides a server message. */
export const ADDRESS_REQUIRED = 'addressRequired';
export const NOT_ENOUGH_POINTS = 'notEnoughPoints';
export const OUT_OF_STOCK = 'outOfStock';
export const NETWORK_FAILED = 'networkFailed';
export const REDEEM_FAILED = 'redeemFailed';

export const REDEEM_RETRIES = 3;
export const REDEEM_RETRY_MS = 1500;

/** A quantity within 1..min(stock, MAX_QTY) (at least 1). */
export function clampQty(qty: number, stock: number): number {
  const max = Math.max(1, Math.min(stock, MAX_QTY));
  if (!Number.isFinite(qty)) return 1;
  return Math.min(max, Math.max(1, Math.floor(qty)));
}

/** Points the redemption costs (cents). */
export const totalPoints = (goods: PointsGoods | null, qty: number) => (goods ? goods.pointsCents * qty : 0);
