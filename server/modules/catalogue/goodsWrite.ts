import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { toCents } from '../../db/money';
import { configs, freights, goods, goods_attrs, goods_brands, goods_skus, goods_specs } from '../../db/schema';
import { blankAsMissing, formFlag, formInt, formMoney, formText } from '../../http/crud';
import { fail } from '../../http/envelope';
import { formUrl, isFileUrl } from '../content/fields';
import { formRichText } from '../content/richText';
import { checkGoodsClass, type Exec } from './classes';
import './messages';
import { searchTokensSql } from './search';

/**
 * Writing a goods with its SKUs (reference §6.11, with the fixes listed in docs/decisions.md):
 * one function for the seller's create/update and the admin's update, always inside the
 * caller's transaction.
 */

export const MAX_IMAGES = 10;
export const MAX_SKUS = 500;

type Ctx = z.core.$RefinementCtx;
const issue = (ctx: Ctx, input: unknown, messageKey: string, vars?: Record<string, string | number>) =>
  ctx.addIssue({ code: 'custom', input, params: { messageKey, vars } });

/** A form list: an array, `{0: a, 1: b}` (qs), or a comma-joined string. */
function listOf(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (v && typeof v === 'object' && Object.keys(v).every((k) => /^\d+$/.test(k))) {
    return Object.entries(v)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => item);
  }
  if (typeof v === 'string') return v.split(',');
  if (typeof v === 'number') return [v];
  return undefined;
}

/** `goods_images[]`: 1..10 distinct image URLs (uploads or http(s)), blanks dropped. */
export const formGoodsImages = () =>
  z.unknown().transform((v, ctx) => {
    const list = (listOf(v) ?? []).map((u) => (typeof u === 'string' ? u.trim() : '')).filter(Boolean);
    const urls = [...new Set(list)];
    if (urls.length < 1 || urls.length > MAX_IMAGES) {
      issue(ctx, v, 'catalogue.imagesRequired');
      return z.NEVER;
    }
    if (urls.some((url) => url.length > 150 || !isFileUrl(url))) {
      issue(ctx, v, 'catalogue.badImage');
      return z.NEVER;
    }
    return urls;
  });

/** `spec_id[]`: 1..10 spec ids. */
const specIds = z.unknown().transform((v, ctx) => {
  const list = (listOf(v) ?? []).map((id) => (typeof id === 'string' || typeof id === 'number' ? String(id).trim() : ''));
  if (list.length < 1 || list.length > 10 || list.some((id) => !/^\d{1,9}$/.test(id) || Number(id) < 1)) {
    issue(ctx, v, 'crud.badShape', { field: 'spec_id' });
    return z.NEVER;
  }
  return list.map(Number);
});

const optionalMoney = () => blankAsMissing(formMoney());
/**
 * A selling price: an amount above zero. A goods (or SKU) at 0.00 is not for sale but free, and
 * the reference let a store publish one by only ticking specs (SKU rows started at 0).
 */
export const formPrice = () =>
  formMoney().superRefine((v, ctx) => {
    if (toCents(v) <= 0) issue(ctx, v, 'catalogue.priceNotPositive');
  });
/** numeric(9,2) */
const optionalWeight = () => blankAsMissing(formMoney({ maxCents: 999_999_999 }));

const skuSchema = z.object({
  id: blankAsMissing(formInt({ min: 1 })),
  spec_id: specIds,
  goods_image: blankAsMissing(formUrl(150)),
  goods_price: blankAsMissing(formPrice()),
  goods_market_price: optionalMoney(),
  goods_stock: blankAsMissing(formInt({ min: 0 })),
  goods_weight: optionalWeight(),
});
export type SkuInput = z.output<typeof skuSchema>;

/** `skuList[i][…]`; sent blank (`skuList=`) or as `[]` it means "no SKUs". */
const skuList = z
  .unknown()
  .transform((v, ctx) => {
    if (v === '' || v === null) return [];
    const list = listOf(v);
    if (!list || typeof v === 'string' || typeof v === 'number') {
      issue(ctx, v, 'catalogue.badSkuList');
      return z.NEVER;
    }
    if (list.length > MAX_SKUS) {
      issue(ctx, v, 'catalogue.tooManySkus', { max: MAX_SKUS });
      return z.NEVER;
    }
    return list;
  })
  .pipe(z.array(skuSchema));

