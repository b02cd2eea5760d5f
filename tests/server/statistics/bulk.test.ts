import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../../server/db/seed/scale';
import { addDays, monthStart, todayIn } from '../../../server/modules/statistics/period';
import { rebuildStatistics } from '../../../server/modules/statistics/rollups';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';

/**
 * `npm run seed -- --goods N --orders N` leaves the dashboards' rollups consistent: the triggers
 * follow its bulk inserts, it folds their deltas at the end, and the figures equal the orders
 * table's own sums and a rebuild from it.
 */
type Rows<T> = { rows: T[] };

describe('dashboards after the bulk seed', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await openTestServer();
    await seedScale(s.db, { goods: 300, orders: 1500 });
  }, 180_000);
  afterAll(() => s?.close());

  it('month_price and every month of the year equal the orders table to the cent; the rollups equal a rebuild', async () => {
    const admin = await loginAdmin(s);
    const today = todayIn(s.config.timeZone);
    const d = (await s.call('GET', '/api/Admin/dashboard/all', { token: admin, body: { is_type: 1 } })).data;
    const own = (await s.db.execute(
      sql`select coalesce(sum(total_price - refund_money), 0)::text as sales from orders
          where pay_time >= ${monthStart(today)}::date and pay_time < ${addDays(today, 1)}::date and deleted_at is null`,
    )) as unknown as Rows<{ sales: string }>;
    expect(d.month_price).toBe(own.rows[0].sales);
    const months = (await s.db.execute(
      sql`select to_char(pay_time, 'YYYY-MM') as m, sum(total_price - refund_money)::text as sales, count(*)::int as n from orders
          where pay_time is not null and deleted_at is null group by 1`,
    )) as unknown as Rows<{ m: string; sales: string; n: number }>;
    const byMonth = new Map(months.rows.map((r) => [r.m, r]));
    for (const point of d.order_plot) {
      expect(point.num, point.time).toBe(byMonth.get(point.time)?.sales ?? '0.00');
      expect(point.orders, point.time).toBe(byMonth.get(point.time)?.n ?? 0);
    }
    const counts = (await s.db.execute(sql`select order_status, count(*)::int as n from orders where deleted_at is null group by 1`)) as unknown as Rows<{ order_status: number; n: number }>;
    const state = new Map(counts.rows.map((r) => [r.order_status, r.n]));
    expect([d.order_wait, d.order_send, d.order_complete, d.order_refund]).toEqual([1, 2, 6, 5].map((k) => state.get(k) ?? 0));
    const deltas = (await s.db.execute(sql`select (select count(*) from stat_day_deltas)::int as n`)) as unknown as Rows<{ n: number }>;
    expect(deltas.rows[0].n).toBe(0);
    await rebuildStatistics(s.db);
    expect((await s.call('GET', '/api/Admin/dashboard/all', { token: admin, body: { is_type: 1 } })).data).toEqual(d);
  });
});
