import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { goods, goods_brands } from '../../db/schema';
import { defineResource, formInt, formText, type Resource } from '../../http/crud';
import { guardWrite } from '../../http/crud/dbErrors';
import { mountAdminResource, mountSellerResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { formUrl } from '../content/fields';
import { SELLER_GOODS_PAGES, pathIds, type Exec } from './classes';
import './messages';
import { searchTokensSql } from './search';
import { currentOf, refuseTakenName, type NamedTable } from './uniqueNames';

/** Goods brands: edited by the admin, read by the seller's goods form. */

const brandFields = {
  readable: ['id', 'name', 'thumb', 'is_sort', 'created_at', 'updated_at'] as const,
  filterable: ['id', 'name', 'is_sort', 'created_at'] as const,
};

/** Rewrites the search tokens of the brand's goods (the brand name is one of their search texts). */
export async function refreshBrandTokens(db: Exec, brandId: number, brandName: string): Promise<void> {
  const rows = await db
    .select({ id: goods.id, goods_name: goods.goods_name, goods_subname: goods.goods_subname })
    .from(goods)
    .where(and(eq(goods.brand_id, brandId), isNull(goods.deleted_at)));
  for (const row of rows) {
    await db
      .update(goods)
      .set({ search_tokens: searchTokensSql(row.goods_name, row.goods_subname, brandName), updated_at: sql`${goods.updated_at}` })
      .where(eq(goods.id, row.id));
  }
}

const BRANDS: NamedTable = { table: goods_brands, id: goods_brands.id, name: goods_brands.name, deleted_at: goods_brands.deleted_at };

export const goodsBrandsResource = defineResource({
  table: goods_brands,
  area: 'admin',
  name: 'goods_brands',
  columns: {
    readable: brandFields.readable,
    writable: {
      name: formText({ max: 20, min: 1 }),
      thumb: formUrl(150).optional(),
      is_sort: formInt({ min: 0, max: 9999 }).optional(),
    },
    filterable: brandFields.filterable,
  },
  defaultOrder: [asc(goods_brands.is_sort), desc(goods_brands.id)],
  softDelete: true,
  /** A brand name is used once among live brands (filters listed the same brand twice). */
  async beforeWrite(values, ctx) {
    if (values.name === undefined) return;
    const current = ctx.action === 'update' ? await currentOf(ctx.tx, BRANDS, ctx.id, { name: goods_brands.name }) : undefined;
    await refuseTakenName(ctx, {
      kind: 'goods_brands',
      scopeId: 0,
      table: BRANDS,
      scope: undefined,
      name: values.name,
      messageKey: 'catalogue.brandNameTaken',
      unchangedFrom: current?.name,
    });
  },
  async afterWrite(row, ctx) {
    if (ctx.action === 'update') await refreshBrandTokens(ctx.tx, row.id, row.name);
  },
});

/** The seller's read-only view: GET /Seller/goods_brands (`isAll=true` for the goods form). */
export const sellerBrandsResource = defineResource({
  table: goods_brands,
  area: 'seller',
  name: 'goods_brands',
  columns: { readable: ['id', 'name', 'thumb', 'is_sort'], writable: {}, filterable: brandFields.filterable },
  defaultOrder: [asc(goods_brands.is_sort), asc(goods_brands.id)],
  softDelete: true,
});

/** DELETE /Admin/goods_brands/:ids — refused while live goods use one of them. */
async function destroyBrands(c: Context<AppEnv>, _r: Resource): Promise<Response> {
  const ids = pathIds(c.req.param('ids') ?? '');
  const db = c.get('services').db;
  const done = await guardWrite(() =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: goods_brands.id, name: goods_brands.name })
        .from(goods_brands)
        .where(and(inArray(goods_brands.id, ids), isNull(goods_brands.deleted_at)));
      if (!rows.length) throw fail('notFound', undefined, 404);
      const found = rows.map((r) => r.id);
      const [used] = await tx
        .select({ brand_id: goods.brand_id })
        .from(goods)
        .where(and(inArray(goods.brand_id, found), isNull(goods.deleted_at)))
        .limit(1);
      if (used) throw fail('catalogue.brandHasGoods', { name: rows.find((r) => r.id === used.brand_id)?.name ?? '' }, 422, { field: 'ids' });
      const deleted = await tx.update(goods_brands).set({ deleted_at: sql`now()` }).where(inArray(goods_brands.id, found)).returning({ id: goods_brands.id });
      return deleted.length;
    }),
  );
  return ok(c, done);
}

export function mountGoodsBrands(api: Hono<AppEnv>) {
  mountAdminResource(api, '/Admin/goods_brands', goodsBrandsResource, { handlers: { destroy: destroyBrands } });
  mountSellerResource(api, '/Seller/goods_brands', sellerBrandsResource, { only: ['index'], pages: [...SELLER_GOODS_PAGES] });
}
