/**
 * The shopper's checkout and payment calls (docs/orders-api.md, area 2) and the mapping of their
 * answers to what the checkout and payment machines want (integer cents, camelCase).
 */
import type { CheckoutAddress, CreatedOrders, PreviewLine, StoreGroup } from '../../machines/checkout';
import type { PayAnswer, PayMethod, PayOrder } from '../../machines/payment';
import type { CheckoutGroup, CheckoutLine } from '../../server/modules/orders/present';
import type { PromotionsPart } from '../../server/modules/marketing/promotions';
import type { OrderDetail } from '../../server/modules/orders/shopperRead';
import type { PayAnswer as ServerPayAnswer } from '../../server/modules/payment/service';
import type { AddressRow } from './addresses';
import { toCents } from './cart';
import { request, type ApiResult } from './client';

/** The server's answers (docs/orders-api.md), typed from the server's own presenters. */
export type PreviewGroupRow = Omit<CheckoutGroup, keyof PromotionsPart> & Partial<PromotionsPart>;
export type PreviewLineRow = CheckoutLine;
/** `GET /api/user/order/{id}`; `expires_in` (seconds left) is read when the server sends it. */
export type OrderRow = OrderDetail & { expires_in?: number | null };
export type PayAnswerRow = ServerPayAnswer;

const specName = (value: PreviewLineRow['sku_name']) => (Array.isArray(value) ? value.join(' ') : (value ?? '')).trim();

/** An address row (src/api/addresses.ts, the user centre's client) as the checkout machine wants it. */
export const addressOf = (row: AddressRow): CheckoutAddress => ({
  id: Number(row.id),
  name: row.receive_name ?? '',
  tel: row.receive_tel ?? '',
  areaInfo: row.area_info ?? '',
  address: row.address ?? '',
  isDefault: row.is_default === true || Number(row.is_default) === 1,
});

export function previewGroupsOf(rows: readonly PreviewGroupRow[]): StoreGroup[] {
  return rows.map((group) => {
    const lines: PreviewLine[] = (group.goods_list ?? []).map((row) => ({
      goodsId: Number(row.goods_id),
      skuId: Number(row.sku_id) || 0,
      ...(row.cart_id ? { cartId: Number(row.cart_id) } : {}),
      name: row.goods_name ?? '',
      image: row.goods_image ?? '',
      skuName: specName(row.sku_name),
      priceCents: toCents(row.goods_price),
      qty: Number(row.buy_num) || 0,
      totalCents: toCents(row.total_price),
      refusal: row.refusal ? { code: String(row.refusal.code ?? ''), msg: String(row.refusal.msg ?? '') } : null,
      promo: row.promo ? { kind: row.promo.kind, discount: row.promo.discount, listCents: toCents(row.promo.list_price), savedCents: toCents(row.promo.saved) } : null,
    }));
    return {
      storeId: Number(group.store_info?.id),
      storeName: group.store_info?.store_name ?? '',
      storeLogo: group.store_info?.store_logo ?? '',
      lines,
      goodsCents: toCents(group.store_total_price),
      freightCents: toCents(group.freight_money),
      couponCents: toCents(group.coupon_money),
      totalCents: toCents(group.total_price),
      canBuy: group.can_buy !== false && lines.every((line) => !line.refusal),
      coupons: (group.coupons ?? []).map((c) => ({ id: Number(c.id), name: c.name ?? '', cents: toCents(c.money), thresholdCents: toCents(c.use_money), endTime: c.end_time ?? '' })),
      couponId: Number(group.coupon_id) || 0,
      discounts: (group.discounts ?? []).map((d) => ({ kind: d.kind, label: d.label ?? '', cents: toCents(d.money) })),
    };
  });
}

/** The shop's time zone when a time carries none (server/config.ts TIME_ZONE default, Asia/Shanghai). */
export const SHOP_UTC_OFFSET = '+08:00';

/** `YYYY-MM-DD HH:MM:SS` (shop time) or an ISO time → epoch ms; NaN when unreadable. */
export function shopTime(text: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, day, time, fraction = '', zone] = match;
  return Date.parse(`${day}T${time}${fraction}${zone ?? SHOP_UTC_OFFSET}`);
}

/** Seconds from `nowMs` until the order's reservation ends (`expires_in`, else `expires_at`); null when unknown. */
export function secondsLeftOf(row: Pick<OrderRow, 'expires_at' | 'expires_in'>, nowMs: number): number | null {
  if (typeof row.expires_in === 'number' && Number.isFinite(row.expires_in)) return Math.max(0, Math.floor(row.expires_in));
  const end = row.expires_at ? shopTime(row.expires_at) : Number.NaN;
  return Number.isFinite(end) ? Math.max(0, Math.floor((end - nowMs) / 1000)) : null;
}

