import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { toCents } from '../../db/money';
import { freights, goods, goods_skus, stores } from '../../db/schema';
import { loadPromos } from '../seckill/loadPromos';
import type { FreightTemplate } from './freight';
import type { CheckoutData, LoadedGoods, LoadedSku, LoadedStore, RequestLine } from './pricing';

type Executor = Db | Tx;

const sku = alias(goods_skus, 'sku');

/**
 * Reads what priceCheckout needs in two queries: the goods of the lines with their store and the
 * requested SKUs (one row per goods × requested SKU of it), then the live freight templates of the
 * stores involved. Deleted, off-shelf and closed rows are read too: the pricing says why they
 * cannot be bought.
 */
export async function loadCheckout(db: Executor, input: { lines: RequestLine[]; buyerId: number; province: number }): Promise<CheckoutData> {
  const goodsIds = [...new Set(input.lines.map((l) => l.goodsId))];
  const skuIds = [...new Set(input.lines.map((l) => l.skuId).filter((id) => id > 0))];
  const rows = goodsIds.length
    ? await db
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
        })
        .from(goods)
        .leftJoin(stores, eq(stores.id, goods.store_id))
        .leftJoin(sku, and(eq(sku.goods_id, goods.id), skuIds.length ? inArray(sku.id, skuIds) : sql`false`, isNull(sku.deleted_at)))
        .where(inArray(goods.id, goodsIds))
    : [];

  const goodsMap = new Map<number, LoadedGoods>();
  const skuMap = new Map<number, LoadedSku>();
  const storeMap = new Map<number, LoadedStore>();
  for (const r of rows) {
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

  const storeIds = [...storeMap.keys()];
  const templateRows = storeIds.length
    ? await db
        .select({
          id: freights.id,
          storeId: freights.store_id,
          isType: freights.is_type,
          areaId: freights.area_id,
          fWeight: freights.f_weight,
          fPrice: freights.f_price,
          oWeight: freights.o_weight,
          oPrice: freights.o_price,
        })
        .from(freights)
        .where(and(inArray(freights.store_id, storeIds), isNull(freights.deleted_at)))
    : [];
  const templates = new Map<number, FreightTemplate[]>();
  for (const t of templateRows) {
    const list = templates.get(t.storeId) ?? [];
    list.push({
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
    });
    templates.set(t.storeId, list);
  }

  const promos = await loadPromos(db, input.lines);
  return { lines: input.lines, goods: goodsMap, skus: skuMap, stores: storeMap, templates, province: input.province, buyerId: input.buyerId, ...(promos ? { promos } : {}) };
}
