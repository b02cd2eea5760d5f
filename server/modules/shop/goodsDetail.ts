import { storePromotionsOf } from '../marketing/wallet';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { keptUntilWrite } from '../../db/writeMark';
import { collective_logs, goods, goods_attrs, goods_skus, goods_specs, order_comments, stores } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { imageList, thumbUrl } from '../catalogue/images';
import { commentStatistics } from '../reviews/rating';
import { promotionsOfGoods } from '../seckill/shop';
import { catalogueOf, classPath } from './classes';
import { goodsIsPublic, goodsVisible, idParam, splitList, storeIsOpen, type Executor } from './shared';
import { goodsPageSaleList, publicStoreInfo } from './stores';

/**
 * GET /api/goods/:id (docs/catalogue-api.md GoodsDetail): a visible goods only (404 otherwise,
 * unlike the reference, which showed off-shelf goods by id).
 */
const PUBLIC_GOODS = {
  id: goods.id,
  goods_name: goods.goods_name,
  goods_subname: goods.goods_subname,
  goods_no: goods.goods_no,
  brand_id: goods.brand_id,
  class_id: goods.class_id,
  store_id: goods.store_id,
  goods_master_image: goods.goods_master_image,
  goods_price: goods.goods_price,
  goods_market_price: goods.goods_market_price,
  goods_stock: goods.goods_stock,
  goods_sale: goods.goods_sale,
  goods_collect: goods.goods_collect,
  goods_content: goods.goods_content,
  freight_id: goods.freight_id,
};

/** The visible goods row (public columns + images), or a 404. */
export async function visibleGoods(db: Executor, id: number) {
  const [row] = await db
    .select({ ...PUBLIC_GOODS, goods_images: goods.goods_images })
    .from(goods)
    .where(and(eq(goods.id, id), goodsVisible(db)));
  if (!row) throw fail('shop.goodsNotFound', undefined, 404);
  return row;
}

const specIds = (text: string) => splitList(text).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);

/** The live SKUs of a goods, spec_id and sku_name as arrays. */
export async function skusOf(db: Executor, goodsId: number) {
  const rows = await db
    .select({
      id: goods_skus.id,
      spec_id: goods_skus.spec_id,
      sku_name: goods_skus.sku_name,
      goods_image: goods_skus.goods_image,
      goods_price: goods_skus.goods_price,
      goods_market_price: goods_skus.goods_market_price,
      goods_stock: goods_skus.goods_stock,
    })
    .from(goods_skus)
    .where(and(eq(goods_skus.goods_id, goodsId), isNull(goods_skus.deleted_at)))
    .orderBy(asc(goods_skus.id));
  return rows.map((row) => ({ ...row, spec_id: specIds(row.spec_id), sku_name: splitList(row.sku_name) }));
}

/** Attributes with only the specs the SKUs use; attribute order = position in spec_id. */
async function attrListOf(db: Executor, skus: { spec_id: number[] }[]) {
  const used = [...new Set(skus.flatMap((sku) => sku.spec_id))];
  if (used.length === 0) return [];
  const specs = await db
    .select({ id: goods_specs.id, name: goods_specs.name, attr_id: goods_attrs.id, attr_name: goods_attrs.name })
    .from(goods_specs)
    .innerJoin(goods_attrs, eq(goods_attrs.id, goods_specs.attr_id))
    .where(inArray(goods_specs.id, used))
    .orderBy(asc(goods_specs.id));
  const position = new Map<number, number>();
  for (const sku of skus) sku.spec_id.forEach((specId, i) => position.set(specId, Math.min(position.get(specId) ?? i, i)));
  const attrs = new Map<number, { id: number; name: string; specs: { id: number; name: string }[]; at: number }>();
  for (const spec of specs) {
    const attr = attrs.get(spec.attr_id) ?? { id: spec.attr_id, name: spec.attr_name, specs: [], at: Infinity };
    attr.specs.push({ id: spec.id, name: spec.name });
    attr.at = Math.min(attr.at, position.get(spec.id) ?? Infinity);
    attrs.set(spec.attr_id, attr);
  }
  return [...attrs.values()].sort((a, b) => a.at - b.at || a.id - b.id).map(({ at: _at, ...attr }) => attr);
}

