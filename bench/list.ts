/**
 * The back-office list endpoint under load (issue 3 budget: p99 ≤ 20 ms with filters over 100,000
 * rows on PostgreSQL): `GET /api/Admin/money_logs?user_id&is_type&is_belong`, page 1 of 30 rows,
 * by the super admin (the seeded `admin`) and by a role-restricted admin (the permission is
 * checked through its role), at 50 connections and at 10 (a realistic back-office load).
 *
 * Run alone with `npm run bench -- list` (needs BENCH_DATABASE_URL): only these rows of
 * docs/benchmarks.md are replaced, the rest of the file is left as the last full run wrote it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { startServer, type RunningServer } from '../tests/e2e/harness';
import type { BudgetRow, LoadRow } from './docPatch';
import { LOAD_RUNS, MEASURED_S, WARMUP_S, loadRun, medianLoad } from './load';


export const LIST_BUDGET_MS = 20;
export const LIST_CONNECTIONS = [50, 10] as const;
/**
 * The load the budget is judged at: ten requests always in flight is a very busy back office
 * (docs/decisions.md). At 50 this 2-core box is saturated (the server's one thread, PostgreSQL and
 * the load generator share it) and the p99 is queueing: reported as a stress figure.
 */
export const LIST_BUDGET_CONNECTIONS = 10;
// user 43, is_type 0, is_belong 0 matches 34 of the 100,000 rows: a full page of 30 and a total.
// (Until 2026-11 the bench asked for user 42, which the data never pairs with is_belong 0: an
// empty page, so the figures measured the request overhead without rows.)
const LIST_PATH = '/api/Admin/money_logs?user_id=43&is_type=0&is_belong=0&page=1&per_page=30';
const BUDGET_PREFIX = 'List endpoint p99 with filters over 100,000 rows';
const LOAD_PREFIX = 'GET /api/Admin/money_logs';
const BENCH_ADMIN = 'bench_lister';

async function post(server: RunningServer, path: string, body: Record<string, string>, token?: string) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(body),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** A non-super admin whose only role grants `admin.money_logs.index` (created through the API). */
async function restrictedAdminToken(server: RunningServer, superToken: string): Promise<string> {
  const perms = await fetch(`${server.url}/api/Admin/permissions?apis=admin.money_logs.index&isAll=1`, {
    headers: { authorization: `Bearer ${superToken}` },
  }).then((r) => r.json() as Promise<{ data: { id: number }[] }>);
  const permissionId = perms.data[0]?.id;
  if (!permissionId) throw new Error('bench: no permission row for admin.money_logs.index');
  const role = await post(server, '/api/Admin/roles', { name: 'bench list', 'permission_id[0]': String(permissionId) }, superToken);
  if (role.code !== 200) throw new Error(`bench: role not created: ${role.msg}`);
  const admin = await post(
    server,
    '/api/Admin/admins',
    { username: BENCH_ADMIN, nickname: 'bench', password: '123456', 'role_id[0]': String(role.data.id) },
    superToken,
  );
  if (admin.code !== 200) throw new Error(`bench: admin not created: ${admin.msg}`);
  const login = await post(server, '/api/login', { username: BENCH_ADMIN, password: '123456', provider: 'admins', area: 'admin' });
  if (login.code !== 200) throw new Error(`bench: restricted admin login failed: ${login.msg}`);
  const check = await fetch(server.url + LIST_PATH, { headers: { authorization: `Bearer ${login.data.access_token}` } }).then((r) => r.json());
  if ((check as { code: number }).code !== 200) throw new Error('bench: the restricted admin cannot list money_logs');
  return login.data.access_token;
}

/**
 * The list rows on a server started with DATABASE_URL = `pgUrl`, logged in as the super admin
 * (`superToken`). Seeds 100,000 money_logs rows (removed afterwards) and a restricted admin.
 */
