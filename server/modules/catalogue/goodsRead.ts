import { and, asc, count, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { goods, goods_attrs, goods_brands, goods_classes, goods_skus, goods_specs, stores } from '../../db/schema';
import { COUNT_CAP, pageAnswer, pageTotal, type ListPlan } from '../../http/crud';
import { jsonSafe } from '../../http/crud/present';
import { classChain, type Exec } from './classes';

/** Goods as the consoles read them: the list rows and the editor's detail. */

const LIST_FIELDS = {
  id: goods.id,
  goods_name: goods.goods_name,
  goods_subname: goods.goods_subname,
  goods_no: goods.goods_no,
  goods_master_image: goods.goods_master_image,
  goods_price: goods.goods_price,
  goods_market_price: goods.goods_market_price,
  goods_stock: goods.goods_stock,
  goods_sale: goods.goods_sale,
  goods_status: goods.goods_status,
  goods_verify: goods.goods_verify,
  refuse_info: goods.refuse_info,
  is_master: goods.is_master,
  is_recommend: goods.is_recommend,
  class_id: goods.class_id,
  brand_id: goods.brand_id,
  store_id: goods.store_id,
  class_name: sql<string>`coalesce(${goods_classes.name}, '')`,
  /** The class's English name ('' when it has none, or no class): the consoles show it in English. */
  class_ename: sql<string>`coalesce(${goods_classes.ename}, '')`,
  brand_name: sql<string>`coalesce(${goods_brands.name}, '')`,
  /** The brand's English name ('' when it has none, or no brand). */
  brand_ename: sql<string>`coalesce(${goods_brands.ename}, '')`,
  store_name: sql<string>`coalesce(${stores.store_name}, '')`,
  created_at: goods.created_at,
  updated_at: goods.updated_at,
};

/**
 * `goods` with the store joined only when a filter names it (the admin's `store_name`): a page's
 * ids and its count then read a goods index alone (index-only), not the wide goods rows.
 */
function filtered<T extends Record<string, unknown>>(db: Exec, fields: T, plan: ListPlan) {
  const q = db.select(fields as never).from(goods).$dynamic();
  if (/(^|[?&])store_name:/.test(plan.shape)) q.leftJoin(stores, eq(stores.id, goods.store_id));
  return q;
}

function joined<T extends Record<string, unknown>>(db: Exec, fields: T) {
  return db
    .select(fields as never)
    .from(goods)
    .leftJoin(goods_classes, eq(goods_classes.id, goods.class_id))
    .leftJoin(goods_brands, eq(goods_brands.id, goods.brand_id))
    .leftJoin(stores, eq(stores.id, goods.store_id));
}

/**
 * A goods list (paginated, or the bare array with isAll), with class, brand (each with its English
 * name) and store names. A page reads its ids first (a deferred join: page 500 skips index
 * entries, not joined rows) and counts up to COUNT_CAP + 1 (a lower bound past it, `total_capped`).
 */
export async function listGoods(db: Exec, plan: ListPlan, scope: SQL | undefined) {
  // plan.where holds placeholders for the request's values (listQuery.ts): run with plan.values.
  const where = and(isNull(goods.deleted_at), scope, plan.where);
  if (plan.mode.kind !== 'page') {
    const rows = joined(db, LIST_FIELDS).where(where).orderBy(...plan.orderBy);
    return ((await rows.prepare('').execute(plan.values)) as Record<string, unknown>[]).map(jsonSafe);
  }
  const { page, perPage } = plan.mode;
  const ids = filtered(db, { id: goods.id }, plan).where(where).orderBy(...plan.orderBy).limit(perPage).offset((page - 1) * perPage);
  const bounded = filtered(db, { one: sql`1` }, plan).where(where).limit(COUNT_CAP + 1).as('bounded');
  const [data, totals] = await Promise.all([
    joined(db, LIST_FIELDS).where(inArray(goods.id, ids)).orderBy(...plan.orderBy).prepare('').execute(plan.values) as Promise<Record<string, unknown>[]>,
    db.select({ total: count() }).from(bounded).prepare('').execute(plan.values) as Promise<{ total: number }[]>,
  ]);
  const { total, capped } = pageTotal(Number(totals[0]?.total ?? 0), page, perPage, data.length);
  return pageAnswer(data.map(jsonSafe), total, capped, page, perPage);
}

const { search_tokens: _tokens, deleted_at: _deleted, ...DETAIL_COLUMNS } = getTableColumns(goods);

const splitIds = (text: string) => text.split(',').filter(Boolean).map(Number);

/**
 * The editor's goods: every column (but the search tokens) with `goods_images` as a list,
 * `classList` `[leaf, parent, top]` (`{id, name, ename, pid}`), `class_name` / `class_ename`,
 * `brand_name` / `brand_ename`, `store_name`, `skuList` (ids and names as
 * arrays) and `attrList` — the attributes the SKUs use, in `spec_id` order, each with all its
 * specs and `check` on those some SKU uses. Undefined when no such live goods (in that store).
 */
export async function goodsDetail(db: Exec, id: number, storeId?: number) {
  const [row] = (await joined(db, {
    ...DETAIL_COLUMNS,
    class_name: LIST_FIELDS.class_name,
    class_ename: LIST_FIELDS.class_ename,
    brand_name: LIST_FIELDS.brand_name,
    brand_ename: LIST_FIELDS.brand_ename,
    store_name: LIST_FIELDS.store_name,
  }).where(and(eq(goods.id, id), isNull(goods.deleted_at), storeId === undefined ? undefined : eq(goods.store_id, storeId)))) as (Record<
    string,
    unknown
  > & { class_id: number; goods_images: string })[];
  if (!row) return undefined;

  const skus = await db
    .select({
      id: goods_skus.id,
      spec_id: goods_skus.spec_id,
      sku_name: goods_skus.sku_name,
      goods_image: goods_skus.goods_image,
      goods_price: goods_skus.goods_price,
      goods_market_price: goods_skus.goods_market_price,
      goods_stock: goods_skus.goods_stock,
      goods_weight: goods_skus.goods_weight,
    })
    .from(goods_skus)
    .where(and(eq(goods_skus.goods_id, id), isNull(goods_skus.deleted_at)))
    .orderBy(asc(goods_skus.id));
  const skuList = skus.map((sku) => ({ ...sku, spec_id: splitIds(sku.spec_id), sku_name: sku.sku_name.split(',').filter(Boolean) }));

  const used = [...new Set(skuList.flatMap((sku) => sku.spec_id))];
  const usedSpecs = used.length
    ? await db.select({ id: goods_specs.id, attr_id: goods_specs.attr_id }).from(goods_specs).where(inArray(goods_specs.id, used))
    : [];
  const attrOfSpec = new Map(usedSpecs.map((s) => [s.id, s.attr_id]));
  const attrOrder: number[] = [];
  for (const sku of skuList) {
    for (const specId of sku.spec_id) {
      const attrId = attrOfSpec.get(specId);
      if (attrId !== undefined && !attrOrder.includes(attrId)) attrOrder.push(attrId);
    }
  }
  const attrs = attrOrder.length
    ? await db.select({ id: goods_attrs.id, name: goods_attrs.name }).from(goods_attrs).where(inArray(goods_attrs.id, attrOrder))
    : [];
  const specs = attrOrder.length
    ? await db
        .select({ id: goods_specs.id, attr_id: goods_specs.attr_id, name: goods_specs.name, deleted_at: goods_specs.deleted_at })
        .from(goods_specs)
        .where(inArray(goods_specs.attr_id, attrOrder))
        .orderBy(asc(goods_specs.id))
    : [];
  const usedSet = new Set(used);
  const attrList = attrOrder.map((attrId) => ({
    id: attrId,
    name: attrs.find((a) => a.id === attrId)?.name ?? '',
    specs: specs
      .filter((s) => s.attr_id === attrId && (s.deleted_at === null || usedSet.has(s.id)))
      .map((s) => ({ id: s.id, name: s.name, check: usedSet.has(s.id) })),
  }));

  const chain = (await classChain(db, row.class_id)) ?? [];
  return jsonSafe({
    ...row,
    goods_images: row.goods_images.split(',').filter(Boolean),
    classList: chain.map(({ id: classId, name, ename, pid }) => ({ id: classId, name, ename, pid })),
    attrList,
    skuList,
  });
}
