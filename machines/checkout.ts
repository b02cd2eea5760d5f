/**
 * Pure rules of the checkout page (screens §3.8, docs/orders-api.md "Checkout"): the caller's
 * addresses, the server's preview per store (lines, refusals, freight, totals), remarks, and how a
 * failed create is read. Money is integer cents. Fixes reference §6.3 item 30: choosing an address
 * does not change the default one, an address is required, totals include freight.
 */

import type { CouponOption } from './couponPicker';

export interface CheckoutAddress {
  id: number;
  name: string;
  tel: string;
  /** Province, city and district names. */
  areaInfo: string;
  address: string;
  isDefault: boolean;
}

/** Why a line cannot be bought (`gone`, `offShelf`, `overStock`…), in the caller's language. */
export interface Refusal { code: string; msg: string }

export interface PreviewLine {
  goodsId: number;
  skuId: number;
  cartId?: number;
  name: string;
  image: string;
  skuName: string;
  priceCents: number;
  qty: number;
  totalCents: number;
  refusal: Refusal | null;
  /** A flash-sale or group price: percent off, the unit price without it and what the line saves. */
  promo?: LinePromo | null;
}

export interface LinePromo {
  kind: 'seckill' | 'collective';
  discount: string;
  listCents: number;
  savedCents: number;
}

export interface StoreGroup {
  storeId: number;
  storeName: string;
  storeLogo: string;
  lines: PreviewLine[];
  goodsCents: number;
  freightCents: number;
  couponCents: number;
  totalCents: number;
  canBuy: boolean;
  /** The coupons the shopper may use here (best first), the one taken (0 none), every discount. */
  coupons?: CouponOption[];
  couponId?: number;
  discounts?: DiscountLine[];
}

/** A discount of a store group, line by line (kind: fullReduction, coupon…). */
export interface DiscountLine { kind: string; label: string; cents: number }

/** A line the server refused at create time (`data.lines` of the 422). */
export interface RefusedLine { goodsId: number; skuId: number; code: string; msg: string }

export interface CreatedOrders { orderIds: number[]; orderNos: string[] }

/** Page-level errors the checkout machine keeps besides a server message. */
export const ADDRESS_REQUIRED = 'addressRequired';
export const CANNOT_BUY = 'cannotBuy';
export const LINES_REFUSED = 'linesRefused';
export const NETWORK_FAILED = 'networkFailed';
export const CREATE_FAILED = 'createFailed';

/** The longest remark the server takes (docs/orders-api.md: `remark` ≤ 150). */
export const REMARK_MAX = 150;
/** A create that got no answer is sent again (same key) this many times before the page says so. */
export const CREATE_RETRIES = 3;
export const CREATE_RETRY_MS = 1500;

/** The address to start with: the default one, else the first, else none. */
export function initialAddressId(addresses: readonly CheckoutAddress[]): number | null {
  return (addresses.find((address) => address.isDefault) ?? addresses[0])?.id ?? null;
}

/** The list with a newly added address in front (the only default when it is one). */
export function withAddress(addresses: readonly CheckoutAddress[], added: CheckoutAddress): CheckoutAddress[] {
  const rest = addresses.filter((address) => address.id !== added.id);
  return [added, ...(added.isDefault ? rest.map((address) => ({ ...address, isDefault: false })) : rest)];
}

/** True when every group can be bought and has lines: the create button may be pressed. */
export function allBuyable(groups: readonly StoreGroup[]): boolean {
  return groups.length > 0 && groups.every((group) => group.canBuy && group.lines.length > 0 && group.lines.every((line) => !line.refusal));
}

/** What the shopper pays for everything: goods, freight, less coupons, over every store. */
export function grandTotal(groups: readonly StoreGroup[]): number {
  return groups.reduce((sum, group) => sum + group.totalCents, 0);
}

export const clipRemark = (text: string) => Array.from(text ?? '').slice(0, REMARK_MAX).join('');

const dataOf = (error: unknown): Record<string, unknown> | null => {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : null;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
};

/** The lines a create refusal names (422 `field: 'params'`, `data.lines`), or null for another error. */
export function refusedLinesOf(error: unknown): RefusedLine[] | null {
  const data = dataOf(error);
  if (!data || !Array.isArray(data.lines)) return null;
  return data.lines.map((line: Record<string, unknown>) => ({
    goodsId: Number(line.goods_id) || 0,
    skuId: Number(line.sku_id) || 0,
    code: String(line.code ?? ''),
    msg: String(line.msg ?? ''),
  }));
}

/** True when a create was refused for its coupon (422 `field: 'coupon_id'`: used meanwhile, expired, stopped). */
export function isCouponRefused(error: unknown): boolean {
  return dataOf(error)?.field === 'coupon_id';
}

/** True when the request got no usable answer (no response, time-out, a gateway error): safe to send again with the same key. */
export function isNoAnswer(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { kind?: unknown }).kind === 'transport';
}
