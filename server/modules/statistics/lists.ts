import { and, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { order_pays, stores, users } from '../../db/schema';
import { defineResource, planList, runList, type ListQuery, type Resource } from '../../http/crud';
import { addDays, type Window } from './period';

/**
 * The lists under the platform analysis plots (会员分析, 店铺分析, 支付分析): the rows of the
 * period (created in the window; payments created in it), with the generic list DSL for their
 * search fields, pages and `isAll` (the page's Excel export). Read-only resources: never mounted
 * as routes of their own, only read through these answers.
 */
const newUsers = defineResource({
  table: users,
  area: 'admin',
  name: 'dashboard_users',
  columns: {
    readable: ['id', 'avatar', 'nickname', 'username', 'phone', 'created_at'],
    writable: {},
    filterable: ['nickname', 'username', 'phone'],
  },
  softDelete: true,
});

const payments = defineResource({
  table: order_pays,
  area: 'admin',
  name: 'dashboard_pays',
  columns: {
    readable: ['id', 'pay_no', 'trade_no', 'payment_name', 'total', 'refunded', 'pay_status', 'pay_time', 'created_at'],
    writable: {},
    filterable: ['pay_no', 'trade_no', 'payment_name', 'pay_status'],
  },
  softDelete: false,
});

const newStores = defineResource({
  table: stores,
  area: 'admin',
  name: 'dashboard_stores',
  columns: {
    readable: ['id', 'store_name', 'store_logo', 'area_info', 'store_status', 'store_verify', 'created_at'],
    writable: {},
    filterable: ['store_name', 'store_status', 'store_verify'],
  },
  softDelete: true,
});

export const ANALYSIS_LISTS = { user: newUsers, pay: payments, store: newStores } as const;

/** Created in the window: from its first day's midnight to the midnight after its last day. */
const createdIn = (table: PgTable, w: Window): SQL | undefined => {
  const created = (getTableColumns(table) as Record<string, PgColumn>).created_at;
  return and(gte(created, `${w.from} 00:00:00`), lt(created, `${addDays(w.to, 1)} 00:00:00`));
};

/** Only main accounts are members (staff sub-accounts are users rows too). */
const extraOf: Record<keyof typeof ANALYSIS_LISTS, (table: PgTable) => SQL | undefined> = {
  user: (table) => sql`${(getTableColumns(table) as Record<string, PgColumn>).belong_id} = 0`,
  pay: () => undefined,
  store: () => undefined,
};

/** The page (or, with isAll, every row) of an analysis list over the window. */
export async function analysisList(db: Db, kind: keyof typeof ANALYSIS_LISTS, w: Window, query: ListQuery) {
  const r = ANALYSIS_LISTS[kind] as unknown as Resource;
  const plan = planList(r.listSpec, query);
  const source = r.listSource({ values: {}, where: (table) => and(createdIn(table, w), extraOf[kind](table)) });
  return runList(db, source, plan, (row) => r.present(row));
}
