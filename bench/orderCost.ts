/**
 * What one order creation costs, in-process and without load noise (issue 12 "Must hold"; the
 * shared bench host is too busy for latency figures to compare two commits): the bench's order
 * (bench/hot.ts: buy-now of one unit, 20 shoppers in turn, a new key each) sent N times one after
 * the other through the app, on PostgreSQL (TEST_DATABASE_URL's worker database, reset and
 * reseeded, as the tests do) or on an in-memory PGlite. Prints per order: SQL statements (BEGIN
 * and COMMIT counted), statements inside the transaction, server CPU (this process: the app and,
 * for PGlite, the database), time the transaction stays open and time the goods row stays locked
 * (from the stock update to the end of COMMIT); then the same orders from 20 concurrent callers.
 *
 * `npx tsx bench/orderCost.ts [pg|pglite] [N]`.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import type { Config } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { openTestServer, TEST_SECRET } from '../tests/server/helpers';
import { prepare } from './hot';

const which = process.argv[2] ?? 'pglite';
const N = Number(process.argv[3] ?? 200);
const url = process.env.TEST_DATABASE_URL;
if (which === 'pg' && !url) throw new Error('set TEST_DATABASE_URL for pg');

interface Tally { statements: number; inTx: number; txMs: number; lockMs: number; texts: string[]; ms: Map<string, number> }
const tally: Tally = { statements: 0, inTx: 0, txMs: 0, lockMs: 0, texts: [], ms: new Map() };
const reset = () => Object.assign(tally, { statements: 0, inTx: 0, txMs: 0, lockMs: 0, texts: [], ms: new Map() });
const STOCK = /update "goods" set "goods_stock"/;

/** Counts a statement on a connection; `state` is that connection's open transaction. */
function observe(state: { begin?: number; lock?: number }, text: string, done: Promise<unknown>) {
  tally.statements++;
  const short = text.replace(/\s+/g, ' ').slice(0, 90);
  tally.texts.push(short);
  const started = performance.now();
  const took = () => tally.ms.set(short, (tally.ms.get(short) ?? 0) + performance.now() - started);
  done.then(took, took);
  const t = text.trim().toLowerCase();
  if (t.startsWith('begin')) state.begin = performance.now();
  else if (state.begin !== undefined) tally.inTx++;
  if (STOCK.test(text) && state.lock === undefined) state.lock = performance.now();
  if (t === 'commit' || t === 'rollback') {
    const end = () => {
      const now = performance.now();
      if (state.begin !== undefined) tally.txMs += now - state.begin;
      if (state.lock !== undefined) tally.lockMs += now - state.lock;
      state.begin = state.lock = undefined;
    };
    done.then(end, end);
  }
}

if (which === 'pg') {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: { __s?: object }, config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
    const last = rest[rest.length - 1];
    if (typeof text === 'string' && typeof last === 'function') {
      // pool.query's form: (config, values, callback)
      let settle: (v?: unknown) => void = () => {};
      observe((this.__s ??= {}), text, new Promise((r) => (settle = r)));
      rest[rest.length - 1] = (...args: unknown[]) => {
        settle();
        return (last as (...a: unknown[]) => unknown)(...args);
      };
      return query.call(this, config, ...rest);
    }
    const result = query.call(this, config, ...rest);
    if (typeof text === 'string' && result instanceof Promise) observe((this.__s ??= {}), text, result);
    return result;
  };
}

