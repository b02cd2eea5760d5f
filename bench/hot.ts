/**
 * Hot pages and order creation under load (issue 11 "Hot pages fast", issue 12 "Must hold"), on
 * PostgreSQL (BENCH_DATABASE_URL) and on the embedded database (PGlite, a fresh data directory):
 * - `GET /api/goods/{id}` at 50 connections, rotating over the visible demo goods;
 * - `GET /api/Admin/users` page 1 at 50 connections, as the seeded super admin;
 * - `POST /api/user/order/create` at 20 connections: 20 bench shoppers (each with an address), a
 *   fresh idempotency key per request, buy-now of one unit of one of the demo goods (rotating over
 *   four goods of two stores) whose stock is raised first so none runs out.
 * Every answer is checked (HTTP 2xx and envelope code 200): an error answer is counted and named.
 * Bench rows are written straight into the database (shoppers, addresses, sessions signed with the
 * server's JWT_SECRET: no login, so no login limits) and taken out again on PostgreSQL.
 *
 * Run alone with `npm run bench -- hot` (PostgreSQL rows when BENCH_DATABASE_URL is set); also part
 * of the full `npm run bench`. Only these rows of docs/benchmarks.md are replaced. For comparing
 * changes, `BENCH_HOT_ONLY=detail,list,create` and `BENCH_HOT_DB=pg,pglite` narrow the run
 * (`BENCH_HOT_NO_DOC=1`: print only, leave docs/benchmarks.md as it is).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { execSync } from 'node:child_process';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { addresses, auth_sessions, goods, goods_skus, order_checkouts, order_goods, order_logs, orders, stores, users } from '../server/db/schema';
import { PROVIDER_OF, signAccess } from '../server/http/auth';
import type { Area } from '../server/http/context';
import { startServer, type RunningServer } from '../tests/e2e/harness';
import { budgetRow, patchDoc, type BudgetRow, type DocPatch, type LoadRow } from './docPatch';
import { MEASURED_S, WARMUP_S } from './load';

export const DETAIL_CONNECTIONS = 50;
export const LIST_CONNECTIONS = 50;
export const ORDER_CONNECTIONS = 20;
const SHOPPERS = 20;
const BENCH_USER = 'bench_shop_';
const BUDGET_PREFIXES = ['Goods detail `/api/goods/{id}`', 'Admin list `/api/Admin/users`', 'Order create'];
const LOAD_PREFIXES = ['GET /api/goods/{id}', 'GET /api/Admin/users', 'POST /api/user/order/create'];
const SECTION = 'Hot pages and order create (issues 11 and 12)';

export interface Prepared {
  goodsIds: number[];
  buys: { goods_id: number; sku_id: number }[];
  shoppers: { token: string; address: number }[];
  adminToken: string;
  /** The stock values changed, to put back (PostgreSQL). */
  restore: () => Promise<void>;
}

type Db2 = Db;

function token(secret: string, area: Area, accountId: number, sid: string) {
  return signAccess(secret, { sub: String(accountId), area, provider: PROVIDER_OF[area], sid });
}

export async function session(db: Db2, secret: string, area: Area, accountId: number) {
  const sid = randomUUID();
  await db.insert(auth_sessions).values({
    id: sid,
    area,
    provider: PROVIDER_OF[area],
    account_id: accountId,
    refresh_hash: 'bench',
    ip: '127.0.0.1',
    expires_at: sql`now() + interval '1 day'`,
  });
  return token(secret, area, accountId, sid);
}