export function payOrderOf(row: OrderRow, nowMs: number): PayOrder {
  return {
    id: Number(row.id),
    orderNo: String(row.order_no ?? ''),
    status: Number(row.order_status),
    storeName: row.store?.store_name ?? '',
    totalCents: toCents(row.total_price),
    freightCents: toCents(row.freight_money),
    couponCents: toCents(row.coupon_money),
    lines: (row.order_goods ?? []).map((line) => ({
      name: line.goods_name ?? '',
      image: line.goods_image ?? '',
      skuName: specName(line.sku_name),
      priceCents: toCents(line.goods_price),
      qty: Number(line.buy_num) || 0,
      totalCents: toCents(line.total_price),
    })),
    secondsLeft: Number(row.order_status) === 1 ? secondsLeftOf(row, nowMs) : null,
  };
}

export const payAnswerOf = (row: PayAnswerRow): PayAnswer =>
  row.paid ? { payNo: String(row.pay_no ?? ''), paid: true } : { payNo: String(row.pay_no ?? ''), paid: false, codeUrl: row.code_url, testMode: row.test_mode === true };

/** The `{order_id, order_no}` of a create as the machines want them. */
export const createdOf = (data: { order_id?: unknown; order_no?: unknown }): CreatedOrders => ({
  orderIds: (Array.isArray(data?.order_id) ? data.order_id : [data?.order_id]).map(Number).filter((id) => id > 0),
  orderNos: (Array.isArray(data?.order_no) ? data.order_no : [data?.order_no]).filter((no) => no !== undefined && no !== null).map(String),
});

/** POST /api/user/order/before → a bare array of store groups. */
/** `coupon_id`: the chosen coupons, comma-joined ('' = none); left out while nothing was chosen (each store's best). */
const couponField = (couponIds: readonly number[] | null | undefined): Record<string, string> => (couponIds ? { coupon_id: couponIds.join(',') } : {});

export function previewOrder(params: string, addressId: number | null, couponIds?: readonly number[] | null): Promise<ApiResult<PreviewGroupRow[]>> {
  return request(2, 'POST', '/user/order/before', { params, ...(addressId ? { address_id: addressId } : {}), ...couponField(couponIds) }, { quiet: true });
}

export interface CreateOrderInput { params: string; addressId: number; remarks: Record<number, string>; idemKey: string; couponIds?: readonly number[] | null }

/** POST /api/user/order/create with `remark[<store_id>]` per store and the attempt's `idem_key`. */
export function createOrder({ params, addressId, remarks, idemKey, couponIds }: CreateOrderInput): Promise<ApiResult<{ order_id: number[]; order_no: string[] }>> {
  const payload: Record<string, string | number> = { params, address_id: addressId, idem_key: idemKey, ...couponField(couponIds) };
  for (const [storeId, text] of Object.entries(remarks)) if (text.trim()) payload[`remark[${storeId}]`] = text.trim();
  return request(2, 'POST', '/user/order/create', payload, { quiet: true });
}

export function loadOrder(id: number): Promise<ApiResult<OrderRow>> {
  return request(2, 'GET', `/user/order/${id}`, undefined, { quiet: true });
}

export function payOrders(orderIds: readonly number[], method: PayMethod, password: string): Promise<ApiResult<PayAnswerRow>> {
  const payload: Record<string, string> = { order_id: orderIds.join(','), payment_name: method, device: 'scan' };
  if (method === 'balance') payload.pay_password = password;
  return request(2, 'POST', '/user/order/pay', payload, { quiet: true });
}

/** POST /api/user/order/check for every order of the payment (not only the first, screens §6.3 item 31): `[]` when all are paid, else not yet (`{code: 'fail'}` or a refusal). */
export async function ordersPaid(orderIds: readonly number[]): Promise<ApiResult<boolean>> {
  const result = await request<unknown>(2, 'POST', '/user/order/check', { order_id: orderIds.join(',') }, { quiet: true });
  if (result.kind === 'ok') return { ...result, data: Array.isArray(result.data) };
  if (result.kind === 'fail') return { kind: 'ok', data: false, msg: result.msg };
  return result as ApiResult<boolean>;
}

/** A fresh idempotency key for one checkout attempt (docs/orders-api.md: 8–64 of `[A-Za-z0-9_-]`). */
export function newIdemKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  if (random) return random;
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
