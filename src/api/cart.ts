import type { CartStore } from '../../machines/cart';
import { request, type ApiResult } from './client';

/** One line of `GET /api/user/carts` (docs/catalogue-api.md, shopper). */
export interface CartLineRow {
  cart_id: number;
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_image: string;
  sku_name: string | string[] | null;
  goods_price: string | number;
  goods_stock: number;
  buy_num: number;
  available?: boolean;
}

export interface CartStoreRow {
  store_id: number;
  store_name: string;
  cart_list: CartLineRow[];
}

/** A 2-decimal money string ("99.00", "5.5", "-1") as integer cents, without floating point. */
export function toCents(value: string | number | null | undefined): number {
  const text = String(value ?? '').trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return 0;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole || '0') * 100 + Number(`${fraction}00`.slice(0, 2));
  return sign ? -cents : cents;
}

const specName = (value: CartLineRow['sku_name']) => (Array.isArray(value) ? value.join(' ') : (value ?? '')).trim();

/** The server's stores as the cart machine wants them. */
export function cartStoresOf(rows: readonly CartStoreRow[]): CartStore[] {
  return rows.map((store) => ({
    storeId: Number(store.store_id),
    storeName: store.store_name ?? '',
    lines: (store.cart_list ?? []).map((row) => ({
      cartId: Number(row.cart_id),
      goodsId: Number(row.goods_id),
      skuId: Number(row.sku_id) || 0,
      name: row.goods_name ?? '',
      priceCents: toCents(row.goods_price),
      qty: Number(row.buy_num) || 0,
      stock: Number(row.goods_stock) || 0,
      image: row.goods_image ?? '',
      skuName: specName(row.sku_name),
      available: row.available !== false,
    })),
  }));
}

/** GET /api/user/carts → `{data: stores, total}` (a plain array is accepted too). */
export function loadCarts(): Promise<ApiResult<{ data: CartStoreRow[]; total?: number } | CartStoreRow[]>> {
  return request(2, 'GET', '/user/carts', { page: 1, per_page: 100 }, { quiet: true });
}

export function updateCartQty(cartId: number, qty: number): Promise<ApiResult<unknown>> {
  return request(2, 'PUT', `/user/carts/${cartId}`, { buy_num: qty }, { quiet: true });
}

export function removeCartLines(cartIds: readonly number[]): Promise<ApiResult<unknown>> {
  return request(2, 'DELETE', `/user/carts/${cartIds.join(',')}`, undefined, { quiet: true });
}
