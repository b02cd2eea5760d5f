import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db, Tx } from '../../db/client';
import { goods, goods_classes, store_classes } from '../../db/schema';
import { defineResource, formInt, formText } from '../../http/crud';
import { crudFail } from '../../http/crud/messages';
import { mountAdminResource, sellerGuard } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { formUrl } from '../content/fields';
import { nestRows } from '../content/tree';
import { sessionStoreId } from '../seller-admin/scope';
import './messages';

/**
 * Goods classes: three levels by `pid` (0 = top). The admin edits them as a lazy tree; a goods
 * always sits in a third-level class, and a store may sell only in the classes of its
 * `store_classes` row (every class when it has none).
 */

export type Exec = Db | Tx;
export const MAX_CLASS_LEVEL = 3;

const invalid = (key: string, field: string, vars: Record<string, string | number> = {}) =>
  fail(key, { field, ...vars }, 422, { field });

export interface ClassRow {
  id: number;
  pid: number;
  name: string;
  /** The English name ('' when it has none). */
  ename: string;
}

/**
 * The class and its ancestors, `[self, parent, grandparent, …]`, or undefined when the class, or
 * one of its ancestors, is missing or deleted (or the chain loops / runs deeper than it may).
 */
export async function classChain(db: Exec, id: number): Promise<ClassRow[] | undefined> {
  const chain: ClassRow[] = [];
  for (let at = id; at !== 0; ) {
    if (chain.length > MAX_CLASS_LEVEL + 1 || chain.some((c) => c.id === at)) return undefined;
    const [row] = await db
      .select({ id: goods_classes.id, pid: goods_classes.pid, name: goods_classes.name, ename: goods_classes.ename })
      .from(goods_classes)
      .where(and(eq(goods_classes.id, at), isNull(goods_classes.deleted_at)));
    if (!row) return undefined;
    chain.push(row);
    at = row.pid;
  }
  return chain;
}

/** The third-level classes a store may sell in, or null when it may sell in every class. */
export async function allowedLeaves(db: Exec, storeId: number): Promise<Set<number> | null> {
  const rows = await db
    .select({ class_id: store_classes.class_id })
    .from(store_classes)
    .where(and(eq(store_classes.store_id, storeId), isNull(store_classes.deleted_at)));
  const leaves = new Set<number>();
  for (const row of rows) {
    for (const triple of parseTriples(row.class_id)) leaves.add(triple[triple.length - 1]);
  }
  return leaves.size ? leaves : null;
}

/** `[[l1, l2, l3], …]` from the stored JSON; anything malformed is skipped. */
export function parseTriples(text: string): number[][] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter((t): t is unknown[] => Array.isArray(t) && t.length > 0)
    .map((t) => t.map(Number))
    .filter((t) => t.every((n) => Number.isSafeInteger(n) && n > 0));
}

/**
 * Checks that `classId` is a live third-level class (and, with `storeId`, one the store may sell
 * in); throws a 422 naming `class_id` otherwise.
 */
export async function checkGoodsClass(db: Exec, classId: number, storeId?: number): Promise<ClassRow[]> {
  const chain = await classChain(db, classId);
  if (!chain) throw invalid('catalogue.classMissing', 'class_id');
  if (chain.length !== MAX_CLASS_LEVEL) throw invalid('catalogue.notLeafClass', 'class_id');
  if (storeId !== undefined) {
    const allowed = await allowedLeaves(db, storeId);
    if (allowed && !allowed.has(classId)) throw invalid('catalogue.classNotAllowed', 'class_id');
  }
  return chain;
}

/** Ids of the class's live descendants by level: `[[children], [grandchildren]]`. */
async function descendants(db: Exec, id: number): Promise<number[][]> {
  const levels: number[][] = [];
  let current = [id];
  for (let depth = 0; depth < MAX_CLASS_LEVEL + 1 && current.length; depth++) {
    const rows = await db
      .select({ id: goods_classes.id })
      .from(goods_classes)
      .where(and(inArray(goods_classes.pid, current), isNull(goods_classes.deleted_at)));
    current = rows.map((r) => r.id);
    if (current.length) levels.push(current);
  }
  return levels;
}

async function anyGoodsIn(db: Exec, classIds: number[]): Promise<boolean> {
  if (!classIds.length) return false;
  const [row] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.class_id, classIds), isNull(goods.deleted_at)))
    .limit(1);
  return Boolean(row);
}

/**
 * `pid` is 0 or a live class; the class (with its sub-classes) stays within three levels, never
 * under itself, and a class whose subtree holds goods keeps its level (goods sit at level 3).
 */