/** {all, good, commonly, bad, rate} of a goods' visible reviews: kept by modules/reviews/rating.ts. */
export { commentStatistics };

/** The goods page's data built from several queries: what `goodsDetailOf` keeps between changes. */
async function loadDetail(db: Executor, id: number) {
  const row = await visibleGoods(db, id);
  const [catalogue, skus, storeInfo, statistics, sales, promotions] = await Promise.all([
    catalogueOf(db as Db),
    skusOf(db, id),
    publicStoreInfo(db, row.store_id),
    commentStatistics(db, id),
    goodsPageSaleList(db, row.store_id, row.class_id, id),
    storePromotionsOf(db, row.store_id),
  ]);
  const images = imageList(row.goods_images);
  if (images.length === 0 && row.goods_master_image) images.push(row.goods_master_image);
  const { goods_images: _joined, ...columns } = row;
  return {
    ...columns,
    goods_images: images,
    goods_images_thumb_400: images.map((url) => thumbUrl(url, 400)),
    goods_images_thumb_150: images.map((url) => thumbUrl(url, 150)),
    classList: classPath(catalogue, row.class_id),
    brand: catalogue.brandById.get(row.brand_id) ?? null,
    attrList: await attrListOf(db, skus),
    skuList: skus,
    store_info: storeInfo,
    rate: storeInfo.rate,
    comment_statistics: statistics,
    sale_list: sales,
    coupons: promotions.coupons,
    full_reductions: promotions.full_reductions,
    // seckills, collectives, collective_list: flash sale, group offer and open groups (seckill/shop.ts)
    ...(await promotionsOfGoods(db, id)),
  };
}

type Detail = Awaited<ReturnType<typeof loadDetail>>;

/** What a goods page shows that changes without a catalogue write: read on every request. */
interface LiveSku { id: number; goods_price: string; goods_market_price: string; goods_stock: number }
interface Live {
  visible: boolean;
  goods_price: string;
  goods_market_price: string;
  goods_stock: number;
  goods_sale: number;
  goods_collect: number;
  skus: LiveSku[] | string;
  /** The goods' advertised groups as `id:joined:paid`: joins, payments, cancels and expiry change it, no console write announces them. */
  groups: string;
  version: string;
}

/**
 * ONE statement per request: the goods' visibility (its own flags and its store's, as
 * `goodsVisible`), its prices, stock, sales and favourites, its live SKUs' prices and stock, and
 * the `shop_changes` sequence (server/modules/shop/shopChanges.ts), which every catalogue write
 * (goods, SKUs, specs, classes, brands, stores) bumps after it committed, on any instance, and the
 * fingerprint of its advertised groups (seckill/shop.ts `advertised`), which orders change as they
 * change stock: a join, a payment, a cancel, a group filling or closing.
 */
function liveStatement(db: Db) {
  return db
    .select({
      visible: sql<boolean>`(${goodsIsPublic} and ${stores.id} is not null and ${storeIsOpen})`,
      goods_price: goods.goods_price,
      goods_market_price: goods.goods_market_price,
      goods_stock: goods.goods_stock,
      goods_sale: goods.goods_sale,
      goods_collect: goods.goods_collect,
      skus: sql<LiveSku[] | string>`(select coalesce(json_agg(json_build_object('id', s.id, 'goods_price', s.goods_price::text,
          'goods_market_price', s.goods_market_price::text, 'goods_stock', s.goods_stock) order by s.id), '[]')
        from ${goods_skus} s where s.goods_id = ${goods.id} and s.deleted_at is null)`,
      groups: sql<string>`(select coalesce(string_agg(g.id || ':' || g.joined || ':' || g.paid, ',' order by g.id), '')
        from ${collective_logs} g where g.goods_id = ${goods.id} and g.status = 2 and g.deleted_at is null
        and g.paid > 0 and g.joined < g.need and g.expires_at > localtimestamp(0))`,
      version: sql<string>`(select (case when is_called then last_value else 0 end)::text from shop_changes)`,
    })
    .from(goods)
    .leftJoin(stores, eq(stores.id, goods.store_id))
    .where(eq(goods.id, sql.placeholder('id')))
    .prepare('souk_goods_live');
}

/**
 * How long a kept page may serve its review figures (comment counts, the store's rate), which no
 * catalogue write announces; everything else it holds is replaced at the next catalogue write.
 */
