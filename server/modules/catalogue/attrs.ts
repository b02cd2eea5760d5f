import { and, asc, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { goods, goods_attrs, goods_skus, goods_specs } from '../../db/schema';
import { assertUnique, defineResource, formText, planList, runList, type Resource } from '../../http/crud';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { mountSellerResource, storeIdOf } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { sessionStoreId } from '../seller-admin/scope';
import type { Exec } from './classes';
import './messages';

/**
 * The store's goods attributes ("colour") and their specs ("red", "blue"): /api/Seller/goods_attrs,
 * always scoped to the session's store. A spec used by a live SKU cannot be removed.
 */
export const ATTR_PAGES = ['/Seller/goods_attrs', '/Seller/goods'] as const;

export const goodsAttrsResource = defineResource({
  table: goods_attrs,
  area: 'seller',
  name: 'goods_attrs',
  columns: {
    readable: ['id', 'name', 'created_at', 'updated_at'],
    writable: { name: formText({ max: 20, min: 1 }) },
    filterable: ['id', 'name', 'created_at'],
  },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
  /** An attribute name is used once among the store's live attributes (the goods editor lists them by name). */
  unique: [{ column: 'name', message: 'catalogue.attrNameTaken', status: 422, normalized: true }],
  /** A delete is refused while a live SKU of a live goods uses one of the attribute's specs. */
  dependents: [
    {
      message: 'catalogue.attrInUse',
      query: (tx, rows) =>
        tx
          .select({ key: goods_specs.attr_id, count: countDistinct(goods_skus.id) })
          .from(goods_specs)
          .innerJoin(goods_skus, and(isNull(goods_skus.deleted_at), sql`${goods_specs.id}::text = any(string_to_array(${goods_skus.spec_id}, ','))`))
          .innerJoin(goods, and(eq(goods.id, goods_skus.goods_id), isNull(goods.deleted_at)))
          .where(and(inArray(goods_specs.attr_id, rows.map((row) => Number(row.key))), isNull(goods_specs.deleted_at)))
          .groupBy(goods_specs.attr_id),
    },
  ],
  /** The deleted attributes' specs go with them. */
  afterDelete: async (ids, { tx }) => {
    await tx
      .update(goods_specs)
      .set({ deleted_at: sql`now()` })
      .where(and(inArray(goods_specs.attr_id, ids as number[]), isNull(goods_specs.deleted_at)));
  },
});

const attrs = goodsAttrsResource as unknown as Resource;

const issue = (ctx: z.core.$RefinementCtx, input: unknown, messageKey: string, vars?: Record<string, string | number>) =>
  ctx.addIssue({ code: 'custom', input, params: { messageKey, vars } });

/** `specs[]=红&specs[]=蓝` (or JSON array, or `红,蓝`): 1..100 distinct names of 1..20 characters. */
const specNames = z
  .unknown()
  .transform((v, ctx) => {
    let list: unknown[];
    if (Array.isArray(v)) list = v;
    else if (v && typeof v === 'object' && Object.keys(v).every((k) => /^\d+$/.test(k))) list = Object.values(v);
    else if (typeof v === 'string') list = v.split(',');
    else list = [];
    const names = list.map((n) => (typeof n === 'string' || typeof n === 'number' ? String(n).trim() : '')).filter(Boolean);
    if (names.length === 0) {
      issue(ctx, v, 'catalogue.specsRequired');
      return z.NEVER;
    }
    return names;
  })
  .pipe(z.array(z.string().max(20)).max(100))
  .transform((names, ctx) => {
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) {
        issue(ctx, names, 'catalogue.specDuplicate', { name });
        return z.NEVER;
      }
      seen.add(name);
    }
    return names;
  });

const createSchema = z.object({ name: formText({ max: 20, min: 1 }), specs: specNames });
const updateSchema = z.object({ name: formText({ max: 20, min: 1 }).optional(), specs: specNames.optional() });

export interface SpecRow {
  id: number;
  attr_id: number;
  name: string;
}

export async function specsOf(db: Exec, attrIds: number[]): Promise<SpecRow[]> {
  if (!attrIds.length) return [];
  return db
    .select({ id: goods_specs.id, attr_id: goods_specs.attr_id, name: goods_specs.name })
    .from(goods_specs)
    .where(and(inArray(goods_specs.attr_id, attrIds), isNull(goods_specs.deleted_at)))
    .orderBy(asc(goods_specs.id));
}

/** A Postgres text[] literal of ids. */
const idArray = (ids: number[]) => `{${ids.join(',')}}`;

/** The first of these spec ids that a live SKU of a live goods uses, or undefined. */
export async function specInUse(db: Exec, specIds: number[]): Promise<number | undefined> {
  if (!specIds.length) return undefined;
  const [row] = await db
    .select({ spec_id: goods_skus.spec_id })
    .from(goods_skus)
    .innerJoin(goods, and(eq(goods.id, goods_skus.goods_id), isNull(goods.deleted_at)))
    .where(and(isNull(goods_skus.deleted_at), sql`string_to_array(${goods_skus.spec_id}, ',') && ${idArray(specIds)}::text[]`))
    .limit(1);
  if (!row) return undefined;
  return row.spec_id.split(',').map(Number).find((id) => specIds.includes(id));
}

