import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { freights } from '../../db/schema';
import { defineResource, planList, type Resource } from '../../http/crud';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { mountSellerResource, storeIdOf } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { sessionStoreId } from '../seller-admin/scope';
import { editorSchema, listFreights, releaseGoods, saveFreights } from './freightEditor';

/**
 * /api/Seller/freights (reference §6.12, docs/orders-api.md "Store"), the session's store only:
 *   GET (isAll=1: the bare array, default first) — the goods form reads it too;
 *   PUT /{any} — the whole editor (`info[i][…]`), validated, saved in one transaction;
 *   DELETE /{ids} — province templates (never the default); their goods ship by the default.
 */
export const freightsResource = defineResource({
  table: freights,
  area: 'seller',
  name: 'freights',
  columns: { readable: ['id', 'name', 'is_type'], writable: {}, filterable: [] },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
  beforeDelete: async (rows, { tx, caller }) => {
    const keys = rows.map((row) => Number(row.key));
    const defaults = await tx
      .select({ id: freights.id })
      .from(freights)
      .where(and(inArray(freights.id, keys), eq(freights.is_type, 0), eq(freights.store_id, storeIdOf({ caller }))));
    if (defaults.length) throw fail('freights.isDefault', undefined, 422, { field: 'ids' });
  },
  afterDelete: async (keys, { tx, caller }) => releaseGoods(tx, storeIdOf({ caller }), keys.map(Number)),
});

const dbOf = (c: Context<AppEnv>) => c.get('services').db;

async function index(c: Context<AppEnv>, r: Resource) {
  const plan = planList(r.listSpec, await readInput(c));
  const rows = await listFreights(dbOf(c), sessionStoreId(c));
  if (plan.mode.kind !== 'page') return ok(c, rows);
  const { page, perPage } = plan.mode;
  return ok(c, {
    data: rows.slice((page - 1) * perPage, page * perPage),
    total: rows.length,
    per_page: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(rows.length / perPage)),
  });
}

async function update(c: Context<AppEnv>) {
  const db = dbOf(c);
  const storeId = sessionStoreId(c);
  const lang = langOf(c);
  const input = validateIn(editorSchema, await readInput(c), lang);
  await guardWrite(() => db.transaction((tx) => saveFreights(tx, storeId, input, lang)));
  return ok(c, await listFreights(db, storeId));
}

export function mountFreights(api: Hono<AppEnv>) {
  // The goods form lists the templates too (its freight select): the goods page opens the list.
  mountSellerResource(api, '/Seller/freights', freightsResource, { only: ['index'], pages: ['/Seller/freights', '/Seller/goods'], handlers: { index } });
  mountSellerResource(api, '/Seller/freights', freightsResource, { only: ['update', 'destroy'], handlers: { update } });
}
