import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { toCents } from '../../db/money';
import { freights, goods, goods_skus, stores } from '../../db/schema';
import type { LoadedSale } from '../seckill/linePromo';
import { loadPromos, runningSaleJson, runningSaleOf } from '../seckill/loadPromos';
import { NO_PROMOTIONS, promotionsJson, promotionsOf, type Promotions } from '../marketing/promotions';
import type { FreightTemplate } from './freight';
import type { CheckoutData, LoadedGoods, LoadedSku, LoadedStore, RequestLine } from './pricing';

type Executor = Db | Tx;

const sku = alias(goods_skus, 'sku');

/** The live freight templates of the row's store, as JSON text (amounts as text: never floats). */
const storeTemplates = sql<FreightJson[] | string>`(select coalesce(json_agg(json_build_object(
    'id', f.id, 'isType', f.is_type, 'areaId', f.area_id, 'fWeight', f.f_weight::text, 'fPrice', f.f_price::text,
    'oWeight', f.o_weight::text, 'oPrice', f.o_price::text) order by f.id), '[]')
  from ${freights} f where f.store_id = "goods"."store_id" and f.deleted_at is null)`;

interface FreightJson { id: number; isType: number; areaId: string; fWeight: string; fPrice: string; oWeight: string; oPrice: string }

/**
 * Reads what priceCheckout needs in ONE query (one round trip inside the checkout transaction):
 * the goods of the lines with their store, the requested SKUs (one row per goods × requested SKU
 * of it) and the live freight templates of each goods' store (a JSON subquery). Deleted,
 * off-shelf and closed rows are read too: the pricing says why they cannot be bought.
 */
export async function loadCheckout(db: Executor, input: { lines: RequestLine[]; buyerId: number; province: number }): Promise<CheckoutData> {
  return (await readCheckout(db, input, false)).data;
}

/**
 * loadCheckout and, in the same statement, the promotions of the buyer and of the lines' stores
 * (marketing/promotions.ts: wallet coupons and running full reductions), for the preview and the
 * order creation: one round trip instead of two.
 */
export interface CheckoutRead {
  data: CheckoutData;
  promotions: Promotions;
}

export async function loadCheckoutWithPromotions(db: Executor, input: { lines: RequestLine[]; buyerId: number; province: number }): Promise<CheckoutRead> {
  return readCheckout(db, input, true);
}

/** `column = any($name::int[])`: one statement text whatever the number of ids. */
const anyOf = (column: SQL | typeof goods.id, name: string) => sql`${column} = any(${sql.placeholder(name)}::int[])`;

function checkoutQuery(db: Executor, withPromotions: boolean) {
  return db
    .select({
      id: goods.id,
      storeId: goods.store_id,
      name: goods.goods_name,
      image: goods.goods_master_image,
      price: goods.goods_price,
      stock: goods.goods_stock,
      weight: goods.goods_weight,
      freightId: goods.freight_id,
      status: goods.goods_status,
      verify: goods.goods_verify,
      deleted: sql<boolean>`${goods.deleted_at} is not null`,
      hasSkus: sql<boolean>`exists (select 1 from ${goods_skus} s where s.goods_id = "goods"."id" and s.deleted_at is null)`,
      storeName: stores.store_name,
      storeLogo: stores.store_logo,
      storeUser: stores.user_id,
      storeOpen: sql<boolean>`(${stores.store_status} = 1 and ${stores.store_verify} = 4 and ${stores.deleted_at} is null)`,
      skuId: sku.id,
      skuName: sku.sku_name,
      skuImage: sku.goods_image,
      skuPrice: sku.goods_price,
      skuStock: sku.goods_stock,
      skuWeight: sku.goods_weight,
      templates: storeTemplates,
      sale: runningSaleJson,
      // uncorrelated: evaluated once for the statement, whatever the number of rows
      promotions: withPromotions
        ? promotionsJson(sql.placeholder('buyer'), sql`select g2.store_id from ${goods} g2 where ${anyOf(sql`g2.id`, 'goods')}`)
        : sql<null>`null`,
    })
    .from(goods)
    .leftJoin(stores, eq(stores.id, goods.store_id))
    .leftJoin(sku, and(eq(sku.goods_id, goods.id), anyOf(sql`${sku.id}`, 'skus'), isNull(sku.deleted_at)))
    .where(anyOf(goods.id, 'goods'))
    .prepare('');
}

