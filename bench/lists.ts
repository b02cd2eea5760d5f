/**
 * `npm run bench -- lists` (issue 31): every back-office list (orders, goods, users, stores,
 * refunds, money logs, settlements) of the operator and of a store, the shopper's own orders and
 * order search, and the public store list, class and search pages, on PostgreSQL
 * (BENCH_DATABASE_URL) scaled by the bulk seed to BENCH_LISTS_ORDERS orders (default 300,000) and
 * BENCH_LISTS_GOODS goods (default 100,000); the seed tops it up first when it holds fewer.
 * Each list: first page, page 500 (or its last page when it has fewer), and each common filter
 * (state, date range, buyer, keyword `|like`). Per list: one request alone (median of 7, warm),
 * then autocannon at 10 connections (BENCH_LISTS_WARM_S not counted, BENCH_LISTS_S measured).
 * Goal: p99 ≤ 100 ms, the shopper's order search ≤ 200 ms. Every answer is checked (HTTP 2xx,
 * envelope code 200). Writes the "Lists at scale" section of docs/benchmarks.md
 * (`BENCH_LISTS_ONLY=<text>` runs the lists whose name contains it and writes nothing).
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { seedScale } from '../server/db/seed/scale';
import { startServer, type RunningServer } from '../tests/e2e/harness';
import { patchDoc } from './docPatch';
import { session } from './hot';

const CONNECTIONS = 10;
const BUDGET_MS = 100;
const SEARCH_BUDGET_MS = 200;
const WARM_S = Number(process.env.BENCH_LISTS_WARM_S ?? 2);
const MEASURED_S = Number(process.env.BENCH_LISTS_S ?? 5);
const SECTION = 'Lists at scale (issue 31)';

type Who = 'admin' | 'seller' | 'shopper' | 'public';
export interface ListCase { group: string; name: string; who: Who; path: string; budget?: number }
interface Measured extends ListCase { total: number | string; aloneMs: number; rps: number; p50: number; p99: number; errors: number }

const rows = <R>(result: unknown) => (result as { rows: R[] }).rows;
const b64 = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value), 'utf8').toString('base64'));
const enc = encodeURIComponent;
/** A table cell's text: a `|` (as in `|like`) would end the cell. */
export const cell = (text: string | number) => String(text).replace(/\|/g, '\\|');

/** The values the filters use, read from the data (a busy store, a heavy buyer, a month, a name). */
export async function pickValues(db: Db) {
  const [store] = rows<{ id: number; owner: number; name: string; n: number }>(
    await db.execute(sql`select o.store_id as id, s.user_id as owner, s.store_name as name, count(*)::int as n from orders o join stores s on s.id = o.store_id
      where o.order_no ~ '^[0-9]{24}$' group by 1, 2, 3 order by 4 desc limit 1`),
  );
  const [shopper] = rows<{ id: number; username: string; nickname: string; n: number }>(
    await db.execute(sql`select u.id, u.username, u.nickname, count(*)::int as n from orders o join users u on u.id = o.user_id
      where u.username ~ '^171[0-9]{8}$' group by 1, 2, 3 order by 4 desc limit 1`),
  );
  const [order] = rows<{ order_no: string }>(await db.execute(sql`select order_no from orders where store_id = ${store.id} order by id desc offset 500 limit 1`));
  const [clock] = rows<{ from: string; to: string }>(
    await db.execute(sql`select to_char(now() - interval '60 days', 'YYYY-MM-DD') as from, to_char(now() - interval '30 days', 'YYYY-MM-DD') as to`),
  );
  const [leaf] = rows<{ id: number }>(await db.execute(sql`select class_id as id from goods where goods_no like 'BN%' group by 1 order by count(*) desc limit 1`));
  return { store, shopper, orderNo: order.order_no, from: clock.from, to: clock.to, leaf: leaf.id };
}

