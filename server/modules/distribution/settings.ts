import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { distribution_logs, distributions, goods, stores, users } from '../../db/schema';
import { defineResource, formInt, planList, runList, type Resource } from '../../http/crud';
import { mountAdminResource, mountSellerResource, storeIdOf } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { basisPoints, MAX_BP } from './rates';
import './messages';

/**
 * Commission rates per goods (reference §1.6 /Seller/distributions, screens §4.6), in percent:
 * the store sets them for its own goods (one row per goods); the operator sees every store's and
 * may stop one (delete). The commission logs: /Seller/distribution_logs (own store) and
 * /Admin/distribution_logs.
 */

/** A rate in percent: 0–100 with at most 2 decimals, stored as '10.50'. */
const formRate = () =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const bp = basisPoints(typeof v === 'number' ? String(v) : v);
    if (bp === null) {
      ctx.addIssue({ code: 'custom', input: v, params: { messageKey: 'distribution.badRate' } });
      return z.NEVER;
    }
    return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
  });

const READABLE = ['id', 'store_id', 'goods_id', 'lev_1', 'lev_2', 'lev_3', 'created_at'] as const;

async function checkRates(tx: Tx, values: { lev_1?: string; lev_2?: string; lev_3?: string }, id: unknown) {
  let current = { lev_1: '0', lev_2: '0', lev_3: '0' };
  if (id !== undefined) {
    const [row] = await tx.select({ lev_1: distributions.lev_1, lev_2: distributions.lev_2, lev_3: distributions.lev_3 }).from(distributions).where(eq(distributions.id, Number(id)));
    if (row) current = row;
  }
  const sum = (['lev_1', 'lev_2', 'lev_3'] as const).reduce((total, key) => total + (basisPoints(values[key] ?? current[key]) ?? 0), 0);
  if (sum > MAX_BP) throw fail('distribution.rateSum', undefined, 422, { field: 'lev_1' });
}

export const sellerDistributionsResource = defineResource({
  table: distributions,
  area: 'seller',
  name: 'distributions',
  columns: {
    readable: READABLE,
    writable: { goods_id: formInt({ min: 1 }), lev_1: formRate(), lev_2: formRate(), lev_3: formRate() },
    filterable: ['id', 'goods_id', 'created_at'],
  },
  softDelete: true,
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  unique: [{ column: 'goods_id', global: true, message: 'distribution.goodsTaken' }],
  label: 'goods_id',
  async beforeWrite(values, ctx) {
    if (values.goods_id !== undefined) {
      const [own] = await ctx.tx
        .select({ id: goods.id })
        .from(goods)
        .where(and(eq(goods.id, values.goods_id), eq(goods.store_id, storeIdOf(ctx)), isNull(goods.deleted_at)));
      if (!own) throw fail('distribution.goodsNotFound', undefined, 422, { field: 'goods_id' });
    }
    await checkRates(ctx.tx, values, ctx.id);
  },
});

export const adminDistributionsResource = defineResource({
  table: distributions,
  area: 'admin',
  name: 'distributions',
  columns: { readable: READABLE, writable: {}, filterable: ['id', 'store_id', 'goods_id', 'created_at'] },
  softDelete: true,
  label: 'goods_id',
});

type Row = Record<string, unknown>;

/** Adds the goods' name and image and the store's name to rate rows (one query each). */
async function withGoods(db: Db, rows: Row[]): Promise<Row[]> {
  const goodsIds = [...new Set(rows.map((r) => Number(r.goods_id)))].filter((n) => n > 0);
  const storeIds = [...new Set(rows.map((r) => Number(r.store_id)))].filter((n) => n > 0);
  const goodsRows = goodsIds.length ? await db.select({ id: goods.id, name: goods.goods_name, image: goods.goods_master_image }).from(goods).where(inArray(goods.id, goodsIds)) : [];
  const storeRows = storeIds.length ? await db.select({ id: stores.id, name: stores.store_name }).from(stores).where(inArray(stores.id, storeIds)) : [];
  const g = new Map(goodsRows.map((r) => [r.id, r]));
  const s = new Map(storeRows.map((r) => [r.id, r.name]));
  return rows.map((r) => ({ ...r, goods_name: g.get(Number(r.goods_id))?.name ?? '', goods_master_image: g.get(Number(r.goods_id))?.image ?? '', store_name: s.get(Number(r.store_id)) ?? '' }));
}