type CheckoutQuery = ReturnType<typeof checkoutQuery>;
/** Built and compiled once per database (building the statement cost more CPU than running it). */
const checkoutQueries = new WeakMap<Executor, { plain?: CheckoutQuery; withPromotions?: CheckoutQuery }>();

function checkoutQueryOf(db: Executor, withPromotions: boolean): CheckoutQuery {
  let kept = checkoutQueries.get(db);
  if (!kept) checkoutQueries.set(db, (kept = {}));
  const key = withPromotions ? 'withPromotions' : 'plain';
  return (kept[key] ??= checkoutQuery(db, withPromotions));
}

async function readCheckout(db: Executor, input: { lines: RequestLine[]; buyerId: number; province: number }, withPromotions: boolean): Promise<{ data: CheckoutData; promotions: Promotions }> {
  const goodsIds = [...new Set(input.lines.map((l) => l.goodsId))];
  const skuIds = [...new Set(input.lines.map((l) => l.skuId).filter((id) => id > 0))];
  const rows = goodsIds.length ? await checkoutQueryOf(db, withPromotions).execute({ goods: goodsIds, skus: skuIds, buyer: input.buyerId }) : [];

  const goodsMap = new Map<number, LoadedGoods>();
  const running = new Map<number, LoadedSale>();
  const skuMap = new Map<number, LoadedSku>();
  const storeMap = new Map<number, LoadedStore>();
  for (const r of rows) {
    if (!running.has(r.id)) {
      const sale = runningSaleOf(r.id, r.sale);
      if (sale) running.set(r.id, sale);
    }
    if (!goodsMap.has(r.id))
      goodsMap.set(r.id, {
        id: r.id,
        storeId: r.storeId,
        name: r.name,
        image: r.image,
        price: toCents(r.price),
        stock: r.stock,
        weight: toCents(r.weight),
        freightId: r.freightId,
        onShelf: r.status === 1,
        approved: r.verify === 1,
        deleted: Boolean(r.deleted),
        hasSkus: Boolean(r.hasSkus),
      });
    if (r.storeName !== null && !storeMap.has(r.storeId))
      storeMap.set(r.storeId, { id: r.storeId, name: r.storeName, logo: r.storeLogo ?? '', userId: r.storeUser ?? 0, open: Boolean(r.storeOpen) });
    if (r.skuId !== null)
      skuMap.set(r.skuId, {
        id: r.skuId,
        goodsId: r.id,
        name: r.skuName ?? '',
        image: r.skuImage ?? '',
        price: toCents(r.skuPrice),
        stock: r.skuStock ?? 0,
        weight: toCents(r.skuWeight),
      });
  }

  const templates = new Map<number, FreightTemplate[]>();
  for (const r of rows) {
    if (r.storeName === null || templates.has(r.storeId)) continue;
    const list: FreightJson[] = typeof r.templates === 'string' ? JSON.parse(r.templates) : r.templates;
    templates.set(
      r.storeId,
      list.map((t) => ({
        id: t.id,
        isType: t.isType === 0 ? 0 : 1,
        provinces: t.areaId
          .split(',')
          .map((p) => Number(p.trim()))
          .filter((p) => Number.isInteger(p) && p > 0),
        firstWeight: toCents(t.fWeight),
        firstPrice: toCents(t.fPrice),
        extraWeight: toCents(t.oWeight),
        extraPrice: toCents(t.oPrice),
      })),
    );
  }

  const asked = await loadPromos(db, input.lines);
  const promos = asked || running.size ? { sales: new Map(), offers: new Map(), groups: new Map(), ...asked, running } : undefined;
  return {
    data: { lines: input.lines, goods: goodsMap, skus: skuMap, stores: storeMap, templates, province: input.province, buyerId: input.buyerId, ...(promos ? { promos } : {}) },
    promotions: withPromotions && rows.length > 0 ? promotionsOf(rows[0].promotions) : NO_PROMOTIONS,
  };
}