export function casesOf(v: Awaited<ReturnType<typeof pickValues>>): ListCase[] {
  const range = (key = 'created_at') => `${key}[0]=${v.from}&${key}[1]=${v.to}`;
  const buyer = v.shopper.username.slice(3);
  const storeWord = enc(v.store.name.slice(0, 4));
  const list: ListCase[] = [];
  const add = (group: string, who: Who, base: string, variants: [string, string][], budget?: number) => {
    for (const [name, query] of variants) list.push({ group, name, who, path: `${base}${base.includes('?') ? '&' : '?'}${query}`, budget });
  };
  const paged = (extra: string) => `page=1&per_page=30${extra ? `&${extra}` : ''}`;
  add('orders (operator)', 'admin', '/api/Admin/orders', [
    ['first page', paged('')], ['page 500', 'page=500&per_page=30'], ['state: awaiting shipment', paged('order_status=2')],
    ['state: completed, page 500', 'page=500&per_page=30&order_status=6'], ['date range (a month)', paged(range())],
    [`buyer "${buyer}"`, paged(`buyer=${buyer}|like`)], ['order number |like', paged(`order_no=${v.orderNo}|like`)], [`store "${v.store.name.slice(0, 4)}"`, paged(`store_name=${storeWord}|like`)],
  ]);
  add('orders (store)', 'seller', '/api/Seller/orders', [
    ['first page', paged('')], ['page 500', 'page=500&per_page=30'], ['state: awaiting shipment', paged('order_status=2')], ['date range (a month)', paged(range())],
    [`buyer "${buyer}"`, paged(`buyer=${buyer}|like`)], ['order number |like', paged(`order_no=${v.orderNo}|like`)],
  ]);
  add('goods (operator)', 'admin', '/api/Admin/goods', [
    ['first page', paged('')], ['page 500', 'page=500&per_page=30'], ['on the shelf', paged('goods_status=1')], ['awaiting review', paged('goods_verify=2')],
    ['date range (a month)', paged(range())], ['name "耳机" |like', paged(`goods_name=${enc('耳机')}|like`)], [`store "${v.store.name.slice(0, 4)}"`, paged(`store_name=${storeWord}|like`)],
    ['class', paged(`class_id=${v.leaf}`)],
  ]);
  add('goods (store)', 'seller', '/api/Seller/goods', [['first page', paged('')], ['last pages', 'page=20&per_page=30'], ['name "耳机" |like', paged(`goods_name=${enc('耳机')}|like`)]]);
  add('users (operator)', 'admin', '/api/Admin/users', [
    ['first page', paged('')], ['page 500', 'page=500&per_page=30'], ['date range (a month)', paged(range())],
    [`username "${buyer}" |like`, paged(`username=${buyer}|like`)], [`nickname "${v.shopper.nickname.slice(0, 2)}" |like`, paged(`nickname=${enc(v.shopper.nickname.slice(0, 2))}|like`)],
  ]);
  add('stores (operator)', 'admin', '/api/Admin/stores', [['first page', paged('')], ['page 10', 'page=10&per_page=30'], ['approved', paged('store_verify=4')], [`name "${v.store.name.slice(0, 4)}" |like`, paged(`store_name=${storeWord}|like`)]]);
  add('refunds (operator)', 'admin', '/api/Admin/refunds', [
    ['first page', paged('')], ['page 300', 'page=300&per_page=30'], ['date range (a month)', paged(range())], [`store "${v.store.name.slice(0, 4)}"`, paged(`store_name=${storeWord}|like`)],
    ['order number |like', paged(`order_no=${v.orderNo}|like`)],
  ]);
  add('refunds (store)', 'seller', '/api/Seller/refunds', [['first page', paged('')], ['date range (a month)', paged(range())]]);
  add('money logs (operator)', 'admin', '/api/Admin/money_logs', [
    ['first page', paged('')], ['page 500', 'page=500&per_page=30'], ['store logs, balance', paged('is_belong=1&is_type=0')], ['points', paged('is_type=2')],
    ['one user', paged(`user_id=${v.shopper.id}&is_belong=0`)], ['date range (a month)', paged(range())], ['name 订单 likeRight', paged(`name=${enc('订单')}|likeRight`)],
  ]);
  add('money logs (store)', 'seller', '/api/Seller/money_logs', [['first page', paged('')], ['page 100', 'page=100&per_page=30'], ['date range (a month)', paged(range())]]);
  add('settlements (operator)', 'admin', '/api/Admin/order_settlements', [
    ['first page', paged('')], ['page 500', 'page=500&per_page=30'], ['date range (a month)', paged(range())], ['one store', paged(`store_id=${v.store.id}`)],
    ['order number |like', paged(`order_no=${v.orderNo.slice(0, 14)}|like`)],
  ]);
  add('settlements (store)', 'seller', '/api/Seller/order_settlements', [['first page', paged('')], ['page 100', 'page=100&per_page=30'], ['date range (a month)', paged(range())]]);
  add('shopper orders', 'shopper', '/api/user/orders', [['first page', 'page=1&per_page=10'], ['completed', 'page=1&per_page=10&order_status=6'], ['page 10', 'page=10&per_page=10']]);
  add('shopper orders', 'shopper', '/api/user/orders', [['search "耳机"', `page=1&per_page=10&keywords=${enc('耳机')}`], ['search an order number', `page=1&per_page=10&keywords=${v.orderNo.slice(0, 16)}`]], SEARCH_BUDGET_MS);
  list.push(
    { group: 'public', name: '/api/stores', who: 'public', path: '/api/stores?page=1&per_page=30' },
    { group: 'public', name: '/api/stores near a map point', who: 'public', path: '/api/stores?page=1&per_page=30&lat=31.23&lng=121.47' },
    { group: 'public', name: '/api/home', who: 'public', path: '/api/home' },
    { group: 'public', name: 'class page (/api/goods by class)', who: 'public', path: `/api/goods?params=${b64({ class_id: [v.leaf] })}&page=1&per_page=30` },
    { group: 'public', name: 'search page (/api/goods "耳机")', who: 'public', path: `/api/goods?params=${b64({ keywords: enc('耳机') })}&page=1&per_page=30` },
  );
  return list;
}