async function removeBenchRows(db: Db2) {
  const ids = (await db.select({ id: users.id }).from(users).where(sql`${users.username} like ${BENCH_USER + '%'}`)).map((r) => r.id);
  if (!ids.length) return;
  const orderIds = db.select({ id: orders.id }).from(orders).where(inArray(orders.user_id, ids));
  await db.delete(order_logs).where(inArray(order_logs.order_id, orderIds));
  await db.delete(order_goods).where(inArray(order_goods.user_id, ids));
  await db.delete(orders).where(inArray(orders.user_id, ids));
  await db.delete(order_checkouts).where(inArray(order_checkouts.user_id, ids));
  await db.delete(addresses).where(inArray(addresses.user_id, ids));
  await db.delete(auth_sessions).where(and(eq(auth_sessions.provider, 'users'), inArray(auth_sessions.account_id, ids)));
  await db.delete(users).where(inArray(users.id, ids));
}

/** Shoppers, sessions and stock for the run (the database is migrated and seeded). */
export async function prepare(db: Db2, secret: string): Promise<Prepared> {
  await removeBenchRows(db);
  const visible = await db
    .select({ id: goods.id, store: goods.store_id })
    .from(goods)
    .innerJoin(stores, eq(stores.id, goods.store_id))
    .where(sql`${goods.goods_status} = 1 and ${goods.goods_verify} = 1 and ${goods.deleted_at} is null and ${stores.store_status} = 1 and ${stores.store_verify} = 4 and ${stores.deleted_at} is null`)
    .orderBy(goods.id);
  if (visible.length < 4) throw new Error('bench: fewer than 4 visible demo goods');
  // four goods with SKUs from two stores for the orders
  const withSkus = await db
    .select({ goods_id: goods_skus.goods_id, sku_id: sql<number>`min(${goods_skus.id})`.mapWith(Number), store: goods.store_id })
    .from(goods_skus)
    .innerJoin(goods, eq(goods.id, goods_skus.goods_id))
    .where(and(isNull(goods_skus.deleted_at), inArray(goods.id, visible.map((v) => v.id))))
    .groupBy(goods_skus.goods_id, goods.store_id)
    .orderBy(goods_skus.goods_id);
  const stores2 = [...new Set(withSkus.map((w) => w.store))].slice(0, 2);
  const buys = stores2.flatMap((st) => withSkus.filter((w) => w.store === st).slice(0, 2)).map(({ goods_id, sku_id }) => ({ goods_id, sku_id }));
  if (buys.length < 2) throw new Error('bench: no demo goods with SKUs');
  const skuIds = buys.map((b) => b.sku_id);
  const goodsIds = buys.map((b) => b.goods_id);
  const oldSkus = await db.select({ id: goods_skus.id, stock: goods_skus.goods_stock }).from(goods_skus).where(inArray(goods_skus.goods_id, goodsIds));
  const oldGoods = await db.select({ id: goods.id, stock: goods.goods_stock }).from(goods).where(inArray(goods.id, goodsIds));
  await db.update(goods_skus).set({ goods_stock: sql`${goods_skus.goods_stock} + 10000000` }).where(inArray(goods_skus.id, skuIds));
  await db.update(goods).set({ goods_stock: sql`${goods.goods_stock} + 10000000` }).where(inArray(goods.id, goodsIds));

  const hash = 'bench-no-login';
  const rows = await db
    .insert(users)
    .values(Array.from({ length: SHOPPERS }, (_, i) => ({ username: `${BENCH_USER}${i}`, password: hash, nickname: `压测买家${i}` })))
    .returning({ id: users.id });
  const shoppers: Prepared['shoppers'] = [];
  for (const row of rows) {
    const [address] = await db
      .insert(addresses)
      .values({ user_id: row.id, receive_name: '压测', receive_tel: '13900000000', area_info: '北京市 北京市 东城区', address: '压测路 1 号', province_id: 110000, city_id: 110100, region_id: 110101, is_default: 1 })
      .returning({ id: addresses.id });
    shoppers.push({ token: await session(db, secret, 'user', row.id), address: address.id });
  }
  const adminToken = await session(db, secret, 'admin', 1);
  return {
    goodsIds: visible.map((v) => v.id),
    buys,
    shoppers,
    adminToken,
    restore: async () => {
      for (const s of oldSkus) await db.update(goods_skus).set({ goods_stock: s.stock }).where(eq(goods_skus.id, s.id));
      for (const g of oldGoods) await db.update(goods).set({ goods_stock: g.stock }).where(eq(goods.id, g.id));
      await removeBenchRows(db);
      await db.delete(auth_sessions).where(eq(auth_sessions.refresh_hash, 'bench'));
    },
  };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64');
const okEnvelope = /^\{"code":200[,}]/;

interface Checked { row: LoadRow; firstBad: string }

const TICK_MS = 1000 / Number(execSync('getconf CLK_TCK').toString().trim() || 100);

/** CPU time (user + system) of a process in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU of the server process and of the PostgreSQL backends of `pgUrl`'s database (null: PGlite,
 * which runs inside the server): on a shared, busy machine CPU per request compares runs better
 * than req/s and latency, which mostly measure the other tenants.
 */
export async function cpuSampler(server: RunningServer, pgUrl: string | null) {
  const backends = async (): Promise<Map<number, number>> => {
    if (!pgUrl) return new Map();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
    } finally {
      await client.end();
    }
  };
  const server0 = cpuMs(server.pid);
  const pg0 = await backends();
  return async () => {
    const serverMs = cpuMs(server.pid) - server0;
    const pg1 = await backends();
    let pgMs = 0;
    for (const [pid, ms] of pg1) pgMs += ms - (pg0.get(pid) ?? 0);
    return { serverMs, pgMs };
  };
}