/** PGlite on disk, as the server runs it (`pglite-disk`): the app over a fresh data directory. */
async function diskServer() {
  const dir = mkdtempSync(join(tmpdir(), 'souk-cost-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedIfEmpty(database.db);
  const config = { port: 0, host: '127.0.0.1', dataDir: dir, jwtSecret: TEST_SECRET, uploadsDir: join(dir, 'uploads'), distDir: join(dir, 'no-dist'), timeZone: 'Asia/Shanghai', trustProxy: 1, searchCacheMs: 0, searchConcurrency: 4 } as Config;
  const app = createApp({ database, db: database.db, config });
  return { app, db: database.db, close: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
}

const s = which === 'pglite-disk' ? await diskServer() : await openTestServer({ databaseUrl: which === 'pg' ? url : undefined });
if (which.startsWith('pglite')) {
  // drizzle's PGlite session: client.query outside a transaction, tx.query inside one
  const client = (s.db as unknown as { session: { client: any } }).session.client;
  const state = {};
  const query = client.query.bind(client);
  client.query = (text: string, ...rest: unknown[]) => {
    const r = query(text, ...rest);
    observe(state, text, r);
    return r;
  };
  const transaction = client.transaction.bind(client);
  client.transaction = async (cb: (tx: any) => Promise<unknown>) => {
    let commit: (v?: unknown) => void = () => {};
    const result = transaction(async (tx: any) => {
      observe(state, 'begin', Promise.resolve());
      const q = tx.query.bind(tx);
      tx.query = (text: string, ...rest: unknown[]) => {
        const r = q(text, ...rest);
        observe(state, text, r);
        return r;
      };
      try {
        return await cb(tx);
      } finally {
        // PGlite sends COMMIT (or ROLLBACK) once the callback is done
        observe(state, 'commit', new Promise((r) => (commit = r)));
      }
    });
    try {
      return await result;
    } finally {
      commit();
    }
  };
}

const p = await prepare(s.db, TEST_SECRET);
const run = randomBytes(4).toString('hex');
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64');
const bodies = p.buys.map((b) => b64({ order: [{ goods_id: b.goods_id, sku_id: b.sku_id, buy_num: 1 }], ifcart: 0 }));
let n = 0;
async function order(): Promise<number> {
  const i = n++;
  const shopper = p.shoppers[i % p.shoppers.length];
  const t0 = performance.now();
  const res = await s.app.request('/api/user/order/create', {
    method: 'POST',
    headers: { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.0.0.1' },
    body: new URLSearchParams({ params: bodies[i % bodies.length], address_id: String(shopper.address), idem_key: `cost-${run}-${i}` }).toString(),
  });
  const text = await res.text();
  if (!text.startsWith('{"code":200')) throw new Error(`order ${i}: ${text.slice(0, 300)}`);
  return performance.now() - t0;
}

// warm-up (JIT, prepared statements on every pool connection)
for (let i = 0; i < 40; i++) await order();
await Promise.all(Array.from({ length: 20 }, () => order()));
reset();
// ORDER_COST_PROFILE=file: a V8 CPU profile of the one-after-the-other orders only
const profile = process.env.ORDER_COST_PROFILE;
const session = profile ? new Session() : null;
if (session) {
  session.connect();
  await new Promise((r) => session.post('Profiler.enable', () => session.post('Profiler.start', r)));
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < N; i++) await order();
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
if (session)
  await new Promise<void>((r) =>
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(profile!, JSON.stringify(result.profile));
      r();
    }),
  );
const per = (x: number) => (x / N).toFixed(2);
console.log(`${which}: ${N} orders one after the other`);
console.log(`  statements/order ${per(tally.statements)} (in the transaction, BEGIN excluded: ${per(tally.inTx)})`);
console.log(`  wall ms/order ${per(wall)}; server CPU ms/order ${per((cpu.user + cpu.system) / 1000)}`);
console.log(`  transaction open ms/order ${per(tally.txMs)}; goods row locked ms/order ${per(tally.lockMs)}`);
console.log('  statements of the last order:');
for (const t of tally.texts.slice(-Math.round(tally.statements / N))) console.log(`    ${((tally.ms.get(t) ?? 0) / N).toFixed(2).padStart(6)} ms  ${t}`);

reset();
const C = 20;
const total = Math.max(N, 200);
const lat: number[] = [];
const c0 = process.cpuUsage();
const w0 = performance.now();
let left = total;
await Promise.all(
  Array.from({ length: C }, async () => {
    while (left-- > 0) lat.push(await order());
  }),
);
const w = performance.now() - w0;
const c = process.cpuUsage(c0);
lat.sort((a, b) => a - b);
const q = (f: number) => lat[Math.min(lat.length - 1, Math.floor(f * lat.length))].toFixed(1);
console.log(`${which}: ${total} orders from ${C} concurrent callers: ${(total / (w / 1000)).toFixed(0)} orders/s, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms; server CPU ms/order ${((c.user + c.system) / 1000 / total).toFixed(2)}; transaction open ms/order ${(tally.txMs / total).toFixed(2)}, goods row locked ms/order ${(tally.lockMs / total).toFixed(2)}`);
await p.restore();
await s.close();
process.exit(0);
