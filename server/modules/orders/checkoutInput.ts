import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { fail } from '../../http/envelope';
import { intParam, paramsOf } from '../shop/shared';
import type { RequestLine } from './pricing';
import './messages';
import '../seckill/messages';

/**
 * The input of preview and create (docs/orders-api.md "Checkout"): `params` = base64 of JSON
 * `{order: [{goods_id, sku_id, buy_num, cart_id?}], ifcart}`, the address, remarks and the
 * idempotency key. The shape is checked here (a malformed one is a 422 naming the field); the
 * quantities are left to the pricing, which refuses a bad one per line.
 */
export const MAX_LINES = 50;
export const REMARK_MAX = 150;

export interface CheckoutRequest {
  lines: RequestLine[];
  ifcart: boolean;
}

const badParams = (detail: string) => fail('orders.badParams', { detail }, 422, { field: 'params' });

/** A whole id ≥ 1 from a JSON value (number or digit string); otherwise null. */
function idOf(raw: unknown, allowZero = false): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  if (n > 2147483647 || (n === 0 && !allowZero)) return null;
  return n;
}

/** buy_num as a number for the pricing (which refuses anything but 1..9,999); NaN when not a number. */
function buyNumOf(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)) return Number(raw);
  return Number.NaN;
}

/** seckill_id (a flash sale) and collective_id (-1 open a group, > 0 join one) of a line; 0 / absent = none. */
function promoIdsOf(o: Record<string, unknown>, i: number): Pick<RequestLine, 'seckillId' | 'collectiveId'> {
  const blank = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0';
  const seckillId = blank(o.seckill_id) ? 0 : idOf(o.seckill_id);
  const collectiveId = blank(o.collective_id) ? 0 : o.collective_id === -1 || o.collective_id === '-1' ? -1 : idOf(o.collective_id);
  if (seckillId === null) throw badParams(`order[${i}].seckill_id`);
  if (collectiveId === null) throw badParams(`order[${i}].collective_id`);
  if (seckillId && collectiveId) throw badParams(`order[${i}].collective_id`);
  return { ...(seckillId ? { seckillId } : {}), ...(collectiveId ? { collectiveId } : {}) };
}

export function checkoutRequestOf(raw: unknown): CheckoutRequest {
  if (raw === undefined || raw === null || raw === '') throw fail('fieldRequired', { field: 'params' }, 422, { field: 'params' });
  const params = paramsOf(raw);
  const order = params.order;
  if (!Array.isArray(order) || order.length === 0) throw badParams('order');
  if (order.length > MAX_LINES) throw fail('orders.tooManyLines', { max: MAX_LINES }, 422, { field: 'params' });
  const ifcart = params.ifcart === 1 || params.ifcart === '1' || params.ifcart === true;
  const lines = order.map((item, i): RequestLine => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw badParams(`order[${i}]`);
    const o = item as Record<string, unknown>;
    const goodsId = idOf(o.goods_id);
    const skuId = o.sku_id === undefined || o.sku_id === null || o.sku_id === '' ? 0 : idOf(o.sku_id, true);
    const cartId = o.cart_id === undefined || o.cart_id === null || o.cart_id === '' || o.cart_id === 0 ? 0 : idOf(o.cart_id);
    if (goodsId === null) throw badParams(`order[${i}].goods_id`);
    if (skuId === null) throw badParams(`order[${i}].sku_id`);
    if (cartId === null) throw badParams(`order[${i}].cart_id`);
    return { goodsId, skuId, buyNum: buyNumOf(o.buy_num), cartId, ...promoIdsOf(o, i) };
  });
  if (lines.length > 1 && lines.some((l) => l.collectiveId)) throw fail('seckill.onlyOneGroupLine', undefined, 422, { field: 'params' });
  return { lines, ifcart };
}

/** address_id: absent → undefined (preview uses the default address); else a positive id. */
export function addressIdOf(raw: unknown, required: boolean): number | undefined {
  const id = intParam(raw, 'address_id', 1, 2147483647);
  if (id === undefined && required) throw fail('orders.addressRequired', undefined, 422, { field: 'address_id' });
  return id;
}

