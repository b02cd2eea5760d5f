import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { goods, order_comments, stores } from '../../db/schema';
import { commentVisible } from '../reviews/rating';
import { escapeLike } from '../../http/crud';
import { jsonSafe } from '../../http/crud/present';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { goodsCard, goodsVisible, idParam, keywordsOf, paginator, pagingOf, paramsOf, splitList, storeIsOpen, type Executor } from './shared';

/**
 * Public stores (docs/catalogue-api.md): GET /api/stores (by distance from lat/lng, haversine in
 * SQL) and GET /api/store/:id. Only open approved stores; only public columns — never identity
 * documents, licences, the legal person, people's phones or money.
 */
export const PUBLIC_STORE = {
  id: stores.id,
  user_id: stores.user_id,
  store_name: stores.store_name,
  store_logo: stores.store_logo,
  store_face_image: stores.store_face_image,
  store_mobile: stores.store_mobile,
  store_description: stores.store_description,
  store_slide: stores.store_slide,
  store_mobile_slide: stores.store_mobile_slide,
  store_company_name: stores.store_company_name,
  area_info: stores.area_info,
  store_address: stores.store_address,
  store_lat: stores.store_lat,
  store_lng: stores.store_lng,
  after_sale_service: stores.after_sale_service,
  // the reference answers them and its clients read them (always 1 and 4 here: only open,
  // approved stores are shown)
  store_status: stores.store_status,
  store_verify: stores.store_verify,
  created_at: stores.created_at,
};

export interface StoreRate {
  scoreAll: number;
  agreeAll: number;
  serviceAll: number;
  speedAll: number;
}

const star = (value: unknown) => (value === null || value === undefined ? 5 : Math.min(5, Math.max(1, Math.round(Number(value)))));

/** Integer averages 1..5 of the store's reviews (5 when none). */
export async function storeRate(db: Executor, storeId: number): Promise<StoreRate> {
  const [row] = await db
    .select({
      score: sql<string | null>`avg(${order_comments.score})`,
      agree: sql<string | null>`avg(${order_comments.agree})`,
      service: sql<string | null>`avg(${order_comments.service})`,
      speed: sql<string | null>`avg(${order_comments.speed})`,
    })
    .from(order_comments)
    .where(and(eq(order_comments.store_id, storeId), commentVisible));
  return { scoreAll: star(row?.score), agreeAll: star(row?.agree), serviceAll: star(row?.service), speedAll: star(row?.speed) };
}

/** Up to 6 visible goods of the store (optionally of one class, without one goods), by sales. */
export async function saleList(db: Executor, storeId: number, opts: { classId?: number; exceptId?: number } = {}) {
  return db
    .select(goodsCard)
    .from(goods)
    .where(
      and(
        goodsVisible(db),
        eq(goods.store_id, storeId),
        opts.classId ? eq(goods.class_id, opts.classId) : undefined,
        opts.exceptId ? sql`${goods.id} <> ${opts.exceptId}` : undefined,
      ),
    )
    .orderBy(desc(goods.goods_sale), desc(goods.id))
    .limit(6);
}

/**
 * The goods page's "best sellers": the store's best sellers of the goods' class first (reference
 * `sale_list`), then, when that class has fewer than 6 others, the store's other best sellers, so
 * the panel does not read "no goods" for a store that has goods.
 */
export async function goodsPageSaleList(db: Executor, storeId: number, classId: number, goodsId: number) {
  const [sameClass, store] = await Promise.all([saleList(db, storeId, { classId, exceptId: goodsId }), saleList(db, storeId, { exceptId: goodsId })]);
  const seen = new Set(sameClass.map((g) => g.id));
  return [...sameClass, ...store.filter((g) => !seen.has(g.id))].slice(0, 6);
}

/** The public record of an open approved store with its `rate`; 404 otherwise. */
export async function publicStoreInfo(db: Executor, storeId: number) {
  const [row] = await db
    .select(PUBLIC_STORE)
    .from(stores)
    .where(and(eq(stores.id, storeId), storeIsOpen));
  if (!row) throw fail('shop.storeNotFound', undefined, 404);
  return jsonSafe({
    ...row,
    store_slide: splitList(row.store_slide),
    store_mobile_slide: splitList(row.store_mobile_slide),
    rate: await storeRate(db, storeId),
  });
}

/** A latitude/longitude query value (default when absent), else a 422. */
function coordinate(raw: unknown, field: string, limit: number, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const n = Number(text);
  if (!/^-?\d{1,3}(\.\d{1,15})?$/.test(text) || Math.abs(n) > limit) throw fail('shop.badCoordinate', { field }, 422, { field });
  return n;
}