/** autocannon over `request(i)`; every answer must be HTTP 2xx with envelope code 200. */
async function load(server: RunningServer, title: string, connections: number, request: (n: number) => { method: string; path: string; headers?: Record<string, string>; body?: string }, pgUrl: string | null = null): Promise<Checked> {
  let n = 0;
  let bad = 0;
  let firstBad = '';
  const options = {
    url: server.url,
    connections,
    requests: [
      {
        setupRequest: (req: any) => {
          const r = request(n++);
          return { ...req, ...r, headers: { ...(req.headers ?? {}), ...(r.headers ?? {}) } };
        },
        onResponse: (status: number, body: string) => {
          if (status < 200 || status >= 300 || !okEnvelope.test(body)) {
            bad++;
            if (!firstBad) firstBad = `HTTP ${status} ${body.slice(0, 200)}`;
          }
        },
      },
    ],
  } as autocannon.Options;
  await autocannon({ ...options, duration: WARMUP_S });
  bad = 0;
  firstBad = '';
  const sample = await cpuSampler(server, pgUrl);
  const result = await autocannon({ ...options, duration: MEASURED_S });
  const cpu = await sample();
  if (!firstBad && result.timeouts) firstBad = `${result.timeouts} requests got no answer within autocannon's 10 s timeout (counted as errors)`;
  const total = result.requests.total || 1;
  const errors = bad + result.errors + result.timeouts + (result.non2xx > bad ? result.non2xx - bad : 0);
  const cpuNote = `CPU per request: server ${(cpu.serverMs / total).toFixed(2)} ms${pgUrl ? `, PostgreSQL ${(cpu.pgMs / total).toFixed(2)} ms` : ''}`;
  return { row: { title: `${title}; ${cpuNote}`, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: errors }, firstBad };
}

export interface HotRun {
  db: 'PostgreSQL' | 'PGlite';
  detail: LoadRow;
  list: LoadRow;
  create: LoadRow;
  notes: string[];
}

