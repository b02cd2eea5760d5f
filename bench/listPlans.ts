/**
 * The plans of the lists of `npm run bench -- lists` (issue 31), independent of how busy the host
 * is: each list request runs once in-process against BENCH_DATABASE_URL (the app of
 * server/app.ts, no HTTP), every SQL statement it sends is captured and re-run under
 * `EXPLAIN (ANALYZE, BUFFERS)` (best execution time of 3), and per list the statements' execution
 * time and shared buffers touched are summed. Writes docs/list-plans.md (each list's figures and
 * the plan of its costliest statement); `tsx bench/listPlans.ts <text>` prints the lists whose
 * name contains the text, with every plan, and writes nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../server/app';
import type { Config } from '../server/config';
import { openDatabase } from '../server/db/client';
import { casesOf, cell, pickValues, type ListCase } from './lists';
import { session } from './hot';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL');
const only = process.argv[2];
const secret = 'bench-list-plans-secret-0123456789abcdef012345';

const database = await openDatabase({ databaseUrl: url });
await database.migrate();
const { db } = database;
const dir = mkdtempSync(join(tmpdir(), 'souk-plans-'));
const config = { port: 0, host: '127.0.0.1', dataDir: dir, jwtSecret: secret, uploadsDir: join(dir, 'uploads'), distDir: join(dir, 'no-dist'), timeZone: 'Asia/Shanghai', trustProxy: 1, searchCacheMs: 0, searchConcurrency: 4 } as Config;
const app = createApp({ database, db, config });
const values = await pickValues(db);
const [size] = (
  (await db.execute(sql`select (select count(*)::int from orders) as orders, (select count(*)::int from goods) as goods, (select count(*)::int from users) as users, (select count(*)::int from money_logs) as logs`)) as unknown as {
    rows: { orders: number; goods: number; users: number; logs: number }[];
  }
).rows;
const tokens = { admin: await session(db, secret, 'admin', 1), seller: await session(db, secret, 'seller', values.store.owner), shopper: await session(db, secret, 'user', values.shopper.id) };

// every statement the pool's clients send
let captured: { text: string; values: unknown[] }[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: any, params?: any, cb?: any) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') captured.push({ text, values: Array.isArray(params) ? params : (config?.values ?? []) });
  return (original as any).call(this, config, params, cb);
} as any;

const explainer = new pg.Client({ connectionString: url });
await explainer.connect();
await explainer.query(`set time zone 'Asia/Shanghai'`);

interface Plan { text: string; ms: number; buffers: number; plan: string }
async function explain(text: string, params: unknown[]): Promise<Plan> {
  let best: Plan | null = null;
  for (let i = 0; i < 3; i++) {
    const res = await explainer.query({ text: `explain (analyze, buffers, format json) ${text}`, values: params });
    const json = (res.rows[0] as Record<string, any>)['QUERY PLAN'][0];
    const ms = json['Execution Time'] as number;
    const sumBuffers = (node: any): number => (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0);
    if (!best || ms < best.ms) {
      const textPlan = await explainer.query({ text: `explain (analyze, buffers) ${text}`, values: params });
      best = { text, ms, buffers: sumBuffers(json.Plan), plan: textPlan.rows.map((r: any) => r['QUERY PLAN']).join('\n') };
    }
  }
  return best!;
}

const isRead = (text: string) => /^\s*(select|with)\b/i.test(text) && !/pg_backend_pid|auth_sessions|shop_changes|from "configs"/i.test(text);

const out: { c: ListCase; statements: Plan[] }[] = [];
for (const c of casesOf(values).filter((x) => !only || `${x.group} ${x.name}`.includes(only))) {
  const headers: Record<string, string> = c.who === 'public' ? {} : { authorization: `Bearer ${tokens[c.who]}` };
  await app.request(c.path, { headers }); // compiled statements and memos warm, as under load
  captured = [];
  const res = await app.request(c.path, { headers });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`${c.group} ${c.name}: ${body.code} ${body.msg}`);
  const statements: Plan[] = [];
  for (const s of captured.filter((s) => isRead(s.text))) statements.push(await explain(s.text, s.values));
  out.push({ c, statements });
  const ms = statements.reduce((a, s) => a + s.ms, 0);
  const buffers = statements.reduce((a, s) => a + s.buffers, 0);
  console.log(`${c.group} · ${c.name}: ${statements.length} statements, ${ms.toFixed(1)} ms, ${buffers} buffers`);
  if (only) for (const s of statements) console.log(`\n${s.text}\n${s.plan}\n`);
}
pg.Client.prototype.query = original;
await explainer.end();
await database.close();

if (!only) {
  const lines = [
    '# List plans at scale (issue 31)',
    '',
    'Produced by `BENCH_DATABASE_URL=postgres://… npx tsx bench/listPlans.ts` on the database of `npm run bench -- lists`',
    '(docs/benchmarks.md "Lists at scale"): each list request of that bench runs once in-process, and every statement it sends is',
    're-run under `EXPLAIN (ANALYZE, BUFFERS)` (best of 3). Execution time and shared buffers are summed per list; below the table,',
    'the plan of each list\'s costliest statement. Buffers do not depend on how busy the host is; times do, a little.',
    '',
    `Data: ${size.orders.toLocaleString('en')} orders, ${size.goods.toLocaleString('en')} goods, ${size.users.toLocaleString('en')} users, ${size.logs.toLocaleString('en')} money logs; PostgreSQL, run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    '| list | case | statements | execution | buffers |',
    '|---|---|---|---|---|',
    ...out.map(({ c, statements }) => `| ${c.group} | ${cell(c.name)} | ${statements.length} | ${statements.reduce((a, s) => a + s.ms, 0).toFixed(1)} ms | ${statements.reduce((a, s) => a + s.buffers, 0)} |`),
    '',
    ...out.flatMap(({ c, statements }) => {
      const worst = [...statements].sort((a, b) => b.ms - a.ms)[0];
      return worst ? [`## ${c.group} · ${c.name}`, '', '```sql', worst.text.replace(/\s+/g, ' ').trim(), '```', '', '```', worst.plan, '```', ''] : [];
    }),
  ];
  writeFileSync('docs/list-plans.md', lines.join('\n'));
}
process.exit(0);
