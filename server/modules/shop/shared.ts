import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { goods, stores } from '../../db/schema';
import { fail } from '../../http/envelope';
import { decodeBase64Json, decodeUriText } from '../../http/input';
import './messages';

/**
 * Shared pieces of the storefront endpoints: what "visible" means, the GoodsCard shape, the
 * paginator and the parsing of `params` (base64 JSON), pages and id lists.
 */
export type Executor = Db | Tx;

/** An open, approved, live store (written with literals so partial indexes can match). */
export const storeIsOpen: SQL = sql`${stores.store_status} = 1 and ${stores.store_verify} = 4 and ${stores.deleted_at} is null`;

/** The ids of open approved stores, as a subquery. */
export const openStoreIds = (db: Executor) => db.select({ id: stores.id }).from(stores).where(storeIsOpen);

/** The goods' own visibility, matching the predicate of the partial indexes goods_public_*. */
export const goodsIsPublic: SQL = sql`${goods.goods_status} = 1 and ${goods.goods_verify} = 1 and ${goods.deleted_at} is null`;

/** Visible goods: on the shelf, approved, live, in an open approved store. */
export const goodsVisible = (db: Executor): SQL => and(goodsIsPublic, inArray(goods.store_id, openStoreIds(db)))!;

/** GoodsCard columns (docs/catalogue-api.md). */
export const goodsCard = {
  id: goods.id,
  goods_name: goods.goods_name,
  goods_subname: goods.goods_subname,
  goods_master_image: goods.goods_master_image,
  goods_price: goods.goods_price,
  goods_market_price: goods.goods_market_price,
};

export interface Paging {
  page: number;
  perPage: number;
}

export interface Paginator<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

export const paginator = <T>(data: T[], total: number, paging: Paging): Paginator<T> => ({
  data,
  total,
  per_page: paging.perPage,
  current_page: paging.page,
  last_page: Math.max(1, Math.ceil(total / paging.perPage)),
});

const badParam = (field: string) => fail('shop.badParam', { field }, 422, { field });

/** A whole number from a query value (string or JSON number) within [min, max]; undefined when absent/blank. */
export function intParam(raw: unknown, field: string, min: number, max: number): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || !/^-?\d{1,10}$/.test(text)) throw badParam(field);
  const n = Number(text);
  if (n < min || n > max) throw badParam(field);
  return n;
}

/** `page` (≥ 1) and `per_page` (1..max, default 30); anything else is a 422. */
export function pagingOf(input: Record<string, unknown>, max = 100, fallback = 30): Paging {
  const check = (field: string, limit: number, value: number) => {
    const raw = input[field];
    if (raw === undefined || raw === '') return value;
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > limit)
      throw fail('shop.badPage', { field, max: limit }, 422, { field });
    return Number(raw);
  };
  return { page: check('page', 1_000_000, 1), perPage: check('per_page', max, fallback) };
}

/** Decodes `params` = base64(UTF-8 JSON object); absent → {}; garbage → 422 (http/input decodeBase64Json). */
export function paramsOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  const bad = () => fail('shop.badParams', undefined, 422, { field: 'params' });
  if (typeof raw !== 'string' || raw.length > 20_000) throw bad();
  const value = decodeBase64Json(raw, 'params');
  if (value === null) return {};
  if (value === undefined || typeof value !== 'object' || Array.isArray(value)) throw bad();
  return value as Record<string, unknown>;
}

/** `keywords` of params: URL-encoded text, decoded safely (a lone `%` stays as it is), ≤ 60 characters. */
export function keywordsOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badParam('keywords');
  const text = decodeUriText(String(raw), 'keywords').trim();
  if ([...text].length > 60) throw fail('fieldTooLong', { field: 'keywords', max: 60 }, 422, { field: 'keywords' });
  return text || undefined;
}

/** Path ids `1,2,3` (own rows deleted in one call); anything but ids is a 422. */
export function pathIds(raw: string, field = 'ids'): number[] {
  const parts = raw.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0 || parts.length > 500 || parts.some((p) => !/^\d{1,9}$/.test(p) || Number(p) < 1))
    throw fail('shop.badIds', { field }, 422, { field });
  return [...new Set(parts.map(Number))];
}

/** A required positive id (path or body). */
export function idParam(raw: unknown, field: string): number {
  const id = intParam(raw, field, 1, 2147483647);
  if (id === undefined) throw fail('fieldRequired', { field }, 422, { field });
  return id;
}

/** Comma-joined text as a list, blanks dropped. */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