/**
 * The idempotency key of a create. A client's own (`idem_key`, 8–64 of [A-Za-z0-9_-]) holds for
 * good. Without one (the reference's own clients send none) the key is derived from the shopper
 * and everything the request asks for, and holds for DERIVED_KEY_SECONDS: a double click on
 * "submit order" answers the first click's orders; the same order placed again later is a new one.
 */
export interface IdemKey {
  key: string;
  /** Seconds the key holds (derived keys); undefined: for good. */
  windowSeconds?: number;
}

export const DERIVED_KEY_SECONDS = 10;

export interface CreateRequestParts {
  userId: number;
  request: CheckoutRequest;
  addressId: number;
  coupons: ReadonlySet<number> | null;
  remarks: { all: string; byStore: ReadonlyMap<number, string> };
}

/** `auto:` + a hash of what a request asks for (no client key can hold `:`, so none collides with it; 48 characters). */
export const derivedKey = (parts: readonly unknown[]) => `auto:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;

/** The derived key of an order create: the shopper and everything the request asks for. */
export function derivedIdemKey(parts: CreateRequestParts): string {
  return derivedKey([
    parts.userId,
    parts.request.ifcart,
    parts.request.lines.map((l) => [l.goodsId, l.skuId, l.buyNum, l.cartId, l.seckillId ?? 0, l.collectiveId ?? 0]),
    parts.addressId,
    parts.coupons === null ? null : [...parts.coupons].sort((a, b) => a - b),
    parts.remarks.all,
    [...parts.remarks.byStore].sort((a, b) => a[0] - b[0]),
  ]);
}

/** A client's idem_key: 8–64 of [A-Za-z0-9_-], else a 422 naming the field. */
export function clientIdemKeyOf(raw: unknown): string {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(raw)) throw fail('orders.badIdemKey', undefined, 422, { field: 'idem_key' });
  return raw;
}

/** The create's key: the client's when sent; absent or empty → the key derived from the request. */
export function idemKeyOf(raw: unknown, parts: CreateRequestParts): IdemKey {
  if (raw === undefined || raw === null || raw === '') return { key: derivedIdemKey(parts), windowSeconds: DERIVED_KEY_SECONDS };
  return { key: clientIdemKeyOf(raw) };
}

function remarkText(raw: unknown, field: string): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw fail('fieldInvalid', { field }, 422, { field });
  const text = raw.trim();
  if ([...text].length > REMARK_MAX) throw fail('fieldTooLong', { field, max: REMARK_MAX }, 422, { field });
  return text;
}

/**
 * `remark` (one text for every store) or `remark[<store_id>]` per store. The per-store keys are
 * read from the raw form body, since the bracket parser turns small numeric keys into a packed
 * array; a JSON body may send `remark: {"<store_id>": "…"}`.
 */
export async function remarksOf(c: Context, input: Record<string, unknown>): Promise<{ all: string; byStore: Map<number, string> }> {
  const byStore = new Map<number, string>();
  const type = c.req.header('content-type') ?? '';
  let perStore: [string, unknown][] = [];
  if (type.includes('application/x-www-form-urlencoded') || (!type.includes('json') && !type.includes('multipart'))) {
    const text = await c.req.text();
    perStore = [...new URLSearchParams(text)].flatMap(([key, value]) => {
      const m = /^remark\[(\d{1,10})\]$/.exec(key);
      return m ? [[m[1], value] as [string, unknown]] : [];
    });
  } else if (input.remark && typeof input.remark === 'object') {
    perStore = Object.entries(input.remark as Record<string, unknown>);
  }
  for (const [key, value] of perStore) {
    const storeId = Number(key);
    if (!/^\d{1,10}$/.test(key) || storeId < 1) throw fail('fieldInvalid', { field: 'remark' }, 422, { field: 'remark' });
    byStore.set(storeId, remarkText(value, `remark[${key}]`));
  }
  const all = typeof input.remark === 'string' || input.remark === undefined ? remarkText(input.remark, 'remark') : '';
  return { all, byStore };
}
