/**
 * The flash-sale and group-buy price of a checkout line (pure; used by orders/pricing.ts). A goods
 * inside the window of a running flash sale is sold at the flash price, whether the line names the
 * sale (`seckillId`, what our goods page sends) or not (the reference's clients never do); a
 * capped sale without units enough refuses the line (`saleSoldOut`) rather than charge the full
 * price. A group buy is asked for explicitly — `collectiveId` -1 opens a group of the goods' offer,
 * > 0 joins that group — and takes the group price instead. A line naming a sale that does not
 * run is refused (`saleClosed`). Discounts are in basis points (percent × 100) and a unit price is
 * rounded to the cent.
 */

export type PromoRefusalCode = 'saleClosed' | 'saleSoldOut' | 'groupClosed' | 'groupFull' | 'groupJoined';

export interface LoadedSale {
  id: number;
  goodsId: number;
  discountBp: number;
  /** Units left at the flash price; null: no cap (the goods' own stock). */
  stock: number | null;
  /** Live, not stopped, and now within [start, end). */
  running: boolean;
}

/** A goods' live group-buy offer. */
export interface LoadedOffer {
  id: number;
  goodsId: number;
  discountBp: number;
  need: number;
}

export interface LoadedGroup {
  id: number;
  goodsId: number;
  discountBp: number;
  /** Open (status 2) and not expired. */
  open: boolean;
  seatsLeft: number;
  /** Shoppers holding a seat. */
  memberIds: readonly number[];
}

export interface PromoData {
  /** The sales lines name, by id. */
  sales: ReadonlyMap<number, LoadedSale>;
  /** The running sale of each goods of the checkout, by goods id (one at most: windows of a goods never overlap). */
  running?: ReadonlyMap<number, LoadedSale>;
  /** By goods id. */
  offers: ReadonlyMap<number, LoadedOffer>;
  groups: ReadonlyMap<number, LoadedGroup>;
}

export interface LinePromo {
  kind: 'seckill' | 'collective';
  /** seckill id, or the group id (-1: a new group of offer `offerId`). */
  id: number;
  offerId: number;
  discountBp: number;
  /** Unit price before the promotion. */
  listPrice: number;
}

export interface PromoLine {
  goodsId: number;
  buyNum: number;
  seckillId?: number;
  collectiveId?: number;
}

export interface PromoResult {
  unitPrice: number;
  promo: LinePromo | null;
  refusal: { code: PromoRefusalCode; stock?: number } | null;
}

/** unit × (1 − bp / 10000), rounded half up to the cent, never below 0 (exact: integer arithmetic in BigInt). */
export function discounted(unitCents: number, discountBp: number): number {
  const keep = BigInt(Math.min(10_000, Math.max(0, 10_000 - discountBp)));
  const scaled = BigInt(Math.max(0, unitCents)) * keep;
  const whole = scaled / 10_000n;
  return Number((scaled % 10_000n) * 2n >= 10_000n ? whole + 1n : whole);
}

/**
 * The line's unit price and promotion. `taken` counts flash units already asked for by earlier
 * lines of the same checkout (key `sale/<id>`).
 */
export function linePromo(line: PromoLine, data: PromoData | undefined, buyerId: number, listPrice: number, taken: Map<string, number>): PromoResult {
  const plain: PromoResult = { unitPrice: listPrice, promo: null, refusal: null };
  const runningSale = line.collectiveId ? undefined : data?.running?.get(line.goodsId);
  if (line.seckillId || runningSale) {
    const sale = line.seckillId ? data?.sales.get(line.seckillId) : runningSale;
    if (!sale || sale.goodsId !== line.goodsId || !sale.running) return { ...plain, refusal: { code: 'saleClosed' } };
    const key = `sale/${sale.id}`;
    const before = taken.get(key) ?? 0;
    const qty = Number.isInteger(line.buyNum) && line.buyNum > 0 ? line.buyNum : 0;
    if (sale.stock !== null && before + qty > sale.stock) return { ...plain, refusal: { code: 'saleSoldOut', stock: Math.max(0, sale.stock - before) } };
    taken.set(key, before + qty);
    return { unitPrice: discounted(listPrice, sale.discountBp), promo: { kind: 'seckill', id: sale.id, offerId: sale.id, discountBp: sale.discountBp, listPrice }, refusal: null };
  }
  if (line.collectiveId === -1) {
    const offer = data?.offers.get(line.goodsId);
    if (!offer) return { ...plain, refusal: { code: 'groupClosed' } };
    return { unitPrice: discounted(listPrice, offer.discountBp), promo: { kind: 'collective', id: -1, offerId: offer.id, discountBp: offer.discountBp, listPrice }, refusal: null };
  }
  if (line.collectiveId && line.collectiveId > 0) {
    const group = data?.groups.get(line.collectiveId);
    if (!group || group.goodsId !== line.goodsId || !group.open) return { ...plain, refusal: { code: 'groupFull' } };
    if (group.memberIds.includes(buyerId)) return { ...plain, refusal: { code: 'groupJoined' } };
    if (group.seatsLeft <= 0) return { ...plain, refusal: { code: 'groupFull' } };
    return { unitPrice: discounted(listPrice, group.discountBp), promo: { kind: 'collective', id: group.id, offerId: 0, discountBp: group.discountBp, listPrice }, refusal: null };
  }
  return plain;
}