async function checkParent(db: Exec, pid: number, self: number | undefined): Promise<void> {
  let level = 1;
  if (pid !== 0) {
    const chain = await classChain(db, pid);
    if (!chain) throw invalid('catalogue.classMissing', 'pid');
    if (self !== undefined && chain.some((c) => c.id === self)) throw invalid('catalogue.classLoop', 'pid');
    level = chain.length + 1;
  }
  if (level > MAX_CLASS_LEVEL) throw invalid('catalogue.classTooDeep', 'pid');
  if (self === undefined) return;
  const below = await descendants(db, self);
  if (level + below.length > MAX_CLASS_LEVEL) throw invalid('catalogue.classTooDeep', 'pid');
  const oldLevel = (await classChain(db, self))?.length;
  if (oldLevel !== undefined && oldLevel !== level && (await anyGoodsIn(db, [self, ...below.flat()]))) {
    throw invalid('catalogue.classMoveWithGoods', 'pid');
  }
}

export const goodsClassesResource = defineResource({
  table: goods_classes,
  area: 'admin',
  name: 'goods_classes',
  columns: {
    readable: ['id', 'pid', 'name', 'ename', 'thumb', 'is_sort', 'created_at', 'updated_at'],
    writable: {
      pid: formInt({ min: 0 }),
      name: formText({ max: 20, min: 1 }),
      // the English name the storefront shows in English; empty: the name
      ename: formText({ max: 20 }).optional(),
      thumb: formUrl(150).optional(),
      is_sort: formInt({ min: 0, max: 9999 }).optional(),
    },
    filterable: ['id', 'name', 'ename', 'is_sort', 'created_at'],
  },
  defaultOrder: [asc(goods_classes.is_sort), asc(goods_classes.id)],
  tree: { parent: 'pid' },
  softDelete: true,
  async beforeWrite(values, ctx) {
    if (values.pid !== undefined) await checkParent(ctx.tx, values.pid, ctx.action === 'update' ? Number(ctx.id) : undefined);
  },
  // A class name is used once among the live classes of the same parent (a move or a rename may
  // not make two "手机" side by side; the same name under different parents is fine).
  unique: [{ column: 'name', within: 'pid', message: 'catalogue.classNameTaken', status: 422, normalized: true, inFile: 'later' }],
  // A delete is refused while a class has sub-classes (not deleted with it) or live goods.
  dependents: [
    { table: goods_classes, column: goods_classes.pid, message: 'catalogue.classHasChildren' },
    { table: goods, column: goods.class_id, message: 'catalogue.classHasGoods' },
  ],
});

/** Path ids as the generic destroy reads them (`1,2,3`; goods deletes); anything else is a 422. */
export function pathIds(raw: string): number[] {
  const parts = raw.split(',');
  if (parts.length > 1000 || parts.some((p) => !/^\d{1,9}$/.test(p))) throw crudFail('crud.badIds', { ids: raw.slice(0, 100) }, 422, { field: 'ids' });
  return [...new Set(parts.map(Number))];
}

/** Every live class, by is_sort. */
export async function allClasses(db: Exec) {
  return db
    .select({ id: goods_classes.id, name: goods_classes.name, ename: goods_classes.ename, pid: goods_classes.pid, thumb: goods_classes.thumb })
    .from(goods_classes)
    .where(isNull(goods_classes.deleted_at))
    .orderBy(asc(goods_classes.is_sort), asc(goods_classes.id));
}

/**
 * GET /Seller/store_classes — the tree `{id, name, ename, pid, thumb, lev, children?}` of the classes the
 * store may sell in (its leaves and their ancestors); the whole tree when it has no list.
 */
async function sellerStoreClasses(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const rows = await allClasses(db);
  const allowed = await allowedLeaves(db, sessionStoreId(c));
  let kept = rows;
  if (allowed) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keep = new Set<number>();
    for (const leaf of allowed) {
      const chain: number[] = [];
      for (let at = byId.get(leaf); at && chain.length <= MAX_CLASS_LEVEL; at = byId.get(at.pid)) chain.push(at.id);
      // Only complete chains (leaf → top) of live classes.
      const top = byId.get(chain[chain.length - 1]);
      if (chain.length === MAX_CLASS_LEVEL && top?.pid === 0) chain.forEach((id) => keep.add(id));
    }
    kept = rows.filter((r) => keep.has(r.id));
  }
  return ok(c, nestRows(kept, (r) => r.id, (r) => r.pid, 0));
}

export const SELLER_GOODS_PAGES = ['/Seller/goods'] as const;

export function mountGoodsClasses(api: Hono<AppEnv>) {
  const guard = sellerGuard([...SELLER_GOODS_PAGES]);
  api.get('/Seller/store_classes', async (c) => {
    await guard(c, 'index', 'seller.store_classes.index');
    return sellerStoreClasses(c);
  });
  mountAdminResource(api, '/Admin/goods_classes', goodsClassesResource);
}
