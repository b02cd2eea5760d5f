import { and, eq, isNull, sql } from 'drizzle-orm';
import { configs, goods, goods_attrs, goods_brands, goods_classes, goods_skus, goods_specs, store_classes } from '../../../server/db/schema';
import type { TestServer } from '../helpers';

/** Rows the catalogue tests need, created here (independent of the demo seed). */

let n = 0;
export const uniq = (prefix: string) => `${prefix}${++n}`;

/** A three-level class chain; returns [top, middle, leaf] ids. */
export async function classTree(s: TestServer, name = uniq('类')): Promise<[number, number, number]> {
  const [top] = await s.db.insert(goods_classes).values({ pid: 0, name: `${name}1` }).returning({ id: goods_classes.id });
  const [mid] = await s.db.insert(goods_classes).values({ pid: top.id, name: `${name}2` }).returning({ id: goods_classes.id });
  const [leaf] = await s.db.insert(goods_classes).values({ pid: mid.id, name: `${name}3` }).returning({ id: goods_classes.id });
  return [top.id, mid.id, leaf.id];
}

/** Replaces the store's allowed classes (an empty list = every class). */
export async function allowClasses(s: TestServer, storeId: number, triples: number[][]) {
  await s.db.delete(store_classes).where(eq(store_classes.store_id, storeId));
  await s.db.insert(store_classes).values({ store_id: storeId, class_id: JSON.stringify(triples) });
}

export async function brand(s: TestServer, name = uniq('牌')): Promise<number> {
  const [row] = await s.db.insert(goods_brands).values({ name }).returning({ id: goods_brands.id });
  return row.id;
}

/** An attribute of the store with its specs; returns the attribute id and spec ids by name. */
export async function attr(s: TestServer, storeId: number, name: string, specs: string[]) {
  const [row] = await s.db.insert(goods_attrs).values({ store_id: storeId, name }).returning({ id: goods_attrs.id });
  const rows = await s.db
    .insert(goods_specs)
    .values(specs.map((spec) => ({ attr_id: row.id, name: spec })))
    .returning({ id: goods_specs.id, name: goods_specs.name });
  return { id: row.id, specs: Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<string, number> };
}

export async function setGoodsReview(s: TestServer, on: boolean) {
  await s.db
    .update(configs)
    .set({ content: JSON.stringify({ goods_verify: on, cash: '0' }) })
    .where(and(eq(configs.name, 'store'), isNull(configs.deleted_at)));
}

export const goodsRow = async (s: TestServer, id: number) => (await s.db.select().from(goods).where(eq(goods.id, id)))[0];
export const liveSkus = (s: TestServer, goodsId: number) =>
  s.db
    .select()
    .from(goods_skus)
    .where(and(eq(goods_skus.goods_id, goodsId), isNull(goods_skus.deleted_at)))
    .orderBy(goods_skus.id);
export const tokensOf = async (s: TestServer, id: number) =>
  ((await s.db.execute(sql`select search_tokens::text as t from goods where id = ${id}`)) as unknown as { rows: { t: string }[] }).rows[0]?.t ?? '';

/** Nested form fields as qs encodes them: `{a: [{b: [1]}]}` → `a[0][b][0]=1`. */
export function form(value: Record<string, unknown>, prefix = ''): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (v === undefined) continue;
    if (v !== null && typeof v === 'object') Object.assign(out, form(v as Record<string, unknown>, name));
    else out[name] = v === null ? '' : (v as string | number);
  }
  return out;
}
