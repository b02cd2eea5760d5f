import { fail } from '../../http/envelope';
import { fromCents } from '../../db/money';
import { t, type Lang } from '../../http/messages';
import { thumbUrl } from '../catalogue/images';
import type { PricedGroup, PricedLine, Refusal } from './pricing';
import './messages';

/** Answers of the checkout: priced groups in the preview's shape (docs/orders-api.md "Checkout"). */

/** A weight in hundredths of a kilogram as the 2-decimal string numeric(9,2) holds. */
export const weightText = (hundredths: number) => fromCents(hundredths);

export const refusalMessage = (refusal: Refusal, lang: Lang) => t(`orders.refusal.${refusal.code}`, lang, { stock: refusal.stock ?? 0 });

/** The line's flash-sale / group price, line by line: percent off, the list price and what the line saves. */
const presentPromo = (line: PricedLine) =>
  line.promo
    ? {
        kind: line.promo.kind,
        id: line.promo.id,
        discount: fromCents(line.promo.discountBp),
        list_price: fromCents(line.promo.listPrice),
        saved: fromCents(Math.max(0, (line.promo.listPrice - line.unitPrice) * (Number.isSafeInteger(line.buyNum) ? line.buyNum : 0))),
      }
    : null;

export function presentLine(line: PricedLine, lang: Lang) {
  return {
    goods_id: line.goodsId,
    sku_id: line.skuId,
    cart_id: line.cartId,
    goods_name: line.goodsName,
    goods_image: thumbUrl(line.image, 150),
    sku_name: line.skuName,
    goods_price: fromCents(line.unitPrice),
    buy_num: line.buyNum,
    total_price: fromCents(line.total),
    total_weight: weightText(line.weight),
    goods_stock: line.stock,
    refusal: line.refusal ? { code: line.refusal.code, msg: refusalMessage(line.refusal, lang) } : null,
    promo: presentPromo(line),
  };
}

export function presentGroup(group: PricedGroup, lang: Lang) {
  return {
    store_info: { id: group.store.id, store_name: group.store.name, store_logo: group.store.logo },
    goods_list: group.lines.map((line) => presentLine(line, lang)),
    store_total_price: fromCents(group.goodsTotal),
    freight_money: fromCents(group.freight),
    coupon_money: fromCents(group.discountTotal),
    total_price: fromCents(group.total),
    coupons: [] as { id: number; money: string; name: string }[],
    is_coupon: 0,
    coupon_id: 0,
    can_buy: group.canBuy,
  };
}

/** data.lines of a refused create: what cannot be bought and why. */
export const refusedData = (lines: readonly PricedLine[]) => (lang: Lang) => ({
  field: 'params',
  lines: lines.map((l) => ({ goods_id: l.goodsId, sku_id: l.skuId, code: l.refusal!.code, msg: refusalMessage(l.refusal!, lang) })),
});

/**
 * A refused create (422): every refused line in data.lines, and the first one's reason as the
 * message, so a client that shows only `msg` (the reference's) still says why ("库存不足（剩余 1）").
 */
export const linesRefused = (lines: readonly PricedLine[]) =>
  fail(`orders.refusal.${lines[0].refusal!.code}`, { stock: lines[0].refusal!.stock ?? 0 }, 422, refusedData(lines));

/** One store group of POST /api/user/order/before (the SPA may import these types). */
export type CheckoutGroup = ReturnType<typeof presentGroup>;
export type CheckoutLine = ReturnType<typeof presentLine>;
