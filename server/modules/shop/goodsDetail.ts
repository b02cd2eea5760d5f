import { storePromotionsOf } from '../marketing/wallet';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { goods, goods_attrs, goods_skus, goods_specs } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { imageList, thumbUrl } from '../catalogue/images';
import { commentStatistics } from '../reviews/rating';
import { promotionsOfGoods } from '../seckill/shop';
import { catalogueOf, classPath } from './classes';
import { goodsVisible, idParam, splitList, type Executor } from './shared';
import { publicStoreInfo, saleList } from './stores';

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

/**
 * The goods page's data (GET /api/goods/:id, and inlined in the goods page's HTML); a 404
 * ApiError when the goods is not visible.
 */
export async function goodsDetailOf(db: Executor, id: number) {
  const row = await visibleGoods(db, id);
  const [catalogue, skus, storeInfo, statistics, sales, promotions] = await Promise.all([
    catalogueOf(db),
    skusOf(db, id),
    publicStoreInfo(db, row.store_id),
    commentStatistics(db, id),
    saleList(db, row.store_id, { classId: row.class_id, exceptId: id }),
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

async function goodsShow(c: Context<AppEnv>) {
  return ok(c, await goodsDetailOf(c.get('services').db, idParam(c.req.param('id'), 'id')));
}

export function mountGoodsDetail(api: Hono<AppEnv>) {
  api.get('/goods/:id', goodsShow);
}