export async function benchList(pgServer: RunningServer, pgUrl: string, superToken: string): Promise<{ loads: LoadRow[]; budgets: BudgetRow[] }> {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  const cleanup = async () => {
    await pool.query(`delete from money_logs where info = 'bench'`);
    await pool.query(`delete from auth_sessions where provider = 'admins' and account_id in (select id from admins where username = $1)`, [BENCH_ADMIN]);
    await pool.query(`delete from admin_to_roles where admin_id in (select id from admins where username = $1)`, [BENCH_ADMIN]);
    await pool.query(`delete from admins where username = $1`, [BENCH_ADMIN]);
    await pool.query(`delete from admin_to_permissions where role_id in (select id from admin_roles where name = 'bench list')`);
    await pool.query(`delete from admin_roles where name = 'bench list'`);
  };
  const loads: LoadRow[] = [];
  const budgets: BudgetRow[] = [];
  try {
    await cleanup();
    await pool.query(`insert into money_logs (user_id, name, money, is_type, is_belong, info)
      select g % 1000 + 1, '系统处理', ((g % 2000) - 1000)::numeric / 100, g % 3, g % 2, 'bench' from generate_series(1, 100000) g`);
    await pool.query('vacuum analyze money_logs');
    // write the bulk insert out now, not during the measured load (needs a superuser; skipped otherwise)
    await pool.query('checkpoint').catch(() => undefined);
    const restricted = await restrictedAdminToken(pgServer, superToken);
    for (const connections of LIST_CONNECTIONS) {
      const row = await medianLoad(() =>
        loadRun(pgServer, `${LOAD_PREFIX}?user_id&is_type&is_belong (100,000 rows, PostgreSQL, super admin, ${connections} connections)`, LIST_PATH, {
          token: superToken,
          connections,
        }),
      );
      const roleRow = await medianLoad(() =>
        loadRun(pgServer, `${LOAD_PREFIX}?user_id&is_type&is_belong (100,000 rows, PostgreSQL, role admin, ${connections} connections)`, LIST_PATH, {
          token: restricted,
          connections,
        }),
      );
      loads.push(row, roleRow);
      const worst = Math.max(row.p99, roleRow.p99);
      budgets.push({
        what: `${BUDGET_PREFIX} (PostgreSQL, ${connections} connections; worse of super / role admin, each the median of ${LOAD_RUNS} runs)`,
        figure: `${worst} ms`,
        budget: `≤ ${LIST_BUDGET_MS} ms`,
        verdict:
          connections !== LIST_BUDGET_CONNECTIONS
            ? `stress figure (the budget is judged at ${LIST_BUDGET_CONNECTIONS} connections)`
            : worst <= LIST_BUDGET_MS
              ? 'met'
              : '**missed**',
      });
    }
  } finally {
    await cleanup();
    await pool.end();
  }
  return { loads, budgets };
}

/** The line of docs/benchmarks.md that says how load figures are taken (the full run writes it too). */
export const loadHeader = () =>
  `Load figures come from autocannon, 50 connections for ${MEASURED_S} s after ${WARMUP_S} s of the same load not counted (the list endpoint at ${LIST_CONNECTIONS.join(' and ')}), in a separate process from the server.`;

/** Replaces the list rows of docs/benchmarks.md (both tables), keeping every other line. */
export function patchListRows(file: string, loads: LoadRow[], budgets: BudgetRow[]): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  const replace = (prefix: string, fresh: string[]) => {
    const at = lines.findIndex((l) => l.startsWith(`| ${prefix}`));
    if (at < 0) throw new Error(`bench: no "${prefix}" row in ${file}; run the full bench`);
    const kept = lines.filter((l, i) => i < at || !l.startsWith(`| ${prefix}`));
    kept.splice(at, 0, ...fresh);
    lines.splice(0, lines.length, ...kept);
  };
  replace(BUDGET_PREFIX, budgets.map((r) => `| ${r.what} | ${r.figure} | ${r.budget ?? ''} | ${r.verdict ?? ''} |`));
  replace(LOAD_PREFIX, loads.map((r) => `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} |`));
  const header = lines.findIndex((l) => l.startsWith('Load figures come from autocannon'));
  if (header >= 0) lines[header] = loadHeader();
  const text = lines.join('\n');
  writeFileSync(file, text);
  return text;
}

/** `npm run bench -- list`: only the list rows, on PostgreSQL (BENCH_DATABASE_URL). */
export async function benchListOnly(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) throw new Error('npm run bench -- list needs BENCH_DATABASE_URL=postgres://…');
  const pgServer = await startServer({ DATABASE_URL: pgUrl });
  try {
    const login = await post(pgServer, '/api/login', { username: 'admin', password: '123456', provider: 'admins', area: 'admin' });
    const { loads, budgets } = await benchList(pgServer, pgUrl, login.data.access_token);
    patchListRows('docs/benchmarks.md', loads, budgets);
    for (const r of budgets) console.log(`${r.what}: ${r.figure} (${r.verdict})`);
    for (const r of loads) console.log(`${r.title}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}`);
  } finally {
    await pgServer.stop();
  }
}
