import { and, asc, count, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { areas, stores } from '../../db/schema';
import { defineResource, firstNames, formText, phpTruthy, type Dependent, type WriteContext } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import './messages';
import { adminRoutes } from '../../http/routes';
import { shopChanged } from '../shop/shopChanges';
import { areaTree } from './areaTree';
import { deepOf } from './tree';

/**
 * Areas (reference §5.10): provinces, cities and districts with codes of 2, 4 and 6 digits.
 * Rows are addressed by `id` like every resource (`GET|PUT|DELETE /Admin/areas/<id>`: by code,
 * editing Beijing city id 32 opened Jiangsu province, code 32); the lazy tree links a child to
 * its parent's code (`pid`). `deep` follows the parent.
 */
const areaCode = formText({ max: 20, min: 1 }).pipe(z.string().regex(/^\d{2,12}$/));

type AreaValues = Partial<typeof areas.$inferInsert>;

/** A live area; `share` locks it until the write commits (a concurrent delete of a parent waits, then sees the child). */
async function liveArea(tx: WriteContext['tx'], code: string, share = false) {
  const query = tx
    .select({ pid: areas.pid, code: areas.code, deep: areas.deep })
    .from(areas)
    .where(and(eq(areas.code, code), isNull(areas.deleted_at)));
  const [row] = share ? await query.for('share') : await query;
  return row;
}

/** The live area with this id (the row an update addresses). */
async function liveAreaById(tx: WriteContext['tx'], id: number) {
  const [row] = await tx
    .select({ pid: areas.pid, code: areas.code, deep: areas.deep })
    .from(areas)
    .where(and(eq(areas.id, id), isNull(areas.deleted_at)));
  return row;
}

const invalid = (key: string, name: string) => fail(key, { field: name }, 422, { field: name });

async function checkArea(values: AreaValues, ctx: WriteContext): Promise<AreaValues> {
  const current = ctx.action === 'update' ? await liveAreaById(ctx.tx, Number(ctx.id)) : undefined;
  const pid = values.pid ?? current?.pid ?? '0';
  const code = values.code ?? current?.code ?? '';
  if (current && code !== current.code && (await areaHasChildren(ctx.tx, current.code))) throw invalid('content.areaHasChildren', 'code');
  if (pid === '0') {
    if (code.length !== 2) throw invalid('content.areaCode', 'code');
    return { ...values, deep: 0 };
  }
  if (pid === code) throw invalid('content.areaLoop', 'pid');
  const parent = await liveArea(ctx.tx, pid, true);
  if (!parent) throw invalid('content.parentAreaMissing', 'pid');
  if (!code.startsWith(parent.code) || code.length !== parent.code.length + 2) throw invalid('content.areaCode', 'code');
  return { ...values, deep: parent.deep + 1 };
}

/** Live stores whose address names one of these areas (as province, city or district). */
const usedByStores: Dependent = {
  message: 'content.areaUsedByStores',
  query: (tx, rows) =>
    tx
      .select({ key: areas.id, count: count(), names: firstNames(stores.store_name) })
      .from(areas)
      .innerJoin(
        stores,
        and(or(eq(stores.province_id, areas.id), eq(stores.city_id, areas.id), eq(stores.region_id, areas.id)), isNull(stores.deleted_at)),
      )
      .where(and(inArray(areas.id, rows.map((row) => Number(row.key))), isNull(areas.deleted_at)))
      .groupBy(areas.id),
};

/** Live sub-areas (their `pid` is the area's code), except those deleted in the same request. */
const subAreas: Dependent = {
  message: 'content.areaHasSubAreas',
  query: (tx, rows) => {
    const ids = rows.map((row) => Number(row.key));
    const child = alias(areas, 'child_area');
    return tx
      .select({ key: areas.id, count: count(), names: firstNames(child.name) })
      .from(areas)
      .innerJoin(child, and(eq(child.pid, areas.code), isNull(child.deleted_at), notInArray(child.id, ids)))
      .where(inArray(areas.id, ids))
      .groupBy(areas.id);
  },
};

export const areasResource = defineResource({
  table: areas,
  area: 'admin',
  name: 'areas',
  columns: {
    readable: ['id', 'pid', 'name', 'code', 'deep', 'created_at'],
    writable: {
      pid: formText({ max: 20, min: 1 }).pipe(z.string().regex(/^(0|\d{2,12})$/)),
      name: formText({ max: 30, min: 1 }),
      code: areaCode,
    },
    filterable: ['id', 'name', 'code', 'deep', 'created_at'],
  },
  defaultOrder: asc(areas.code),
  tree: { parent: 'pid', by: 'code' },
  softDelete: true,
  beforeWrite: (values, ctx) => checkArea(values, ctx),
  unique: [{ column: 'code', message: 'content.areaCodeTaken' }],
  dependents: [subAreas, usedByStores],
});

export interface AreaNode {
  id: number;
  code: string;
  pid: string;
  deep: number;
  name: string;
}

/** `isLazy=1&pid=<code>`: the children of one area, each with `leaf` (no children of its own). */
async function lazyLevel(db: Db, pid: string) {
  const child = sql`exists (select 1 from ${areas} as c where c.pid = ${areas.code} and c.deleted_at is null)`;
  const rows = await db
    .select({ id: areas.id, code: areas.code, pid: areas.pid, deep: areas.deep, name: areas.name, has: sql<boolean>`${child}` })
    .from(areas)
    .where(and(eq(areas.pid, pid), isNull(areas.deleted_at)))
    .orderBy(asc(areas.code));
  return rows.map(({ has, ...row }) => ({ ...row, leaf: !has }));
}

/** GET /api/load_areas (public): reference §1.4. */
async function loadAreas(c: Context<AppEnv>) {
  const input = await readInput(c);
  const db = c.get('services').db;
  if (phpTruthy(input.isLazy)) {
    const pid = typeof input.pid === 'string' && /^\d{1,12}$/.test(input.pid) ? input.pid : '0';
    return ok(c, await lazyLevel(db, pid));
  }
  return ok(c, await areaTree(db, deepOf(typeof input.deep === 'string' ? input.deep : undefined)));
}

/** Area names by id, for `area_info` texts ('省 市 区'). */
export async function areasById(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, AreaNode>();
  const rows = await db
    .select({ id: areas.id, code: areas.code, pid: areas.pid, deep: areas.deep, name: areas.name })
    .from(areas)
    .where(and(sql`${areas.id} in ${ids}`, isNull(areas.deleted_at)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Has this area children? */
export async function areaHasChildren(db: Db | WriteContext['tx'], code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.pid, code), isNull(areas.deleted_at)))
    .limit(1);
  return Boolean(row);
}

/**
 * GET /api/Admin/clear_area (reference "清理缓存" on the areas page): forgets the cached area
 * trees on every instance and answers the rebuilt tree. Who may edit areas may clear it.
 */
async function clearArea(c: Context<AppEnv>) {
  const db = c.get('services').db;
  await shopChanged(db);
  return ok(c, await areaTree(db, -1));
}

export function mountAreas(api: Hono<AppEnv>) {
  api.get('/load_areas', loadAreas);
  adminRoutes(api).get('/clear_area', 'admin.areas.update', clearArea);
  mountAdminResource(api, '/Admin/areas', areasResource);
}

/** [province, city, district?] area ids as a form field: an array or a comma-joined string. */
export const areaIdsField = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter((s) => s !== '' && s !== '0'))
  .pipe(z.array(z.string().regex(/^\d{1,9}$/)).min(2).max(3))
  .transform((list) => list.map(Number));

/**
 * [province, city, district?] ids → the three ids and 'province city district', checking that
 * each is the child of the one before and that a city with districts has one chosen;
 * `badArea()` is the caller's error (its own message key).
 */
export async function resolveAreaIds(db: Db, ids: number[], badArea: () => Error) {
  const found = await areasById(db, ids);
  const [province, city, region] = ids.map((id) => found.get(id));
  if (!province || province.deep !== 0 || !city || city.deep !== 1 || city.pid !== province.code) throw badArea();
  if (ids.length === 3 && (!region || region.deep !== 2 || region.pid !== city.code)) throw badArea();
  if (ids.length === 2 && (await areaHasChildren(db, city.code))) throw badArea();
  return {
    province_id: province.id,
    city_id: city.id,
    region_id: region?.id ?? 0,
    area_info: [province.name, city.name, region?.name].filter(Boolean).join(' ').slice(0, 60),
  };
}
