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

/** idem_key: 8–64 of [A-Za-z0-9_-], required on create. */
export function idemKeyOf(raw: unknown): string {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(raw)) throw fail('orders.badIdemKey', undefined, 422, { field: 'idem_key' });
  return raw;
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
