import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { coupons, full_reductions } from '../../db/schema';
import { defineResource, formDateTime, formFlag, formInt, formMoney, formText, type WriteContext } from '../../http/crud';
import { mountAdminResource, mountSellerResource, storeIdOf } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail } from '../../http/envelope';
import './messages';

/**
 * The back-office pages of coupons and full reductions (screens §4.6, docs/marketing-api.md):
 * `/Seller/coupons` and `/Seller/full_reductions` write the session's store's rows only; the
 * operator's `/Admin/coupons` and `/Admin/full_reductions` list every store's and can only stop or
 * restart one (`stopped`), which the seller cannot undo.
 */

type Period = { start_time?: string; end_time?: string };

/** The end must come after the start (on update, against the stored value of the one not sent). */
const checkPeriod = (table: typeof coupons | typeof full_reductions) => async (values: Period, ctx: WriteContext) => {
  if (values.start_time === undefined && values.end_time === undefined) return;
  let start = values.start_time;
  let end = values.end_time;
  if (ctx.action === 'update' && (start === undefined || end === undefined)) {
    const [row] = await ctx.tx.select({ start: table.start_time, end: table.end_time }).from(table).where(eq(table.id, Number(ctx.id)));
    start ??= row?.start;
    end ??= row?.end;
  }
  if (start && end && start >= end) throw fail('marketing.period', undefined, 422, { field: 'end_time' });
};

const AMOUNT = () => formMoney({ minCents: 1, maxCents: 99_999_999 });
const THRESHOLD = () => formMoney({ minCents: 0, maxCents: 99_999_999 });

export const sellerCouponsResource = defineResource({
  table: coupons,
  area: 'seller',
  name: 'coupons',
  columns: {
    readable: ['id', 'name', 'money', 'use_money', 'stock', 'content', 'start_time', 'end_time', 'stopped', 'created_at'],
    writable: {
      name: formText({ min: 1, max: 30 }),
      money: AMOUNT(),
      use_money: THRESHOLD(),
      stock: formInt({ min: 0, max: 1_000_000 }),
      content: formText({ max: 60 }).optional(),
      start_time: formDateTime(),
      end_time: formDateTime(),
    },
    filterable: ['id', 'name', 'money', 'use_money', 'stock', 'start_time', 'end_time', 'stopped', 'created_at'],
  },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
  beforeWrite: async (values, ctx) => {
    await checkPeriod(coupons)(values, ctx);
  },
});

export const sellerFullReductionsResource = defineResource({
  table: full_reductions,
  area: 'seller',
  name: 'full_reductions',
  columns: {
    readable: ['id', 'name', 'money', 'use_money', 'start_time', 'end_time', 'stopped', 'created_at'],
    writable: {
      name: formText({ min: 1, max: 30 }),
      money: AMOUNT(),
      use_money: THRESHOLD(),
      start_time: formDateTime(),
      end_time: formDateTime(),
    },
    filterable: ['id', 'name', 'money', 'use_money', 'start_time', 'end_time', 'stopped', 'created_at'],
  },
  scope: (ctx) => ({ values: { store_id: storeIdOf(ctx) } }),
  softDelete: true,
  beforeWrite: async (values, ctx) => {
    await checkPeriod(full_reductions)(values, ctx);
  },
});

export const adminCouponsResource = defineResource({
  table: coupons,
  area: 'admin',
  name: 'coupons',
  columns: {
    readable: ['id', 'store_id', 'name', 'money', 'use_money', 'stock', 'content', 'start_time', 'end_time', 'stopped', 'created_at'],
    writable: { stopped: formFlag() },
    filterable: ['id', 'store_id', 'name', 'money', 'use_money', 'stock', 'start_time', 'end_time', 'stopped', 'created_at'],
  },
  softDelete: true,
});

export const adminFullReductionsResource = defineResource({
  table: full_reductions,
  area: 'admin',
  name: 'full_reductions',
  columns: {
    readable: ['id', 'store_id', 'name', 'money', 'use_money', 'start_time', 'end_time', 'stopped', 'created_at'],
    writable: { stopped: formFlag() },
    filterable: ['id', 'store_id', 'name', 'money', 'use_money', 'start_time', 'end_time', 'stopped', 'created_at'],
  },
  softDelete: true,
});

export function mountMarketingResources(api: Hono<AppEnv>) {
  const sellerActions = ['index', 'show', 'store', 'update', 'destroy'] as const;
  mountSellerResource(api, '/Seller/coupons', sellerCouponsResource, { only: sellerActions });
  mountSellerResource(api, '/Seller/full_reductions', sellerFullReductionsResource, { only: sellerActions });
  const adminActions = ['index', 'show', 'update'] as const;
  mountAdminResource(api, '/Admin/coupons', adminCouponsResource, { only: adminActions });
  mountAdminResource(api, '/Admin/full_reductions', adminFullReductionsResource, { only: adminActions });
}