async function runOn(server: RunningServer, p: Prepared, label: HotRun['db'], log: (s: string) => void, pgUrl: string | null): Promise<HotRun> {
  const notes: string[] = [];
  const note = (c: Checked) => {
    if (c.firstBad) notes.push(`${c.row.title}: first error answer ${c.firstBad}`);
    log(`${c.row.title}: ${Math.round(c.row.rps)} req/s, p50 ${c.row.p50} ms, p99 ${c.row.p99} ms, errors ${c.row.non2xx}`);
    return c.row;
  };
  const ids = p.goodsIds;
  const skipped: LoadRow = { title: 'skipped', rps: 0, p50: 0, p99: 0, non2xx: 0 };
  const only = process.env.BENCH_HOT_ONLY;
  const want = (name: string) => !only || only.split(',').includes(name);
  const detail = !want('detail') ? skipped : note(await load(server, `GET /api/goods/{id} (${label}, ${DETAIL_CONNECTIONS} connections, ${ids.length} goods in turn)`, DETAIL_CONNECTIONS, (i) => ({ method: 'GET', path: `/api/goods/${ids[i % ids.length]}` }), pgUrl));
  const auth = { authorization: `Bearer ${p.adminToken}` };
  const list = !want('list') ? skipped : note(await load(server, `GET /api/Admin/users?page=1&per_page=30 (${label}, ${LIST_CONNECTIONS} connections, super admin)`, LIST_CONNECTIONS, () => ({ method: 'GET', path: '/api/Admin/users?page=1&per_page=30', headers: auth }), pgUrl));
  const run = randomBytes(4).toString('hex');
  const bodies = p.buys.map((b) => b64({ order: [{ goods_id: b.goods_id, sku_id: b.sku_id, buy_num: 1 }], ifcart: 0 }));
  const create = !want('create') ? skipped : note(
    await load(server, `POST /api/user/order/create (${label}, ${ORDER_CONNECTIONS} connections, ${p.shoppers.length} shoppers in turn, a new key each)`, ORDER_CONNECTIONS, (i) => {
      const shopper = p.shoppers[i % p.shoppers.length];
      return {
        method: 'POST',
        path: '/api/user/order/create',
        headers: { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ params: bodies[i % bodies.length], address_id: String(shopper.address), idem_key: `bench-${run}-${i}` }).toString(),
      };
    }, pgUrl),
  );
  return { db: label, detail, list, create, notes };
}

/** BENCH_SERVER_PROFILE=dir: the server writes a V8 CPU profile there when it stops. */
export const profiling = (): Record<string, string> =>
  process.env.BENCH_SERVER_PROFILE
    ? { NODE_OPTIONS: `--import ${join(process.cwd(), 'bench/cpuProfile.mjs')}`, SOUK_CPU_PROFILE_DIR: process.env.BENCH_SERVER_PROFILE }
    : {};

