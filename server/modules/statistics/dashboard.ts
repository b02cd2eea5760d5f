import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromCents } from '../../db/money';
import { ORDER_STATUS } from '../orders/states';
import { buyersPerDay, dayFigures, salesOf, stateCounts, type DayFigures, type Scope } from './figures';
import { rankedGoods as topGoods, rankedStores as topStores, type Ranking } from './rankings';
import { addDays, bucketOf, monthStart, rateOf, weekStart, windowOf, type Window } from './period';

/**
 * The dashboard answers (reference api.md §1.6, §1.7, §6.16; keys as there, definitions fixed by
 * issue 26): one definition of sales everywhere, Σ (total_price − refund_money) of the orders paid
 * in the window by pay_time in TIME_ZONE; rates are percent changes against the previous period
 * (null when that period sold nothing); a seller's figures are its store's only.
 */
export interface PeriodQuery {
  is_type?: unknown;
  created_at?: unknown;
}

export interface PlotPoint {
  time: string;
  /** Money as a 2-decimal string, counts as whole numbers. */
  num: string | number;
  /** Paid orders of the bucket (order plots). */
  orders?: number;
  /** Refunded money of the bucket (payment plot). */
  refunds?: string;
}

/** Sums day figures into the window's buckets (every bucket present, zero when nothing happened). */
function bucketed(window: Window, days: readonly DayFigures[]): Map<string, DayFigures> {
  const out = new Map<string, DayFigures>();
  for (const time of window.buckets) out.set(time, { day: time, sales: 0, paidOrders: 0, refunds: 0, refundOrders: 0, newUsers: 0, newStores: 0 });
  for (const d of days) {
    const b = out.get(bucketOf(window.unit, d.day));
    if (!b) continue;
    b.sales += d.sales;
    b.paidOrders += d.paidOrders;
    b.refunds += d.refunds;
    b.refundOrders += d.refundOrders;
    b.newUsers += d.newUsers;
    b.newStores += d.newStores;
  }
  return out;
}

/** The days of the window itself (a read covers the previous window too). */
const ofWindow = (days: readonly DayFigures[], w: Window) => days.filter((d) => d.day >= w.from);

const total = (days: readonly DayFigures[], pick: (d: DayFigures) => number) => days.reduce((sum, d) => sum + pick(d), 0);

/** The period the answer covers, with its comparison period. */
const periodOf = (w: Window) => ({ unit: w.unit, from: w.from, to: w.to, previous_from: w.previous.from, previous_to: w.previous.to });

/** Figures of the window and of the previous one: sales, paid orders and refunds, with rates. */
function windowSummary(w: Window, read: readonly DayFigures[]) {
  const days = read.filter((d) => d.day >= w.from);
  const before = read.filter((d) => d.day < w.from);
  const sales = total(days, (d) => d.sales);
  const orders = total(days, (d) => d.paidOrders);
  const previousSales = total(before, (d) => d.sales);
  const previousOrders = total(before, (d) => d.paidOrders);
  return {
    sales: fromCents(sales),
    orders,
    refunds: fromCents(total(days, (d) => d.refunds)),
    previous_sales: fromCents(previousSales),
    previous_orders: previousOrders,
    previous_refunds: fromCents(total(before, (d) => d.refunds)),
    sales_rate: rateOf(sales, previousSales),
    orders_rate: rateOf(orders, previousOrders),
    new_users: total(days, (d) => d.newUsers),
    previous_new_users: total(before, (d) => d.newUsers),
    new_stores: total(days, (d) => d.newStores),
    previous_new_stores: total(before, (d) => d.newStores),
  };
}

const salesPlot = (w: Window, days: readonly DayFigures[]): PlotPoint[] =>
  [...bucketed(w, days).entries()].map(([time, b]) => ({ time, num: fromCents(b.sales), orders: b.paidOrders }));

/** What needs doing: orders to ship, after-sales open, stores and goods awaiting review, withdrawals to pay. */
async function todo(db: Db, scope: Scope, states: Record<number, number>) {
  const storeCond = scope === 0 ? sql`true` : sql`store_id = ${scope}`;
  const result = (await db.execute(
    sql`select
          ${scope === 0 ? sql`(select count(*) from stores where store_verify = 2 and deleted_at is null)` : sql`0`}::int as stores,
          (select count(*) from goods where goods_verify = 2 and deleted_at is null and ${storeCond})::int as goods,
          (select count(*) from cashes where cash_status = 0 and ${scope === 0 ? sql`true` : sql`store_id = ${scope}`})::int as cashes`,
  )) as unknown as { rows: { stores: number; goods: number; cashes: number }[] };
  const row = result.rows[0];
  return {
    to_ship: states[ORDER_STATUS.paid] ?? 0,
    after_sales: states[ORDER_STATUS.afterSale] ?? 0,
    stores_review: Number(row?.stores ?? 0),
    goods_review: Number(row?.goods ?? 0),
    cashes: Number(row?.cashes ?? 0),
  };
}