type AttrRow = { id: number; name: string; created_at: string; updated_at: string };

function withSpecs(rows: AttrRow[], specs: SpecRow[], objects: boolean) {
  return rows.map((row) => {
    const own = specs.filter((s) => s.attr_id === row.id);
    return { ...row, specs: objects ? own.map(({ id, name }) => ({ id, name })) : own.map((s) => s.name) };
  });
}

async function ownAttr(db: Exec, storeId: number, id: number): Promise<AttrRow | undefined> {
  const [row] = await db
    .select({ id: goods_attrs.id, name: goods_attrs.name, created_at: goods_attrs.created_at, updated_at: goods_attrs.updated_at })
    .from(goods_attrs)
    .where(and(eq(goods_attrs.id, id), eq(goods_attrs.store_id, storeId), isNull(goods_attrs.deleted_at)));
  return row;
}

const idOf = (c: Context<AppEnv>) => {
  const raw = c.req.param('id') ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
};

async function present(db: Exec, row: AttrRow) {
  return withSpecs([row], await specsOf(db, [row.id]), false)[0];
}

/**
 * GET: paginated rows carry `specs` as names (the attribute page's tags); `isAll=true&isWith=specs`
 * answers the bare array with `specs: [{id, name}]` (the goods form's SKU editor).
 */
async function indexAttrs(c: Context<AppEnv>, r: Resource): Promise<Response> {
  const db = c.get('services').db;
  const input = await readInput(c);
  const plan = planList(r.listSpec, input);
  const list = (await runList(db, r.listSource(await r.scopeFor(c, db)), plan, (row) => row)) as AttrRow[] | { data: AttrRow[] };
  const rows = Array.isArray(list) ? list : list.data;
  const specs = await specsOf(db, rows.map((row) => row.id));
  const objects = Array.isArray(list) && typeof input.isWith === 'string' && input.isWith.split(',').includes('specs');
  const shaped = withSpecs(rows, specs, objects);
  return ok(c, Array.isArray(list) ? shaped : { ...list, data: shaped });
}

async function showAttr(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('services').db;
  const id = idOf(c);
  const row = id === undefined ? undefined : await ownAttr(db, sessionStoreId(c), id);
  if (!row) throw fail('notFound', undefined, 404);
  return ok(c, await present(db, row));
}

async function storeAttr(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('services').db;
  const storeId = sessionStoreId(c);
  const values = validateIn(createSchema, await readInput(c), langOf(c));
  const scope = await attrs.scopeFor(c, db);
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      await assertUnique(tx, attrs, scope, { name: values.name });
      const [attr] = await tx
        .insert(goods_attrs)
        .values({ store_id: storeId, name: values.name })
        .returning({ id: goods_attrs.id, name: goods_attrs.name, created_at: goods_attrs.created_at, updated_at: goods_attrs.updated_at });
      await tx.insert(goods_specs).values(values.specs.map((name) => ({ attr_id: attr.id, name })));
      return attr;
    }),
  );
  return ok(c, await present(db, row));
}

async function updateAttr(c: Context<AppEnv>): Promise<Response> {
  const db = c.get('services').db;
  const storeId = sessionStoreId(c);
  const id = idOf(c);
  if (id === undefined) throw fail('notFound', undefined, 404);
  const values = validateIn(updateSchema, await readInput(c), langOf(c));
  const scope = await attrs.scopeFor(c, db);
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const attr = await ownAttr(tx, storeId, id);
      if (!attr) throw fail('notFound', undefined, 404);
      if (values.name !== undefined) {
        await assertUnique(tx, attrs, scope, { name: values.name }, id, attr);
        await tx.update(goods_attrs).set({ name: values.name }).where(eq(goods_attrs.id, id));
      }
      if (values.specs) {
        const current = await specsOf(tx, [id]);
        const wanted = new Set(values.specs);
        const removed = current.filter((s) => !wanted.has(s.name));
        const used = await specInUse(tx, removed.map((s) => s.id));
        if (used !== undefined) {
          throw fail('catalogue.specInUse', { name: removed.find((s) => s.id === used)?.name ?? '' }, 422, { field: 'specs' });
        }
        if (removed.length) {
          await tx.update(goods_specs).set({ deleted_at: sql`now()` }).where(inArray(goods_specs.id, removed.map((s) => s.id)));
        }
        const kept = new Set(current.map((s) => s.name));
        const added = values.specs.filter((name) => !kept.has(name));
        if (added.length) await tx.insert(goods_specs).values(added.map((name) => ({ attr_id: id, name })));
      }
      return (await ownAttr(tx, storeId, id))!;
    }),
  );
  return ok(c, await present(db, row));
}

export function mountGoodsAttrs(api: Hono<AppEnv>) {
  mountSellerResource(api, '/Seller/goods_attrs', goodsAttrsResource, {
    only: ['index', 'show', 'store', 'update', 'destroy'],
    pages: [...ATTR_PAGES],
    handlers: { index: indexAttrs, show: showAttr, store: storeAttr, update: updateAttr },
  });
}

