import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromCents, toCents } from '../../db/money';

/** A numeric aggregate as the contract's 2-decimal string. */
export const centsText = (value: string | null | undefined) => fromCents(toCents(value ?? '0'));

/**
 * Every figure of the dashboards, read from the rollups (db/schema/statistics.ts), never from
 * orders. A figure is the folded rows plus the deltas not folded yet, so it is exact the moment a
 * change commits. `scope` is a store id, or 0 for the platform (the sum of every store): the admin
 * console and the seller centre call the same functions, the scope comes from the session.
 */
export type Scope = number;

export interface DayFigures {
  day: string;
  /** Σ (total_price − refund_money) of the orders paid that day, in cents. */
  sales: number;
  paidOrders: number;
  refunds: number;
  refundOrders: number;
  newUsers: number;
  newStores: number;
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Figures per day from `from` to `to` (days without any are left out). */
export async function dayFigures(db: Db, scope: Scope, from: string, to: string): Promise<DayFigures[]> {
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`select day::text as day, sum(sales)::text as sales, sum(paid_orders)::text as paid_orders, sum(refund_money)::text as refunds,
          sum(refund_orders)::text as refund_orders, sum(new_users)::text as new_users, sum(new_stores)::text as new_stores
        from (
          select day, sales, paid_orders, refund_money, refund_orders, new_users, new_stores from stat_days
            where store_id = ${scope} and day between ${from}::date and ${to}::date
          union all
          select day, sales, paid_orders, refund_money, refund_orders, new_users, new_stores from stat_day_deltas
            where store_id = ${scope} and day between ${from}::date and ${to}::date
        ) f group by day order by day`,
  );
  return rows.map((r) => ({
    day: r.day,
    sales: toCents(r.sales),
    paidOrders: Number(r.paid_orders),
    refunds: toCents(r.refunds),
    refundOrders: Number(r.refund_orders),
    newUsers: Number(r.new_users),
    newStores: Number(r.new_stores),
  }));
}

/** Sales (cents) of several windows in one statement: `windows` are [from, to] pairs, open ends as null. */
export async function salesOf(db: Db, scope: Scope, windows: readonly (readonly [string | null, string | null])[]): Promise<number[]> {
  const sums = windows.map(
    ([from, to], i) =>
      sql`coalesce(sum(sales) filter (where ${from === null ? sql`true` : sql`day >= ${from}::date`} and ${to === null ? sql`true` : sql`day <= ${to}::date`}), 0)::text as ${sql.identifier(`w${i}`)}`,
  );
  const [row] = await rowsOf<Record<string, string>>(
    db,
    sql`select ${sql.join(sums, sql`, `)} from (
          select day, sales from stat_days where store_id = ${scope}
          union all
          select day, sales from stat_day_deltas where store_id = ${scope}
        ) f`,
  );
  return windows.map((_, i) => toCents(row?.[`w${i}`] ?? '0'));
}

/** Live orders per state (order_status → count) of the scope. */
export async function stateCounts(db: Db, scope: Scope): Promise<Record<number, number>> {
  const rows = await rowsOf<{ order_status: number; orders: string }>(
    db,
    sql`select order_status, sum(orders)::text as orders from (
          select order_status, orders from stat_states where store_id = ${scope}
          union all
          select order_status, orders from stat_state_deltas where store_id = ${scope}
        ) f group by order_status`,
  );
  return Object.fromEntries(rows.map((r) => [Number(r.order_status), Number(r.orders)]));
}

/** Distinct buyers per day (users with a paid order of the scope that day). */
export async function buyersPerDay(db: Db, scope: Scope, from: string, to: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ day: string; buyers: string }>(
    db,
    sql`select day::text as day, count(*)::text as buyers from (
          select day, user_id from (
            select day, user_id, orders from stat_buyers where store_id = ${scope} and day between ${from}::date and ${to}::date
            union all
            select day, user_id, orders from stat_buyer_deltas where store_id = ${scope} and day between ${from}::date and ${to}::date
          ) b group by day, user_id having sum(orders) > 0
        ) d group by day`,
  );
  return new Map(rows.map((r) => [r.day, Number(r.buyers)]));
}

export interface RankedStore {
  id: number;
  store_name: string;
  store_logo: string;
  orders_count: number;
  total_price: string;
}

/** The stores that sold most (sales, then paid orders) from `from` to `to`. */
export async function topStores(db: Db, from: string, to: string, limit: number): Promise<RankedStore[]> {
  const rows = await rowsOf<{ id: number; store_name: string; store_logo: string; orders: string; sales: string }>(
    db,
    sql`select t.store_id as id, s.store_name, s.store_logo, t.orders::text as orders, t.sales::text as sales
        from (
          select store_id, sum(sales) as sales, sum(paid_orders) as orders from (
            select store_id, sales, paid_orders from stat_days where store_id > 0 and day between ${from}::date and ${to}::date
            union all
            select store_id, sales, paid_orders from stat_day_deltas where store_id > 0 and day between ${from}::date and ${to}::date
          ) f group by store_id having sum(paid_orders) > 0
          order by sum(sales) desc, sum(paid_orders) desc, store_id limit ${limit}
        ) t join stores s on s.id = t.store_id
        order by t.sales desc, t.orders desc, t.store_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), store_name: r.store_name, store_logo: r.store_logo, orders_count: Number(r.orders), total_price: centsText(r.sales) }));
}

export interface RankedGoods {
  id: number;
  goods_name: string;
  goods_master_image: string;
  store_id: number;
  orders_count: number;
  quantity: number;
  total_price: string;
}

/**
 * The goods that sold most from `from` to `to` (of a store, or of every store with scope 0):
 * by the amount of their lines (`amount`) or by orders, among orders not wholly refunded.
 */
export async function topGoods(db: Db, scope: Scope, from: string, to: string, limit: number, by: 'amount' | 'orders'): Promise<RankedGoods[]> {
  const storeCond = scope === 0 ? sql`true` : sql`store_id = ${scope}`;
  const order = by === 'amount' ? sql`sum(amount) desc, sum(orders) desc` : sql`sum(orders) desc, sum(amount) desc`;
  const rows = await rowsOf<{ id: number; goods_name: string; goods_master_image: string; store_id: number; orders: string; quantity: string; amount: string }>(
    db,
    sql`select t.goods_id as id, g.goods_name, g.goods_master_image, g.store_id, t.orders::text as orders, t.quantity::text as quantity, t.amount::text as amount
        from (
          select goods_id, sum(amount) as amount, sum(orders) as orders, sum(quantity) as quantity from (
            select goods_id, amount, orders, quantity from stat_goods_days where ${storeCond} and day between ${from}::date and ${to}::date
            union all
            select goods_id, amount, orders, quantity from stat_goods_deltas where ${storeCond} and day between ${from}::date and ${to}::date
          ) f group by goods_id having sum(orders) > 0
          order by ${order}, goods_id limit ${limit}
        ) t join goods g on g.id = t.goods_id
        order by ${by === 'amount' ? sql`t.amount desc, t.orders desc` : sql`t.orders desc, t.amount desc`}, t.goods_id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    goods_name: r.goods_name,
    goods_master_image: r.goods_master_image,
    store_id: Number(r.store_id),
    orders_count: Number(r.orders),
    quantity: Number(r.quantity),
    total_price: centsText(r.amount),
  }));
}