/**
 * `GET …/dashboard/all`: the cards (sales today, yesterday, this and last week, this and last month,
 * all time; order counters by state; rates), the sales plot and the second plot (platform: new
 * users; store: its buyers) over the chosen period, the top list (platform: stores, and `goods`;
 * store: its goods) of that period, the to-do counters, and the period's summary with its comparison.
 */
export async function dashboardAll(db: Db, scope: Scope, query: PeriodQuery, today: string, ranking: Ranking) {
  const w = windowOf(query, today);
  const yesterday = addDays(today, -1);
  const week = weekStart(today);
  const month = monthStart(today);
  const lastMonth = monthStart(addDays(month, -1));
  const [[all, day, prevDay, thisWeek, lastWeek, thisMonth, prevMonth], states, days, top, goodsTop] = await Promise.all([
    salesOf(db, scope, [
      [null, null],
      [today, today],
      [yesterday, yesterday],
      [week, today],
      [addDays(week, -7), addDays(week, -1)],
      [month, today],
      [lastMonth, addDays(month, -1)],
    ]),
    stateCounts(db, scope),
    // the window and the one before it, for the summary's comparison, in one read
    dayFigures(db, scope, w.previous.from, w.to),
    scope === 0 ? topStores(ranking, db, w.from, w.to, 6) : topGoods(ranking, db, scope, w.from, w.to, 6, 'amount'),
    scope === 0 ? topGoods(ranking, db, 0, w.from, w.to, 6, 'amount') : null,
  ]);
  const buyers = scope === 0 ? null : await buyersPerDay(db, scope, w.from, w.to);
  const second = [...bucketed(w, ofWindow(days, w)).entries()].map(([time, b]) => {
    if (!buyers) return { time, num: b.newUsers };
    // buyers of a month or year: distinct per day, summed (a buyer of two days counts twice)
    let n = 0;
    for (const [d, count] of buyers) if (bucketOf(w.unit, d) === time) n += count;
    return { time, num: n };
  });
  return {
    total_price: fromCents(all),
    today_price: fromCents(day),
    yesterday_price: fromCents(prevDay),
    week_price: fromCents(thisWeek),
    last_week_price: fromCents(lastWeek),
    month_price: fromCents(thisMonth),
    last_month_price: fromCents(prevMonth),
    order_wait: states[ORDER_STATUS.unpaid] ?? 0,
    order_send: states[ORDER_STATUS.paid] ?? 0,
    order_complete: states[ORDER_STATUS.completed] ?? 0,
    order_refund: states[ORDER_STATUS.afterSale] ?? 0,
    day_rate: rateOf(day, prevDay),
    week_rate: rateOf(thisWeek, lastWeek),
    month_rate: rateOf(thisMonth, prevMonth),
    order_plot: salesPlot(w, ofWindow(days, w)),
    user_plot: second,
    list: top,
    // the platform's top goods beside its top stores (a store's `list` is its goods already)
    ...(goodsTop ? { goods: goodsTop } : {}),
    todo: await todo(db, scope, states),
    summary: windowSummary(w, days),
    period: periodOf(w),
  };
}

/**
 * `GET …/dashboard/order` (销量分析): sales and paid orders per bucket, the top ten stores
 * (platform; a store: its goods by orders) and the top ten goods by amount.
 */
export async function orderAnalysis(db: Db, scope: Scope, query: PeriodQuery, today: string, ranking: Ranking) {
  const w = windowOf(query, today);
  const [days, store, goodsList] = await Promise.all([
    dayFigures(db, scope, w.previous.from, w.to),
    scope === 0 ? topStores(ranking, db, w.from, w.to, 10) : topGoods(ranking, db, scope, w.from, w.to, 10, 'orders'),
    topGoods(ranking, db, scope, w.from, w.to, 10, 'amount'),
  ]);
  return { plot: salesPlot(w, ofWindow(days, w)), store, goods: goodsList, summary: windowSummary(w, days), period: periodOf(w) };
}

/** Plots of the platform analysis pages: new users, new stores, money paid (with refunds). */
export async function platformPlot(db: Db, kind: 'user' | 'store' | 'pay', query: PeriodQuery, today: string) {
  const w = windowOf(query, today);
  const days = await dayFigures(db, 0, w.previous.from, w.to);
  const plot: PlotPoint[] = [...bucketed(w, ofWindow(days, w)).entries()].map(([time, b]) =>
    kind === 'user'
      ? { time, num: b.newUsers }
      : kind === 'store'
        ? { time, num: b.newStores }
        : { time, num: fromCents(b.sales + b.refunds), orders: b.paidOrders, refunds: fromCents(b.refunds) },
  );
  return { w, plot, summary: windowSummary(w, days), period: periodOf(w) };
}