async function measure(server: RunningServer, c: ListCase, token: string | undefined): Promise<Measured> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(server.url + c.path, { headers });
    const json = (await res.json()) as { code: number; msg: string; data: { total?: number } };
    if (!res.ok || json.code !== 200) throw new Error(`bench lists: ${c.group} ${c.name} → HTTP ${res.status}, ${json.code} ${json.msg}\n  ${c.path}`);
    return { ms: performance.now() - t0, total: json.data?.total ?? (Array.isArray(json.data) ? json.data.length : '') };
  };
  const first = await once();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  let bad = 0;
  const options = {
    url: server.url + c.path,
    connections: CONNECTIONS,
    headers,
    requests: [{ onResponse: (status: number, body: string) => void (status >= 200 && status < 300 && !/^\{"code":200[,}]/.test(body) && bad++) }],
  } as autocannon.Options;
  await autocannon({ ...options, duration: WARM_S });
  bad = 0;
  const r = await autocannon({ ...options, duration: MEASURED_S });
  return { ...c, total: first.total, aloneMs: Math.round(times[3] * 10) / 10, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts + bad };
}

export async function benchLists(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) throw new Error('npm run bench -- lists needs BENCH_DATABASE_URL=postgres://…');
  const wantOrders = Number(process.env.BENCH_LISTS_ORDERS ?? 300_000);
  const wantGoods = Number(process.env.BENCH_LISTS_GOODS ?? 100_000);
  const database = await openDatabase({ databaseUrl: pgUrl });
  const { db } = database;
  let values: Awaited<ReturnType<typeof pickValues>>;
  let size: { orders: number; goods: number; users: number; logs: number };
  const secret = 'bench-lists-secret-0123456789abcdef0123456789';
  const tokens: Partial<Record<Who, string>> = {};
  try {
    await database.migrate();
    await seedIfEmpty(db);
    const [have] = rows<{ orders: number; goods: number }>(
      await db.execute(sql`select (select count(*)::int from orders where order_no ~ '^[0-9]{24}$') as orders, (select count(*)::int from goods where goods_no like 'BN%') as goods`),
    );
    if (have.orders < wantOrders || have.goods < wantGoods) {
      console.log(`lists: the database holds ${have.goods} bulk goods and ${have.orders} bulk orders; seeding the rest…`);
      await seedScale(db, { goods: Math.max(0, wantGoods - have.goods), orders: Math.max(0, wantOrders - have.orders), log: console.log });
    }
    [size] = rows<typeof size>(
      await db.execute(sql`select (select count(*)::int from orders) as orders, (select count(*)::int from goods) as goods, (select count(*)::int from users) as users, (select count(*)::int from money_logs) as logs`),
    );
    values = await pickValues(db);
    tokens.admin = await session(db, secret, 'admin', 1);
    tokens.seller = await session(db, secret, 'seller', values.store.owner);
    tokens.shopper = await session(db, secret, 'user', values.shopper.id);
  } finally {
    await database.close();
  }
  const only = process.env.BENCH_LISTS_ONLY;
  const all = casesOf(values).filter((c) => !only || `${c.group} ${c.name}`.includes(only));
  const server = await startServer({ DATABASE_URL: pgUrl, JWT_SECRET: secret });
  const results: Measured[] = [];
  const started = new Date();
  const loadBefore = loadavg()[0];
  try {
    for (const c of all) {
      const m = await measure(server, c, c.who === 'public' ? undefined : tokens[c.who]).catch((error) => {
        console.error(`server log:\n${server.log().slice(-3000)}`);
        throw error;
      });
      results.push(m);
      console.log(`${m.group} · ${m.name}: total ${m.total}, alone ${m.aloneMs} ms, ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.errors ? `, ${m.errors} errors` : ''}`);
    }
  } finally {
    await server.stop();
  }
  if (only) return;
  const met = results.filter((m) => m.p99 <= (m.budget ?? BUDGET_MS) && !m.errors).length;
  const lines = [
    `Command: \`BENCH_DATABASE_URL=postgres://… npm run bench -- lists\` (bench/lists.ts), run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `Data: ${size.orders.toLocaleString('en')} orders, ${size.goods.toLocaleString('en')} goods, ${size.users.toLocaleString('en')} users, ${size.logs.toLocaleString('en')} money logs (demo data + \`npm run seed -- --goods ${wantGoods} --orders ${wantOrders}\`).`,
    `The store is the busiest bulk store (${values.store.n.toLocaleString('en')} orders), the shopper the busiest bulk shopper (${values.shopper.n} orders); the month is ${values.from} – ${values.to}.`,
    `Load: autocannon, ${CONNECTIONS} connections, ${WARM_S} s not counted then ${MEASURED_S} s, server and PostgreSQL on this ${cpus().length}-core host shared with other engineers' runs at the time (load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end), so the figures are upper bounds.`,
    `"alone" = one request at a time, median of 7 (warm): the cost without queueing, which a busy host distorts far less than the p99.`,
    `Goal: p99 ≤ ${BUDGET_MS} ms (the shopper's order search ≤ ${SEARCH_BUDGET_MS} ms). Met: ${met} of ${results.length}.`,
    '',
    '| list | case | total | alone | req/s | p50 | p99 | goal | verdict |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map((m) => `| ${m.group} | ${cell(m.name)} | ${m.total} | ${m.aloneMs} ms | ${Math.round(m.rps)} | ${m.p50} ms | ${m.p99} ms | ≤ ${m.budget ?? BUDGET_MS} ms | ${m.errors ? `**missed** (${m.errors} errors)` : m.p99 <= (m.budget ?? BUDGET_MS) ? 'met' : '**missed**'} |`),
  ];
  patchDoc({ sections: [{ title: SECTION, lines }] });
}