const NUMBER = `'^-?[0-9]{1,3}(\\.[0-9]+)?$'`;
const asFloat = (column: typeof stores.store_lat | typeof stores.store_lng) =>
  sql`(case when ${column} ~ ${sql.raw(NUMBER)} then ${column}::float8 end)`;

/** Great-circle distance in km from (lat, lng) to the store (haversine; null when the store has no point). */
function distanceKm(lat: number, lng: number): SQL<number | null> {
  const slat = asFloat(stores.store_lat);
  const slng = asFloat(stores.store_lng);
  // `least` skips NULLs (least(1, NULL) is 1): without a point the answer must be NULL, not asin(1)
  return sql<number | null>`(case when ${slat} is null or ${slng} is null then null else 12742 * asin(least(1, sqrt(
    power(sin(radians(${slat} - ${lat}::float8) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(${slat})) * power(sin(radians(${slng} - ${lng}::float8) / 2), 2)))) end)`;
}

/** The outer stores.id inside a correlated subquery (Drizzle may leave column names unqualified). */
const OUTER_STORE_ID = sql.raw('"stores"."id"');

/**
 * % of good reviews (sum of the 4 scores ≥ 15), 100 when none: from the review counts each goods
 * keeps (reviews/rating.ts: comment_good of comment_count, visible reviews only), summed over the
 * store's goods. Counting the store's reviews themselves read every review of every listed store
 * (a busy store has tens of thousands).
 */
const goodRate = sql<number>`(select case when coalesce(sum(${goods.comment_count}), 0) = 0 then 100
    else round(100.0 * sum(${goods.comment_good}) / sum(${goods.comment_count}))::int end
  from ${goods} where ${goods.store_id} = ${OUTER_STORE_ID})`;

const goodsCount = sql<number>`(select count(*)::int from ${goods} where ${goods.store_id} = ${OUTER_STORE_ID}
  and ${goods.goods_status} = 1 and ${goods.goods_verify} = 1 and ${goods.deleted_at} is null)`;

/** GET /api/stores?params=base64({keywords?, sort_type?: 'distance', sort_order?})&lat&lng&page&per_page */
async function storeList(c: Context<AppEnv>) {
  const input = await readInput(c);
  const params = paramsOf(input.params);
  const paging = pagingOf(input, 100, 30);
  const lat = coordinate(input.lat, 'lat', 90, 39.92);
  const lng = coordinate(input.lng, 'lng', 180, 116.46);
  const keywords = keywordsOf(params.keywords);
  if (params.sort_type !== undefined && params.sort_type !== '' && params.sort_type !== 'distance')
    throw fail('shop.badSort', { field: String(params.sort_type).slice(0, 30) }, 422, { field: 'sort_type' });
  const order = params.sort_order ?? 'asc';
  if (order !== 'asc' && order !== 'desc' && order !== '') throw fail('shop.badParam', { field: 'sort_order' }, 422, { field: 'sort_order' });
  const db = c.get('services').db;
  const distance = distanceKm(lat, lng);
  const matching = and(storeIsOpen, keywords ? sql`${stores.store_name} ilike ${`%${escapeLike(keywords)}%`}` : undefined);
  // the page's stores first (by distance), then their rate and goods count: those run for 30 stores, not for every open one
  const page = db
    .select({ id: stores.id })
    .from(stores)
    .where(matching)
    .orderBy(order === 'desc' ? sql`${distance} desc nulls last` : sql`${distance} asc nulls last`, stores.id)
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stores.id,
        store_name: stores.store_name,
        store_logo: stores.store_logo,
        store_company_name: stores.store_company_name,
        area_info: stores.area_info,
        store_address: stores.store_address,
        store_description: stores.store_description,
        distance: sql<number | null>`round(${distance}::numeric, 1)::float8`,
        rate: goodRate,
        goods_count: goodsCount,
      })
      .from(stores)
      .where(inArray(stores.id, page))
      .orderBy(order === 'desc' ? sql`${distance} desc nulls last` : sql`${distance} asc nulls last`, stores.id),
    db.select({ n: sql<string>`count(*)` }).from(stores).where(matching),
  ]);
  const total = Number(counted.n);
  return ok(
    c,
    paginator(
      rows.map((row) => ({ ...row, rate: Number(row.rate), goods_count: Number(row.goods_count) })),
      total,
      paging,
    ),
  );
}

/** GET /api/store/:id — public store record + rate + sale_list. */
async function storeShow(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const id = idParam(c.req.param('id'), 'id');
  const info = await publicStoreInfo(db, id);
  return ok(c, { ...info, sale_list: await saleList(db, id) });
}

export function mountStores(api: Hono<AppEnv>) {
  api.get('/stores', storeList);
  api.get('/store/:id', storeShow);
}