const goodsFields = {
  goods_name: formText({ max: 120, min: 1 }),
  goods_subname: formText({ max: 120 }).optional(),
  goods_no: formText({ max: 30 }).optional(),
  brand_id: blankAsMissing(formInt({ min: 0 })),
  class_id: formInt({ min: 1 }),
  goods_images: formGoodsImages(),
  goods_master_image: blankAsMissing(formText({ max: 150 })),
  goods_price: formPrice(),
  goods_market_price: optionalMoney(),
  goods_weight: optionalWeight(),
  goods_stock: blankAsMissing(formInt({ min: 0 })),
  goods_content: formRichText().optional(),
  goods_content_mobile: formRichText().optional(),
  goods_status: formFlag().optional(),
  freight_id: blankAsMissing(formInt({ min: -1 })),
  is_recommend: formFlag().optional(),
  skuList: skuList.optional(),
};

export const sellerCreateSchema = z.object(goodsFields);
export const sellerUpdateSchema = z.object(goodsFields).partial();
export const adminUpdateSchema = z
  .object({
    ...goodsFields,
    goods_verify: formInt({ min: 0, max: 2 }),
    refuse_info: formText({ max: 80 }),
    is_master: formFlag(),
  })
  .partial();

export type GoodsInput = z.output<typeof sellerUpdateSchema> & {
  goods_verify?: number;
  refuse_info?: string;
  is_master?: number;
};

/** Only the keys the request sent (absent and blank optional fields keep their value). */
export function sentValues<T extends Record<string, unknown>>(parsed: T, input: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(parsed).filter(([key, value]) => Object.hasOwn(input, key) && value !== undefined)) as T;
}

/** The goods columns a write reads back. */
export const CURRENT = {
  id: goods.id,
  store_id: goods.store_id,
  brand_id: goods.brand_id,
  goods_name: goods.goods_name,
  goods_subname: goods.goods_subname,
  goods_images: goods.goods_images,
  goods_master_image: goods.goods_master_image,
  goods_content: goods.goods_content,
  goods_content_mobile: goods.goods_content_mobile,
  goods_verify: goods.goods_verify,
};
export type CurrentGoods = { [K in keyof typeof CURRENT]: (typeof CURRENT)[K]['_']['data'] };

export async function currentGoods(db: Exec, id: number, storeId?: number): Promise<CurrentGoods | undefined> {
  const [row] = await db
    .select(CURRENT)
    .from(goods)
    .where(and(eq(goods.id, id), isNull(goods.deleted_at), storeId === undefined ? undefined : eq(goods.store_id, storeId)))
    .for('update');
  return row;
}

/** Does an update change what the review looked at (name, subtitle, detail)? */
export function textChanged(current: CurrentGoods, sent: GoodsInput): boolean {
  return (['goods_name', 'goods_subname', 'goods_content', 'goods_content_mobile'] as const).some(
    (key) => sent[key] !== undefined && sent[key] !== current[key],
  );
}

/** configs `store.goods_verify`: must new and edited goods wait for the admin's review? */
export async function goodsReviewOn(db: Exec): Promise<boolean> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'store'), isNull(configs.deleted_at)));
  if (!row) return false;
  try {
    const value = (JSON.parse(row.content) as { goods_verify?: unknown })?.goods_verify;
    return value === true || value === 1 || value === '1' || value === 'true';
  } catch {
    return false;
  }
}

const invalid = (key: string, field: string, vars: Record<string, string | number> = {}) =>
  fail(key, { field, ...vars }, 422, { field });

interface PlannedSku {
  id?: number;
  values: {
    spec_id: string;
    sku_name: string;
    goods_image?: string;
    goods_price?: string;
    goods_market_price?: string;
    goods_stock?: number;
    goods_weight?: string;
  };
}

/**
 * Checks a SKU list against the goods' store: every spec a live spec of one of the store's live
 * attributes, one spec per attribute, the same attributes on every SKU, no combination twice, and
 * every given SKU id a live SKU of this goods. `sku_name` is rebuilt from the spec names.
 */