/** Adds the beneficiary's and the buyer's nicknames and the store's name to log rows. */
async function withNames(db: Db, rows: Row[]): Promise<Row[]> {
  const userIds = [...new Set(rows.flatMap((r) => [Number(r.user_id), Number(r.buyer_id)]))].filter((n) => n > 0);
  const storeIds = [...new Set(rows.map((r) => Number(r.store_id)))].filter((n) => n > 0);
  const userRows = userIds.length ? await db.select({ id: users.id, nickname: users.nickname, username: users.username }).from(users).where(inArray(users.id, userIds)) : [];
  const storeRows = storeIds.length ? await db.select({ id: stores.id, name: stores.store_name }).from(stores).where(inArray(stores.id, storeIds)) : [];
  const u = new Map(userRows.map((r) => [r.id, r.nickname || r.username]));
  const s = new Map(storeRows.map((r) => [r.id, r.name]));
  return rows.map((r) => ({ ...r, nickname: u.get(Number(r.user_id)) ?? '', buyer_name: u.get(Number(r.buyer_id)) ?? '', store_name: s.get(Number(r.store_id)) ?? '' }));
}

/** An index that enriches the page's rows (paginator or bare array). */
const enrichedIndex = (enrich: (db: Db, rows: Row[]) => Promise<Row[]>) => async (c: Context<AppEnv>, r: Resource) => {
  const db = c.get('services').db;
  const plan = planList(r.listSpec, await readInput(c));
  const scope = await r.scopeFor(c, db);
  const page = (await runList(db, r.listSource(scope), plan, (row) => r.present(row))) as unknown;
  if (Array.isArray(page)) return ok(c, await enrich(db, page as Row[]));
  const paged = page as { data: Row[] };
  return ok(c, { ...paged, data: await enrich(db, paged.data) });
};

const LOG_READABLE = ['id', 'name', 'user_id', 'buyer_id', 'store_id', 'order_id', 'order_no', 'goods_id', 'level', 'money', 'lev', 'commission', 'status', 'created_at'] as const;

export const sellerLogsResource = defineResource({
  table: distribution_logs,
  area: 'seller',
  name: 'distribution_logs',
  columns: { readable: LOG_READABLE, writable: {}, filterable: ['id', 'name', 'order_no', 'level', 'status', 'created_at'] },
  softDelete: true,
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
});

export const adminLogsResource = defineResource({
  table: distribution_logs,
  area: 'admin',
  name: 'distribution_logs',
  columns: { readable: LOG_READABLE, writable: {}, filterable: ['id', 'name', 'order_no', 'store_id', 'user_id', 'level', 'status', 'created_at'] },
  softDelete: true,
});

export function mountDistributionSettings(api: Hono<AppEnv>) {
  mountSellerResource(api, '/Seller/distributions', sellerDistributionsResource, { only: ['index', 'show', 'store', 'update', 'destroy'], handlers: { index: enrichedIndex(withGoods) } });
  mountSellerResource(api, '/Seller/distribution_logs', sellerLogsResource, { only: ['index'], pages: '/Seller/distributions', handlers: { index: enrichedIndex(withNames) } });
  mountAdminResource(api, '/Admin/distributions', adminDistributionsResource, { only: ['index', 'show', 'destroy'], handlers: { index: enrichedIndex(withGoods) } });
  mountAdminResource(api, '/Admin/distribution_logs', adminLogsResource, { only: ['index'], handlers: { index: enrichedIndex(withNames) } });
}
