/**
 * The dashboards at scale (issue 26): every dashboard route under load on PostgreSQL with at least
 * 300,000 orders (BENCH_DATABASE_URL; a database with fewer gets them first through the bulk
 * seed, `npm run seed -- --goods 20000 --orders N`), 10 connections, p99 budget 50 ms; and the
 * platform's `month_price` against the orders table's own sum, to the cent.
 *
 * Run with `BENCH_DATABASE_URL=postgres://… npm run bench -- dashboards`; only its rows of
 * docs/benchmarks.md are replaced.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { seedScale } from '../server/db/seed/scale';
import { addDays, monthStart, todayIn } from '../server/modules/statistics/period';
import { startServer } from '../tests/e2e/harness';
import { budgetRow, patchDoc, type BudgetRow, type LoadRow } from './docPatch';
import { steadyLoad } from './load';

export const DASHBOARD_ORDERS = 300_000;
const CONNECTIONS = 10;
const BUDGET_MS = 50;
const PREFIX = 'Dashboard ';

type Rows<T> = { rows: T[] };

async function login(url: string, body: Record<string, string>): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
  const json = (await res.json()) as { code: number; msg: string; data: { access_token: string } };
  if (json.code !== 200) throw new Error(`bench login ${body.username}: ${json.msg}`);
  return json.data.access_token;
}

export async function benchDashboards(pgUrl: string): Promise<{ budgets: BudgetRow[]; loads: LoadRow[] }> {
  const timeZone = process.env.TIME_ZONE || 'Asia/Shanghai';
  const database = await openDatabase({ databaseUrl: pgUrl, timeZone });
  let owner: string;
  let orderCount: number;
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const count = async () => ((await database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as Rows<{ n: number }>).rows[0].n;
    const have = await count();
    if (have < DASHBOARD_ORDERS) {
      console.log(`[bench] dashboards: ${have} orders, adding ${DASHBOARD_ORDERS - have} with the bulk seed`);
      await seedScale(database.db, { goods: 20_000, orders: DASHBOARD_ORDERS - have, log: (line) => console.log(line) });
    }
    orderCount = await count();
    // the owner of the store with the most orders (a bulk store: password 123456)
    const top = (await database.db.execute(
      sql`select u.username from stores s join users u on u.id = s.user_id
          where s.store_verify = 4 and s.deleted_at is null
          order by (select count(*) from orders o where o.store_id = s.id) desc limit 1`,
    )) as unknown as Rows<{ username: string }>;
    owner = top.rows[0].username;
  } finally {
    await database.close();
  }

  const loads: LoadRow[] = [];
  const budgets: BudgetRow[] = [];
  // the default (an answer served again for DASHBOARD_CACHE_MS, 2 s), then every computation paid
  // (DASHBOARD_CACHE_MS=0, RANKING_CACHE_MS=0): the cost of one answer, outside the budget
  for (const uncached of [true, false]) {
    const env: Record<string, string> = uncached ? { DASHBOARD_CACHE_MS: '0', RANKING_CACHE_MS: '0' } : {};
    const server = await startServer({ DATABASE_URL: pgUrl, ...env }, { needsDist: false, name: 'dashboards' });
    try {
      const admin = await login(server.url, { username: 'admin', password: '123456', provider: 'admins', area: 'admin' });
      const seller = await login(server.url, { username: owner, password: '123456', provider: 'users', area: 'seller' });
      const routes: [string, string][] = [
        ...['all', 'order', 'user', 'pay', 'store'].map((name) => [`/api/Admin/dashboard/${name}`, admin] as [string, string]),
        ...['all', 'order'].map((name) => [`/api/Seller/dashboard/${name}`, seller] as [string, string]),
      ];
      for (const [path, token] of routes) {
        const result = await steadyLoad({ url: server.url + path, connections: CONNECTIONS, headers: { authorization: `Bearer ${token}` } });
        const how = uncached ? 'every answer computed: DASHBOARD_CACHE_MS=0, RANKING_CACHE_MS=0' : 'default: an answer served again for 2 s';
        const row = { title: `GET ${path} (PostgreSQL, ${orderCount.toLocaleString('en')} orders, ${CONNECTIONS} connections, 30 days, ${how})`, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
        loads.push(row);
        if (!uncached) budgets.push(budgetRow(`${PREFIX}\`GET ${path}\` p99 (PostgreSQL, ${orderCount.toLocaleString('en')} orders, ${CONNECTIONS} connections)`, row.p99, BUDGET_MS, (n) => `${n} ms`));
        console.log(`${path}${uncached ? ' (uncached)' : ''}: p99 ${row.p99} ms, ${Math.round(row.rps)} req/s, ${row.non2xx} errors`);
      }
      if (!uncached) budgets.push(await monthPriceCheck(server.url, admin, pgUrl, timeZone, orderCount));
    } finally {
      await server.stop();
    }
  }
  return { budgets, loads };
}

/** The same answer the operator sees, against the orders table's own sum. */
async function monthPriceCheck(url: string, admin: string, pgUrl: string, timeZone: string, orderCount: number): Promise<BudgetRow> {
  const res = await fetch(`${url}/api/Admin/dashboard/all`, { headers: { authorization: `Bearer ${admin}` } });
  const answer = (await res.json()) as { data: { month_price: string } };
  const check = await openDatabase({ databaseUrl: pgUrl, timeZone });
  try {
    const today = todayIn(timeZone);
    const own = (await check.db.execute(
      sql`select coalesce(sum(total_price - refund_money), 0)::text as sales from orders
          where pay_time >= ${monthStart(today)}::date and pay_time < ${addDays(today, 1)}::date and deleted_at is null`,
    )) as unknown as Rows<{ sales: string }>;
    const same = own.rows[0].sales === answer.data.month_price;
    console.log(`month_price ${answer.data.month_price}, orders table ${own.rows[0].sales}: ${same ? 'equal' : 'DIFFERENT'}`);
    return {
      what: `${PREFIX}\`month_price\` against the orders table's own sum (PostgreSQL, ${orderCount.toLocaleString('en')} orders)`,
      figure: `${answer.data.month_price} vs ${own.rows[0].sales}`,
      budget: 'equal to the cent',
      verdict: same ? 'met' : '**missed**',
    };
  } finally {
    await check.close();
  }
}

/** `npm run bench -- dashboards`: these rows only, patched into docs/benchmarks.md. */
export async function benchDashboardsOnly(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) throw new Error('bench dashboards: set BENCH_DATABASE_URL to a PostgreSQL database (it gets 300,000 orders)');
  const { budgets, loads } = await benchDashboards(pgUrl);
  console.log(patchDoc({ budgets: { prefixes: [PREFIX], rows: budgets }, loads: { prefixes: ['GET /api/Admin/dashboard', 'GET /api/Seller/dashboard'], rows: loads } }));
}