async function planSkus(tx: Exec, list: SkuInput[], storeId: number, goodsId: number | undefined): Promise<PlannedSku[]> {
  const allIds = [...new Set(list.flatMap((sku) => sku.spec_id))];
  const specs = allIds.length
    ? await tx
        .select({ id: goods_specs.id, name: goods_specs.name, attr_id: goods_specs.attr_id })
        .from(goods_specs)
        .innerJoin(goods_attrs, and(eq(goods_attrs.id, goods_specs.attr_id), eq(goods_attrs.store_id, storeId), isNull(goods_attrs.deleted_at)))
        .where(and(inArray(goods_specs.id, allIds), isNull(goods_specs.deleted_at)))
    : [];
  const byId = new Map(specs.map((s) => [s.id, s]));
  /** Live SKUs of the goods: id → stored price. */
  const existing = new Map(
    goodsId === undefined
      ? []
      : (
          await tx
            .select({ id: goods_skus.id, price: goods_skus.goods_price })
            .from(goods_skus)
            .where(and(eq(goods_skus.goods_id, goodsId), isNull(goods_skus.deleted_at)))
        ).map((r) => [r.id, r.price] as const),
  );
  let attrKey: string | undefined;
  const combos = new Set<string>();
  const ids = new Set<number>();
  const planned = list.map((sku, i) => {
    const field = `skuList.${i}.spec_id`;
    const found = sku.spec_id.map((id) => byId.get(id));
    if (found.some((s) => !s)) throw invalid('catalogue.specForeign', field);
    const rows = found as NonNullable<(typeof found)[number]>[];
    const attrs = rows.map((s) => s.attr_id);
    if (new Set(attrs).size !== attrs.length) throw invalid('catalogue.specSameAttr', field);
    const key = [...attrs].sort((a, b) => a - b).join(',');
    if (attrKey === undefined) attrKey = key;
    else if (key !== attrKey) throw invalid('catalogue.specAttrsDiffer', field);
    const combo = [...sku.spec_id].sort((a, b) => a - b).join(',');
    if (combos.has(combo)) throw invalid('catalogue.skuDuplicate', field);
    combos.add(combo);
    if (sku.id !== undefined) {
      if (!existing.has(sku.id) || ids.has(sku.id)) throw invalid('catalogue.skuForeign', `skuList.${i}.id`);
      ids.add(sku.id);
    }
    const skuName = rows.map((s) => s.name).join(',');
    if (skuName.length > 60) throw invalid('catalogue.skuNameTooLong', field);
    return {
      id: sku.id,
      values: {
        spec_id: sku.spec_id.join(','),
        sku_name: skuName,
        goods_image: sku.goods_image,
        goods_price: sku.goods_price,
        goods_market_price: sku.goods_market_price,
        goods_stock: sku.goods_stock,
        goods_weight: sku.goods_weight,
      },
    };
  });
  // Every SKU kept or added sells above zero: a new one must name its price (the column's
  // default is 0), a kept one sent without a price keeps its stored one, which must be above zero.
  planned.forEach((sku, i) => {
    const price = sku.values.goods_price ?? (sku.id !== undefined ? existing.get(sku.id) : undefined);
    if (price === undefined || toCents(price) <= 0) throw invalid('catalogue.pricePositive', `skuList.${i}.goods_price`);
  });
  return planned;
}

const defined = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

export interface SaveOptions {
  /** The goods' store: specs must be its own; on create the goods is written there. */
  storeId: number;
  /** The row being updated (read with `currentGoods`), absent on create. */
  current?: CurrentGoods;
  /** Seller writes: the class must be one the store may sell in. */
  storeClassesOnly: boolean;
  /** Columns the caller decides (goods_verify, refuse_info, is_master…). */
  extra?: Partial<typeof goods.$inferInsert>;
}

