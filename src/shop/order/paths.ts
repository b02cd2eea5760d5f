import { decodeParam, paramPath } from '../shared/params';

/** The most orders one payment may carry (one per store of a checkout, which has at most 50 lines). */
const MAX_ORDERS = 50;

/** `/order/pay/<base64 {"order_id": [..]}>` (screens §3.9). */
export const payPath = (orderIds: readonly number[]) => paramPath('/order/pay', { order_id: [...orderIds] });

export const SUCCESS_PATH = '/order/success';

/** The order ids a pay address carries (positive whole numbers, once each), or [] when it carries none. */
export function orderIdsOf(param: string | undefined): number[] {
  const value = decodeParam<{ order_id?: unknown }>(param);
  const raw = Array.isArray(value?.order_id) ? value.order_id : value?.order_id !== undefined ? [value.order_id] : [];
  const ids = raw.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2147483647);
  return [...new Set(ids)].slice(0, MAX_ORDERS);
}

/**
 * The checkout `params` as the server wants them (base64 of `{"order": [..], "ifcart": 0|1}`, not
 * URI-encoded), or null when the address carries no readable order.
 */
export function checkoutParamOf(param: string | undefined): string | null {
  const value = decodeParam<{ order?: unknown }>(param);
  if (!value || !Array.isArray(value.order) || value.order.length === 0) return null;
  let text = param ?? '';
  try {
    text = decodeURIComponent(text);
  } catch {
    /* already decoded */
  }
  return text;
}

/**
 * Where the checkout's "back" link goes: a cart checkout (`ifcart` 1) back to the cart; a "buy now"
 * (one goods, straight from its page, flash sale or group buy) back to that goods page.
 */
export function checkoutBackOf(param: string | undefined): { href: string; toCart: boolean } {
  const value = decodeParam<{ order?: { goods_id?: unknown }[]; ifcart?: unknown }>(param);
  const goodsId = Number(Array.isArray(value?.order) && value.order.length === 1 ? value.order[0]?.goods_id : NaN);
  if (Number(value?.ifcart) !== 1 && Number.isSafeInteger(goodsId) && goodsId > 0) return { href: `/goods/${goodsId}`, toCart: false };
  return { href: '/carts', toCart: true };
}