export const DETAIL_REVIEWS_MS = 30_000;
const MAX_KEPT = 2000;

interface Kept { version: string; groups: string; at: number; value: Promise<Detail> }
type Answer = Omit<Detail, 'goods_price' | 'goods_market_price' | 'goods_stock' | 'goods_sale' | 'goods_collect' | 'skuList'> &
  Pick<Live, 'goods_price' | 'goods_market_price' | 'goods_stock' | 'goods_sale' | 'goods_collect'> & { skuList: Detail['skuList'] };
const kept = new WeakMap<Db, { live: ReturnType<typeof liveStatement>; pages: Map<number, Kept> }>();

function keptOf(db: Db) {
  let k = kept.get(db);
  if (!k) kept.set(db, (k = { live: liveStatement(db), pages: new Map() }));
  return k;
}

/**
 * The goods page's data (GET /api/goods/:id, and inlined in the goods page's HTML); a 404
 * ApiError when the goods is not visible. On PostgreSQL every call is `detailNow` (one statement).
 * On the embedded database, which only this process writes, a whole answer is kept until the
 * next write of any kind (server/db/writeMark.ts): no statement at all while nothing changed.
 */
export function goodsDetailOf(db: Executor, id: number): Promise<Answer> {
  return keptAnswers(db, id, () => detailNow(db, id));
}

// the kept part inside an answer still expires for what no write of this process announced
const keptAnswers = keptUntilWrite<Answer>(MAX_KEPT, DETAIL_REVIEWS_MS);

const sameSkus = (a: readonly { id: number }[], b: readonly { id: number }[]) => a.length === b.length && a.every((sku, i) => sku.id === b[i].id);

/**
 * The goods page's data read now. One database statement per call (`liveStatement`):
 * visibility, prices, stock, sales and SKU prices and stock are always the database's at that
 * moment. The rest (texts, images, specs, store, classes, related goods) is kept per goods and
 * rebuilt when the `shop_changes` sequence read in that same statement moved (a catalogue write
 * on any instance), when the goods' advertised groups changed (a join, payment or cancel), when the goods' SKUs are not the kept ones, or after DETAIL_REVIEWS_MS.
 */
async function detailNow(db: Executor, id: number): Promise<Answer> {
  const k = keptOf(db as Db);
  const [live] = (await k.live.execute({ id })) as Live[];
  if (!live || !live.visible) throw fail('shop.goodsNotFound', undefined, 404);
  const skus: LiveSku[] = typeof live.skus === 'string' ? JSON.parse(live.skus) : live.skus;
  let page = k.pages.get(id);
  const fresh = (p: Kept) => p.version === live.version && p.groups === live.groups && Date.now() - p.at < DETAIL_REVIEWS_MS;
  if (page && !fresh(page)) page = undefined;
  let detail = page ? await page.value.catch(() => null) : null;
  if (!detail || !sameSkus(detail.skuList, skus)) {
    const entry: Kept = { version: live.version, groups: live.groups, at: Date.now(), value: loadDetail(db, id) };
    k.pages.delete(id);
    if (k.pages.size >= MAX_KEPT) k.pages.delete(k.pages.keys().next().value!);
    k.pages.set(id, entry);
    entry.value.catch(() => {
      if (k.pages.get(id) === entry) k.pages.delete(id);
    });
    detail = await entry.value;
  }
  const bySku = new Map(skus.map((sku) => [sku.id, sku]));
  return {
    ...detail,
    goods_price: live.goods_price,
    goods_market_price: live.goods_market_price,
    goods_stock: live.goods_stock,
    goods_sale: live.goods_sale,
    goods_collect: live.goods_collect,
    skuList: detail.skuList.map((sku) => {
      const now = bySku.get(sku.id);
      return now ? { ...sku, goods_price: now.goods_price, goods_market_price: now.goods_market_price, goods_stock: now.goods_stock } : sku;
    }),
  };
}

async function goodsShow(c: Context<AppEnv>) {
  return ok(c, await goodsDetailOf(c.get('services').db, idParam(c.req.param('id'), 'id')));
}

export function mountGoodsDetail(api: Hono<AppEnv>) {
  api.get('/goods/:id', goodsShow);
}
