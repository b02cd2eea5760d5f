import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { goods, goods_brands } from '../../db/schema';
import { defineResource, formInt, formText } from '../../http/crud';
import { mountAdminResource, mountSellerResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { formUrl } from '../content/fields';
import { SELLER_GOODS_PAGES, type Exec } from './classes';
import './messages';
import { searchTokensSql } from './search';

/** Goods brands: edited by the admin, read by the seller's goods form. */

const brandFields = {
  readable: ['id', 'name', 'ename', 'thumb', 'is_sort', 'created_at', 'updated_at'] as const,
  filterable: ['id', 'name', 'ename', 'is_sort', 'created_at'] as const,
};

/** Rewrites the search tokens of the brand's goods (its name and English name are among their search texts). */
export async function refreshBrandTokens(db: Exec, brandId: number, brandName: string, brandEname: string): Promise<void> {
  const rows = await db
    .select({ id: goods.id, goods_name: goods.goods_name, goods_subname: goods.goods_subname })
    .from(goods)
    .where(and(eq(goods.brand_id, brandId), isNull(goods.deleted_at)));
  for (const row of rows) {
    await db
      .update(goods)
      .set({ search_tokens: searchTokensSql(row.goods_name, row.goods_subname, brandName, brandEname), updated_at: sql`${goods.updated_at}` })
      .where(eq(goods.id, row.id));
  }
}

export const goodsBrandsResource = defineResource({
  table: goods_brands,
  area: 'admin',
  name: 'goods_brands',
  columns: {
    readable: brandFields.readable,
    writable: {
      name: formText({ max: 20, min: 1 }),
      // the English name the storefront shows in English; empty: the name
      ename: formText({ max: 20 }).optional(),
      thumb: formUrl(150).optional(),
      is_sort: formInt({ min: 0, max: 9999 }).optional(),
    },
    filterable: brandFields.filterable,
  },
  defaultOrder: [asc(goods_brands.is_sort), desc(goods_brands.id)],
  softDelete: true,
  /**
   * A brand name is used once among live brands (filters listed the same brand twice), as a person
   * reads it; an import's first row with a name keeps it.
   */
  unique: [{ column: 'name', message: 'catalogue.brandNameTaken', status: 422, normalized: true, inFile: 'later' }],
  /** A delete is refused while live goods use one of the brands. */
  dependents: [{ table: goods, column: goods.brand_id, message: 'catalogue.brandHasGoods' }],
  async afterWrite(row, ctx) {
    if (ctx.action === 'update') await refreshBrandTokens(ctx.tx, row.id, row.name, row.ename ?? '');
  },
});

/** The seller's read-only view: GET /Seller/goods_brands (`isAll=true` for the goods form). */
export const sellerBrandsResource = defineResource({
  table: goods_brands,
  area: 'seller',
  name: 'goods_brands',
  columns: { readable: ['id', 'name', 'ename', 'thumb', 'is_sort'], writable: {}, filterable: brandFields.filterable },
  defaultOrder: [asc(goods_brands.is_sort), asc(goods_brands.id)],
  softDelete: true,
});

export function mountGoodsBrands(api: Hono<AppEnv>) {
  mountAdminResource(api, '/Admin/goods_brands', goodsBrandsResource);
  mountSellerResource(api, '/Seller/goods_brands', sellerBrandsResource, { only: ['index'], pages: [...SELLER_GOODS_PAGES] });
}
