/**
 * Work per search, independent of how busy the machine is: the 157 searches of the goods-search
 * mix (bench/goodsSearch.ts) run once each, alone, and
 * - every SQL statement a search sends is re-run under `EXPLAIN (ANALYZE, BUFFERS)`: execution
 *   time (best of 3) and shared buffers touched, summed per search (the count statement apart:
 *   under load the 5 s count memo answers it);
 * - the server's own CPU per search (`process.cpuUsage` over many in-process runs of
 *   `searchGoods` + JSON encoding, count memo warm, as under load).
 * `tsx bench/searchWork.ts setup` writes the bench catalogue into BENCH_DATABASE_URL and keeps it
 * (its description in /tmp/souk-search-catalogue.json); `tsx bench/searchWork.ts` measures;
 * `… answers > file` prints every answer (ids and totals) to compare two versions of the code
 * (`… answers warm`: each search's statements compiled and its total kept by a run before).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { forgetSearch, goodsQueryOf, searchGoods } from '../server/modules/shop/goodsSearch';
import { pagingOf } from '../server/modules/shop/shared';
import { generateGoods, type BenchCatalogue } from './goodsData';
import { goodsQueries } from './goodsSearch';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL');
const CATALOGUE = process.env.BENCH_CATALOGUE ?? '/tmp/souk-search-catalogue.json';
const mode = process.argv[2] ?? 'measure';

const database = await openDatabase({ databaseUrl: url });
const { db } = database;

if (mode === 'setup') {
  await database.migrate();
  // the demo rows first, as the server writes them on an empty database (bench/goodsSearch.ts order)
  await seedIfEmpty(db);
  const cat = await generateGoods(db, { log: console.log });
  writeFileSync(CATALOGUE, JSON.stringify(cat));
  console.log(`written: ${cat.goods} goods, ${cat.visible} visible`);
  await database.close();
  process.exit(0);
}

const cat = JSON.parse(readFileSync(CATALOGUE, 'utf8')) as BenchCatalogue;
const queries = goodsQueries(cat).map((q) => {
  const input = Object.fromEntries(new URLSearchParams(q.path.slice(q.path.indexOf('?') + 1)));
  return { ...q, input, query: goodsQueryOf(input), paging: pagingOf(input, 100, 30) };
});

// every statement the pool's clients send
let captured: { text: string; values: unknown[] }[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: any, values?: any, cb?: any) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') captured.push({ text, values: Array.isArray(values) ? values : (config?.values ?? []) });
  return (original as any).call(this, config, values, cb);
} as any;

async function run(q: (typeof queries)[number]) {
  return searchGoods(db, q.query, q.paging);
}

if (mode === 'answers') {
  // `answers warm`: every search run once before, its compiled statements reused (totals kept)
  const warm = process.argv[3] === 'warm';
  if (warm) for (const q of queries) await run(q);
  for (const q of queries) {
    if (!warm) forgetSearch(db);
    const page = (await run(q)) as { total: number; data: { goods_id?: number; id?: number }[] };
    console.log(`${q.label}\t${page.total}\t${JSON.stringify(page.data)}`);
  }
  await database.close();
  process.exit(0);
}

if (mode === 'server') {
  // the server's own process (SEARCH_CACHE_MS=0) under a steady load of the mix: CPU per request
  // of the node process and of the PostgreSQL backends of this database
  const { startServer } = await import('../tests/e2e/harness');
  const autocannon = (await import('autocannon')).default;
  const { profiling } = await import('./hot');
  const server = await startServer({ DATABASE_URL: url, SEARCH_CACHE_MS: '0', ...profiling() });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const paths = queries.map((q) => q.path);
    for (let r = 0; r < 2; r++) for (const path of paths) await (await fetch(server.url + path)).arrayBuffer();
    const stat = (pid: number) => {
      try {
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return { own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]), parent: Number(f[1]) };
      } catch {
        return { own: 0, reaped: 0, parent: 0 };
      }
    };
    const amount = Number(process.env.REQUESTS ?? paths.length * 20);
    const connections = Number(process.env.CONNECTIONS ?? 10);
    const backends = async () => ((await c.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows as { pid: number }[]).map((r) => r.pid);
    const before = await backends();
    const postmaster = stat(before[0]).parent;
    const node0 = stat(server.pid).own;
    const pg0 = before.reduce((a, pid) => a + stat(pid).own, 0);
    const reaped0 = stat(postmaster).reaped;
    let i = 0;
    const result = await autocannon({
      url: server.url,
      connections,
      amount,
      requests: [{ method: 'GET', setupRequest: (req: any) => ({ ...req, path: paths[i++ % paths.length] }) }],
    } as any);
    const node = (stat(server.pid).own - node0) * 10;
    const pgOwn = before.reduce((a, pid) => a + stat(pid).own, 0) - pg0;
    const after = await backends();
    const fresh = after.filter((pid) => !before.includes(pid)).reduce((a, pid) => a + stat(pid).own, 0);
    const pgMs = (pgOwn + fresh + stat(postmaster).reaped - reaped0) * 10;
    console.log(`server under load (${connections} connections, ${amount} requests, ${result.non2xx} non-2xx, ${Math.round(result.requests.average)} req/s on this busy machine):`);
    console.log(`  node server CPU per search ${(node / amount).toFixed(3)} ms; PostgreSQL CPU per search ${(pgMs / amount).toFixed(3)} ms (backends of this database + exited processes); total ${((node + pgMs) / amount).toFixed(3)} ms`);
  } finally {
    await c.end();
    await server.stop();
    await database.close();
  }
  process.exit(0);
}

if (mode === 'plan') {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const q of queries.filter((q) => q.label === process.argv[3])) {
    forgetSearch(db);
    captured = [];
    await run(q);
    for (const s of captured.filter((s) => /^\s*select/i.test(s.text))) {
      console.log(s.text, JSON.stringify(s.values));
      const res = await c.query(`explain (analyze, buffers) ${s.text}`, s.values as any[]);
      console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
    }
  }
  await c.end();
  await database.close();
  process.exit(0);
}

const explainer = new pg.Client({ connectionString: url, options: '-c TimeZone=Asia/Shanghai' });
await explainer.connect();
interface Cost { ms: number; hit: number; read: number; planMs: number }
async function explain(text: string, values: unknown[]): Promise<Cost> {
  let best: Cost | undefined;
  for (let i = 0; i < 3; i++) {
    const res = await explainer.query(`explain (analyze, buffers, format json) ${text}`, values as any[]);
    const plan = (res.rows[0] as any)['QUERY PLAN'][0];
    const cost = { ms: plan['Execution Time'] + plan['Planning Time'], planMs: plan['Planning Time'], hit: plan.Plan['Shared Hit Blocks'], read: plan.Plan['Shared Read Blocks'] };
    if (!best || cost.ms < best.ms) best = cost;
  }
  return best!;
}

const isCount = (text: string) => /^select count\(/i.test(text);
const sum = { page: { ms: 0, planMs: 0, hit: 0, read: 0, n: 0 }, count: { ms: 0, planMs: 0, hit: 0, read: 0, n: 0 } };
const rows: { label: string; kind: string; ms: number; hit: number }[] = [];
for (const q of queries) {
  forgetSearch(db);
  captured = [];
  await run(q);
  const sent = captured.filter((s) => /^\s*select/i.test(s.text));
  let pageMs = 0;
  let pageHit = 0;
  for (const s of sent) {
    const c = await explain(s.text, s.values);
    const into = isCount(s.text) ? sum.count : sum.page;
    into.ms += c.ms;
    into.planMs += c.planMs;
    into.hit += c.hit;
    into.read += c.read;
    into.n++;
    if (!isCount(s.text)) {
      pageMs += c.ms;
      pageHit += c.hit;
    }
  }
  rows.push({ label: q.label, kind: q.kind, ms: pageMs, hit: pageHit });
}

// CPU of the server's own work per search (count memo warm, as under load), and of the
// PostgreSQL backends serving the pool (their /proc ticks; parallel workers not included)
const REPS = Number(process.env.REPS ?? 5);
for (let r = 0; r < 2; r++) for (const q of queries) await run(q);
const backends = async () =>
  ((await explainer.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows as { pid: number }[]).map((r) => r.pid);
const ticks = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + Number(f[11]) + Number(f[12]);
    } catch {
      return sum;
    }
  }, 0);
const pids = await backends();
const postmaster = Number(readFileSync('/proc/' + pids[0] + '/stat', 'utf8').split(') ')[1].split(' ')[1]);
const reaped = () => {
  const f = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[13]) + Number(f[14]);
};
const reaped0 = reaped();
const pg0 = ticks(pids);
captured = [];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let r = 0; r < REPS; r++) for (const q of queries) Buffer.from(JSON.stringify(await run(q)));
const cpu = process.cpuUsage(cpu0);
const wall = performance.now() - t0;
const pgMs = ((ticks(pids) - pg0) * 10) / (REPS * queries.length);
const statements = captured.length / (REPS * queries.length);
const reapedMs = ((reaped() - reaped0) * 10) / (REPS * queries.length);
await explainer.end();
const n = REPS * queries.length;

const kinds = [...new Set(rows.map((r) => r.kind))];
console.log(`searches: ${queries.length}`);
console.log(`page statements: ${sum.page.n}, ${(sum.page.ms / queries.length).toFixed(3)} ms per search (planning + execution; planning ${(sum.page.planMs / queries.length).toFixed(3)} ms), ${(sum.page.hit / queries.length).toFixed(1)} buffers hit, ${sum.page.read} read`);
console.log(`count statements: ${sum.count.n}, ${(sum.count.ms / queries.length).toFixed(3)} ms per search, ${(sum.count.hit / queries.length).toFixed(1)} buffers hit`);
for (const k of kinds) {
  const rs = rows.filter((r) => r.kind === k);
  console.log(`  ${k.padEnd(22)} ${String(rs.length).padStart(3)} searches, page ${(rs.reduce((a, r) => a + r.ms, 0) / rs.length).toFixed(3)} ms, ${(rs.reduce((a, r) => a + r.hit, 0) / rs.length).toFixed(0)} buffers`);
}
console.log('slowest page statements:');
for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, 12)) console.log(`  ${r.ms.toFixed(2)} ms ${r.hit} buffers  ${r.label}`);
console.log(`node CPU per search (in-process, ${n} runs): ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms (user ${(cpu.user / 1000 / n).toFixed(3)}, system ${(cpu.system / 1000 / n).toFixed(3)}); wall ${(wall / n).toFixed(2)} ms; ${statements.toFixed(3)} statements per search`);
console.log(`PostgreSQL backend CPU per search (named statements as the server sends them, ${pids.length} backends): ${pgMs.toFixed(3)} ms + exited PostgreSQL processes (parallel workers, any database) ${reapedMs.toFixed(3)} ms = ${(pgMs + reapedMs).toFixed(3)} ms`);
await database.close();