/** Both databases (PostgreSQL only when `pgUrl`). */
export async function benchHot(pgUrl: string | undefined, log = console.log): Promise<HotRun[]> {
  const runs: HotRun[] = [];
  const secret = randomBytes(32).toString('base64url');
  const dbs = (process.env.BENCH_HOT_DB ?? 'pg,pglite').split(',');
  if (pgUrl && dbs.includes('pg')) {
    const database = await openDatabase({ databaseUrl: pgUrl });
    try {
      await database.migrate();
      await seedIfEmpty(database.db);
      const p = await prepare(database.db, secret);
      try {
        const server = await startServer({ DATABASE_URL: pgUrl, JWT_SECRET: secret, ...profiling() });
        try {
          runs.push(await runOn(server, p, 'PostgreSQL', log, pgUrl));
        } finally {
          await server.stop();
        }
      } finally {
        await p.restore();
      }
    } finally {
      await database.close();
    }
  }
  if (!dbs.includes('pglite')) return runs;
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    let p: Prepared;
    try {
      await database.migrate();
      await seedIfEmpty(database.db);
      p = await prepare(database.db, secret);
    } finally {
      await database.close();
    }
    const server = await startServer({ DATA_DIR: dir, JWT_SECRET: secret, ...profiling() });
    try {
      runs.push(await runOn(server, p, 'PGlite', log, null));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}

/** Goals of the issues (on PostgreSQL; the embedded database within 3× of them). */
export const GOALS = { detailRps: 3000, detailP99: 40, listRps: 1500, createRps: 200, createP99: 100 };

export function hotPatch(runs: HotRun[]): DocPatch {
  const budgets: BudgetRow[] = [];
  for (const r of runs) {
    const f = r.db === 'PostgreSQL' ? 1 : 3;
    const tag = r.db === 'PostgreSQL' ? 'PostgreSQL' : 'PGlite, goal 3× looser';
    const ms = (n: number) => `${Math.round(n)} ms`;
    const rps = (n: number) => `${Math.round(n)} req/s`;
    const errors = (row: LoadRow, rows: BudgetRow[]) => {
      if (row.non2xx) for (const b of rows) b.verdict = '**missed** (error answers)';
      return rows;
    };
    budgets.push(
      ...errors(r.detail, [
        budgetRow(`Goods detail \`/api/goods/{id}\` throughput (${tag}, ${DETAIL_CONNECTIONS} connections)`, r.detail.rps, GOALS.detailRps / f, rps, true),
        budgetRow(`Goods detail \`/api/goods/{id}\` p99 (${tag}, ${DETAIL_CONNECTIONS} connections)`, r.detail.p99, GOALS.detailP99 * f, ms),
      ]),
      ...errors(r.list, [budgetRow(`Admin list \`/api/Admin/users\` throughput (${tag}, ${LIST_CONNECTIONS} connections)`, r.list.rps, GOALS.listRps / f, rps, true)]),
      ...errors(r.create, [
        budgetRow(`Order create throughput (${tag}, ${ORDER_CONNECTIONS} shoppers)`, r.create.rps, GOALS.createRps / f, (n) => `${Math.round(n)} orders/s`, true),
        budgetRow(`Order create p99 (${tag}, ${ORDER_CONNECTIONS} shoppers)`, r.create.p99, GOALS.createP99 * f, ms),
      ]),
    );
  }
  const lines = [
    'Command: `BENCH_DATABASE_URL=postgres://… npm run bench -- hot` (also part of the full `npm run bench`; without the variable only the PGlite rows).',
    '',
    `Load: autocannon in the bench process, the server in its own process; ${DETAIL_CONNECTIONS} connections for the goods page and the admin list, ${ORDER_CONNECTIONS} for order creation, each 10 s after 3 s not counted.`,
    'Goods page: every visible demo goods in turn. Admin list: page 1 of 30 users as the seeded super admin.',
    `Order create: ${SHOPPERS} bench shoppers in turn, each request a new idempotency key, buy-now of 1 unit of one of four demo goods with SKUs in two stores (stock raised first);`,
    'every answer checked (HTTP 2xx and envelope code 200). PostgreSQL: the demo data of `BENCH_DATABASE_URL`, bench rows removed after; PGlite: a fresh data directory with the demo data.',
    'Order create on PGlite: no issue sets a goal there (issue 12 sets PostgreSQL\'s); the 3× looser row is our own. One embedded connection serves the 20 shoppers in turn, so its latency is mostly the queue.',
    `Host load average (1 min) when the run ended: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores. CPU per request (server process; PostgreSQL backends of the bench database, from /proc) compares runs on a busy host better than req/s and latency.`,
    '',
    ...runs.flatMap((r) => r.notes.map((n) => `- ${n}`)),
  ];
  return {
    budgets: { prefixes: BUDGET_PREFIXES, rows: budgets },
    loads: { prefixes: LOAD_PREFIXES, rows: runs.flatMap((r) => [r.detail, r.list, r.create]) },
    sections: [{ title: SECTION, lines }],
  };
}

/** `npm run bench -- hot`. */
export async function benchHotOnly(): Promise<void> {
  const runs = await benchHot(process.env.BENCH_DATABASE_URL);
  const patch = hotPatch(runs);
  if (process.env.BENCH_HOT_NO_DOC !== '1') patchDoc(patch);
  for (const r of patch.budgets!.rows) console.log(`${r.what}: ${r.figure} (${r.verdict})`);
}
