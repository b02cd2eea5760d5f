import { storeFreight, type FreightTemplate } from './freight';
import { linePromo, type LinePromo, type PromoData, type PromoRefusalCode } from '../seckill/linePromo';

/**
 * The one pricing function of a checkout (DESIGN §5, reference §6.2 with B6 and B7 fixed): the
 * preview and the order creation both call `priceCheckout` on what `loadCheckout` read, so what
 * the shopper saw is what the order costs. Pure: no database, no clock, no randomness. Amounts
 * are integer cents, weights integer hundredths of a kilogram.
 */

/** Why a line cannot be bought (docs/orders-api.md "Checkout"). */
export type RefusalCode = 'gone' | 'offShelf' | 'notApproved' | 'storeClosed' | 'skuRequired' | 'badSku' | 'overStock' | 'buyNum' | 'ownStore' | PromoRefusalCode;

export interface Refusal {
  code: RefusalCode;
  /** overStock: how many are left (after the lines before it that take the same stock). */
  stock?: number;
}

/** The largest quantity of one line. */
export const MAX_BUY_NUM = 9_999;
/** The largest amount numeric(12,2) holds, in cents. */
export const MAX_MONEY_CENTS = 999_999_999_999;

/** One line of the checkout request, as the page sent it (buyNum may be anything a client sends). */
export interface RequestLine {
  goodsId: number;
  skuId: number;
  buyNum: number;
  cartId: number;
  /** Flash sale asked for (its price, or a refusal outside its window). */
  seckillId?: number;
  /** Group buy: -1 opens a group of the goods' offer, > 0 joins that group. */
  collectiveId?: number;
}

export interface LoadedGoods {
  id: number;
  storeId: number;
  name: string;
  /** goods_master_image (the original; the line shows its `_150` thumbnail). */
  image: string;
  price: number;
  stock: number;
  weight: number;
  /** -1 free shipping, 0 the store's default template, > 0 a template id. */
  freightId: number;
  onShelf: boolean;
  approved: boolean;
  deleted: boolean;
  /** Whether the goods has live SKUs (then a line must name one of them). */
  hasSkus: boolean;
}

export interface LoadedSku {
  id: number;
  goodsId: number;
  name: string;
  image: string;
  price: number;
  stock: number;
  weight: number;
}

export interface LoadedStore {
  id: number;
  name: string;
  logo: string;
  /** Owner account: a store owner cannot buy from their own store. */
  userId: number;
  /** Open (store_status 1), approved (store_verify 4) and not deleted. */
  open: boolean;
}

/** Everything the pricing needs, read by loadCheckout (or built by tests). */
export interface CheckoutData {
  lines: RequestLine[];
  goods: ReadonlyMap<number, LoadedGoods>;
  /** Live SKUs by id (only the requested ones are needed). */
  skus: ReadonlyMap<number, LoadedSku>;
  stores: ReadonlyMap<number, LoadedStore>;
  /** Live freight templates by store id. */
  templates: ReadonlyMap<number, readonly FreightTemplate[]>;
  /** Province (area id) of the delivery address; 0 when there is none yet. */
  province: number;
  buyerId: number;
  /** Running flash sales, group offers and groups the lines ask for (seckill/loadPromos.ts). */
  promos?: PromoData;
}

/** A priced line: unit price, line total and weight whenever they are known, and why it is refused. */
export interface PricedLine {
  goodsId: number;
  skuId: number;
  cartId: number;
  storeId: number;
  goodsName: string;
  /** Original image (of the SKU when it has one, else the goods'). */
  image: string;
  skuName: string;
  unitPrice: number;
  buyNum: number;
  total: number;
  weight: number;
  stock: number;
  freightId: number;
  refusal: Refusal | null;
  /** The flash sale or group buy that set unitPrice (promo.listPrice is the price without it). */
  promo: LinePromo | null;
}

/**
 * A discount on a store group: the marketing issue adds its promotions here (flash sale, coupon,
 * full reduction, group buy) as rules passed to priceCheckout; each rule sees the group's goods
 * total and freight and returns what it takes off.
 */
export interface Discount {
  /** What gave it: 'coupon', 'fullReduction', 'seckill', 'collective'… */
  kind: string;
  cents: number;
  /** The promotion's id (coupon log, rule…), 0 when none. */
  refId?: number;
  label?: string;
}

export interface GroupDraft {
  storeId: number;
  lines: readonly PricedLine[];
  goodsTotal: number;
  freight: number;
}

export type DiscountRule = (group: GroupDraft) => Discount[];

export interface PricedGroup {
  store: LoadedStore;
  lines: PricedLine[];
  /** Σ line totals of the lines that can be bought. */
  goodsTotal: number;
  freight: number;
  discounts: Discount[];
  /** Σ discounts (each capped so together they never exceed the goods amount). */
  discountTotal: number;
  /** goodsTotal + freight − discountTotal (≥ 0). */
  total: number;
  canBuy: boolean;
}

const isWholeBuyNum = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_BUY_NUM;

const UNKNOWN_STORE = (id: number): LoadedStore => ({ id, name: '', logo: '', userId: 0, open: false });

