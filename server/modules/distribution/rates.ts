/**
 * The arithmetic of referral commission (pure, exact in integer cents).
 *
 * Rates are percent with at most 2 decimals, held as basis points (10.5 % = 1050 bp); the three
 * levels of a goods add up to at most 100 %.
 *
 * Rounding rule: the commissionable amount of an order is what its buyer paid for the goods,
 * A = total_price − freight_money − refund_money, kept within [0, order_price]. Each line's share of it is
 * floor(line_total × A / order_price) cents, and a level's commission on a line is
 * floor(share × bp / 10,000) cents — always rounded down, so the total paid never exceeds A and
 * so never the order's goods amount (order_price).
 */
export const MAX_BP = 10_000;

/** '10.50' → 1050; anything else (negative, > 100, more than 2 decimals) → null. */
export function basisPoints(percent: string | number): number | null {
  const text = typeof percent === 'number' ? String(percent) : percent.trim();
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= MAX_BP ? bp : null;
}

/** The commissionable amount A of an order (cents). */
export function commissionable(order: { totalCents: number; freightCents: number; orderPriceCents: number; refundCents?: number }): number {
  return Math.min(order.orderPriceCents, Math.max(0, order.totalCents - order.freightCents - (order.refundCents ?? 0)));
}

/** A line's share of A: floor(line × A / goodsTotal). */
export function lineShare(lineCents: number, amount: number, goodsTotal: number): number {
  if (goodsTotal <= 0 || lineCents <= 0 || amount <= 0) return 0;
  return Number((BigInt(lineCents) * BigInt(amount)) / BigInt(goodsTotal));
}

/** floor(share × bp / 10,000). */
export function commissionOf(share: number, bp: number): number {
  if (share <= 0 || bp <= 0) return 0;
  return Number((BigInt(share) * BigInt(bp)) / BigInt(MAX_BP));
}