/** Writes the goods (and its SKUs when `skuList` was sent); returns its id. */
export async function saveGoods(tx: Tx, input: GoodsInput, opts: SaveOptions): Promise<number> {
  const { current, storeId } = opts;
  const { skuList: skus, goods_images: images, goods_master_image: master, goods_verify, refuse_info, is_master, ...rest } = input;
  const values: Partial<typeof goods.$inferInsert> = defined({ ...rest, goods_verify, refuse_info, is_master, ...opts.extra });

  if (rest.class_id !== undefined) await checkGoodsClass(tx, rest.class_id, opts.storeClassesOnly ? storeId : undefined);
  if (rest.freight_id !== undefined && rest.freight_id > 0) {
    // a template id must be one of the goods' store's live templates
    const [template] = await tx
      .select({ id: freights.id })
      .from(freights)
      .where(and(eq(freights.id, rest.freight_id), eq(freights.store_id, storeId), isNull(freights.deleted_at)));
    if (!template) throw invalid('catalogue.freightMissing', 'freight_id');
  }

  const brandId = rest.brand_id ?? current?.brand_id ?? 0;
  let brandName = '';
  let brandEname = '';
  if (brandId > 0) {
    const [brand] = await tx
      .select({ name: goods_brands.name, ename: goods_brands.ename })
      .from(goods_brands)
      .where(and(eq(goods_brands.id, brandId), isNull(goods_brands.deleted_at)));
    if (!brand && rest.brand_id !== undefined) throw invalid('catalogue.brandMissing', 'brand_id');
    brandName = brand?.name ?? '';
    brandEname = brand?.ename ?? '';
  }

  if (images !== undefined || master !== undefined) {
    const list = images ?? (current?.goods_images ?? '').split(',').filter(Boolean);
    const keep = current && list.includes(current.goods_master_image) ? current.goods_master_image : list[0];
    const chosen = master ?? keep;
    if (!chosen || !list.includes(chosen)) throw invalid('catalogue.masterNotInImages', 'goods_master_image');
    values.goods_images = list.join(',');
    values.goods_master_image = chosen;
  }

  const planned = skus === undefined ? undefined : await planSkus(tx, skus, storeId, current?.id);

  values.search_tokens = searchTokensSql(
    rest.goods_name ?? current?.goods_name ?? '',
    rest.goods_subname ?? current?.goods_subname ?? '',
    brandName,
    brandEname,
  ) as unknown as string;

  let goodsId: number;
  if (current) {
    goodsId = current.id;
    await tx.update(goods).set(values).where(eq(goods.id, goodsId));
  } else {
    const [row] = await tx
      .insert(goods)
      .values({ ...values, store_id: storeId } as typeof goods.$inferInsert)
      .returning({ id: goods.id });
    goodsId = row.id;
  }

  if (planned) {
    const kept: number[] = [];
    for (const sku of planned) {
      if (sku.id !== undefined) {
        kept.push(sku.id);
        await tx
          .update(goods_skus)
          .set(defined(sku.values))
          .where(and(eq(goods_skus.id, sku.id), eq(goods_skus.goods_id, goodsId)));
      }
    }
    await tx
      .update(goods_skus)
      .set({ deleted_at: sql`now()` })
      .where(and(eq(goods_skus.goods_id, goodsId), isNull(goods_skus.deleted_at), kept.length ? notInArray(goods_skus.id, kept) : undefined));
    const fresh = planned.filter((sku) => sku.id === undefined);
    if (fresh.length) await tx.insert(goods_skus).values(fresh.map((sku) => ({ ...defined(sku.values), goods_id: goodsId })));
  }

  // With SKUs, the goods' stock is their sum and its price the lowest of theirs.
  const [agg] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      stock: sql<number>`coalesce(sum(${goods_skus.goods_stock}), 0)::int`,
      price: sql<string>`min(${goods_skus.goods_price})`,
    })
    .from(goods_skus)
    .where(and(eq(goods_skus.goods_id, goodsId), isNull(goods_skus.deleted_at)));
  if (agg.n > 0) await tx.update(goods).set({ goods_stock: agg.stock, goods_price: agg.price }).where(eq(goods.id, goodsId));

  // No write leaves a goods on the shelf at 0.00 (rows written before prices were checked):
  // taking it off the shelf passes, anything else waits for a price.
  const [after] = await tx.select({ price: goods.goods_price, status: goods.goods_status }).from(goods).where(eq(goods.id, goodsId));
  if (after && after.status === 1 && toCents(after.price) <= 0) throw invalid('catalogue.pricePositive', 'goods_price');
  return goodsId;
}

/** Soft-deletes goods (and their SKUs); returns the ids deleted. */
export async function deleteGoods(tx: Tx, ids: number[], storeId?: number): Promise<number[]> {
  const done = await tx
    .update(goods)
    .set({ deleted_at: sql`now()` })
    .where(and(inArray(goods.id, ids), isNull(goods.deleted_at), storeId === undefined ? undefined : eq(goods.store_id, storeId)))
    .returning({ id: goods.id });
  if (done.length) {
    await tx
      .update(goods_skus)
      .set({ deleted_at: sql`now()` })
      .where(and(inArray(goods_skus.goods_id, done.map((d) => d.id)), isNull(goods_skus.deleted_at)));
  }
  return done.map((d) => d.id);
}