/** The line's own refusal, before the stock already taken by earlier lines is counted. */
function refusalOf(line: RequestLine, goods: LoadedGoods | undefined, sku: LoadedSku | undefined, store: LoadedStore | undefined, buyerId: number): Refusal | null {
  if (!goods || goods.deleted) return { code: 'gone' };
  if (!store || !store.open) return { code: 'storeClosed' };
  if (!goods.onShelf) return { code: 'offShelf' };
  if (!goods.approved) return { code: 'notApproved' };
  if (store.userId === buyerId) return { code: 'ownStore' };
  if (goods.hasSkus && line.skuId === 0) return { code: 'skuRequired' };
  if (line.skuId !== 0 && (!sku || sku.goodsId !== goods.id)) return { code: 'badSku' };
  if (!isWholeBuyNum(line.buyNum)) return { code: 'buyNum' };
  return null;
}

function priceLine(data: CheckoutData, line: RequestLine, taken: Map<string, number>): PricedLine {
  const goods = data.goods.get(line.goodsId);
  const sku = line.skuId !== 0 ? data.skus.get(line.skuId) : undefined;
  const store = goods ? data.stores.get(goods.storeId) : undefined;
  let refusal = refusalOf(line, goods, sku, store, data.buyerId);
  const source = sku && goods && sku.goodsId === goods.id ? sku : goods;
  // the price source: the flash-sale or group price when the line asks for one (linePromo.ts)
  const promoted = linePromo(line, data.promos, data.buyerId, source?.price ?? 0, taken);
  if (!refusal && promoted.refusal) refusal = promoted.refusal;
  const unitPrice = promoted.unitPrice;
  const unitWeight = source?.weight ?? 0;
  const stock = source?.stock ?? 0;
  const qty = isWholeBuyNum(line.buyNum) ? line.buyNum : 0;
  if (!refusal) {
    // lines that take the same stock (the same SKU, or the same goods without SKUs) add up
    const key = `${line.goodsId}/${line.skuId}`;
    const before = taken.get(key) ?? 0;
    if (before + qty > stock) refusal = { code: 'overStock', stock: Math.max(0, stock - before) };
    else if (qty * unitPrice > MAX_MONEY_CENTS) refusal = { code: 'buyNum' };
    else taken.set(key, before + qty);
  }
  return {
    goodsId: line.goodsId,
    skuId: line.skuId,
    cartId: line.cartId,
    storeId: goods?.storeId ?? 0,
    goodsName: goods?.name ?? '',
    image: (sku && sku.image) || goods?.image || '',
    skuName: sku?.name ?? '',
    unitPrice,
    buyNum: qty || (Number.isFinite(line.buyNum) ? line.buyNum : 0),
    total: qty * unitPrice,
    weight: qty * unitWeight,
    stock,
    freightId: goods?.freightId ?? 0,
    refusal,
    promo: promoted.promo,
  };
}

/**
 * The discounts a group takes, line by line: each one whole while the goods amount lasts, the one
 * that reaches it cut to what is left, the rest dropped. Discounts never exceed the goods amount
 * (freight is always paid), so a total is never negative and the lines add up to the discount.
 */
function capDiscounts(raw: readonly Discount[], goodsTotal: number): Discount[] {
  let left = goodsTotal;
  const taken: Discount[] = [];
  for (const d of raw) {
    if (!Number.isSafeInteger(d.cents) || d.cents <= 0 || left <= 0) continue;
    const cents = Math.min(d.cents, left);
    left -= cents;
    taken.push({ ...d, cents });
  }
  return taken;
}

/**
 * Prices a checkout: every line checked and priced, grouped by store in the order the stores
 * first appear, each group with its goods total, freight (every line's own template, freight.ts),
 * discounts (none until the marketing rules are passed in) and a total that is never negative.
 */
export function priceCheckout(data: CheckoutData, rules: readonly DiscountRule[] = []): PricedGroup[] {
  const taken = new Map<string, number>();
  const byStore = new Map<number, PricedLine[]>();
  for (const line of data.lines) {
    const priced = priceLine(data, line, taken);
    const list = byStore.get(priced.storeId) ?? [];
    list.push(priced);
    byStore.set(priced.storeId, list);
  }
  const groups: PricedGroup[] = [];
  for (const [storeId, lines] of byStore) {
    let buyable = lines.filter((l) => !l.refusal);
    let goodsTotal = buyable.reduce((sum, l) => sum + l.total, 0);
    let freight = storeFreight(
      buyable.map((l) => ({ freightId: l.freightId, weight: l.weight })),
      [...(data.templates.get(storeId) ?? [])],
      data.province,
    );
    if (goodsTotal + freight > MAX_MONEY_CENTS) {
      // more than an order can hold: the quantities are refused
      for (const l of buyable) l.refusal = { code: 'buyNum' };
      buyable = [];
      goodsTotal = 0;
      freight = 0;
    }
    const draft: GroupDraft = { storeId, lines, goodsTotal, freight };
    const discounts = capDiscounts(
      rules.flatMap((rule) => rule(draft)),
      goodsTotal,
    );
    const discountTotal = discounts.reduce((sum, d) => sum + d.cents, 0);
    groups.push({
      store: data.stores.get(storeId) ?? UNKNOWN_STORE(storeId),
      lines,
      goodsTotal,
      freight,
      discounts,
      discountTotal,
      total: goodsTotal + freight - discountTotal,
      canBuy: lines.length > 0 && buyable.length === lines.length,
    });
  }
  return groups;
}

/** The refused lines of priced groups (create answers them in data.lines). */
export const refusedLines = (groups: readonly PricedGroup[]) => groups.flatMap((g) => g.lines.filter((l) => l.refusal));
