/**
 * `npm run bench`: bundle sizes (gzip) and API throughput / latency on loopback, written to
 * docs/benchmarks.md. A benchmark, never a test: it reports figures and budgets, it does not fail.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { cpus } from 'node:os';
import pg from 'pg';
import { startServer, type RunningServer } from '../tests/e2e/harness';
import { benchTable, tableBudgetRows } from './table';
import { scriptsLoaded, scriptsOfBackofficeLogin } from './scripts';
import { benchList, benchListOnly, loadHeader } from './list';
import { benchLists } from './lists';
import { budgetRow, patchDoc } from './docPatch';
import { loadRun } from './load';
import { benchEmbeddedSearch, benchGoods, benchGoodsOnly, goodsPatch, type GoodsBench } from './goodsSearch';
import { benchPages, benchPagesOnly, pagesPatch } from './lighthouse';
import { benchPromotions, benchPromotionsOnly, promotionRows } from './promotions';
import { benchHot, benchHotOnly, hotPatch } from './hot';
import { benchDashboardsOnly } from './dashboards';
import { benchChatOnly } from './chat';

const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const gz = (buf: Buffer | string) => gzipSync(buf).length;

interface Row { what: string; figure: string; budget?: string; verdict?: string }
const rows: Row[] = [];
const budget = (what: string, value: number, limit: number, fmt: (n: number) => string, higherIsBetter = false) => {
  const okay = higherIsBetter ? value >= limit : value <= limit;
  rows.push({ what, figure: fmt(value), budget: `${higherIsBetter ? '≥' : '≤'} ${fmt(limit)}`, verdict: okay ? 'met' : '**missed**' });
};

async function api(server: RunningServer, path: string, body: Record<string, string>, token?: string) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(body),
  });
  return (await res.json()) as { code: number; data: any };
}

function routeChunks() {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; src?: string }>;
  return Object.entries(manifest)
    .filter(([, m]) => m.file.endsWith('.js'))
    .map(([key, m]) => ({ key, kind: m.isEntry ? 'entry' : m.isDynamicEntry ? 'lazy' : 'shared', size: gz(readFileSync(`dist/${m.file}`)) }))
    .sort((a, b) => b.size - a.size);
}

// `npm run bench -- lists` (issue 31): every back-office list at scale (PostgreSQL), bench/lists.ts
if (process.argv.slice(2).includes('lists')) {
  if (!existsSync('dist/index.html')) execSync('node scripts/build.mjs', { stdio: 'inherit' });
  await benchLists();
  process.exit(0);
}

// `npm run bench -- list`: only the list endpoint rows (PostgreSQL), patched into docs/benchmarks.md
if (process.argv.slice(2).includes('list')) {
  await benchListOnly();
  process.exit(0);
}

// `npm run bench -- table` (issue 3): only the table page rows, patched into docs/benchmarks.md
const parts = process.argv.slice(2);
if (parts.includes('table')) {
  execSync('node scripts/build.mjs', { stdio: 'inherit' });
  const tableServer = await startServer();
  try {
    const admin = await api(tableServer, '/api/login', { username: 'admin', password: '123456', provider: 'admins', area: 'admin' });
    const table = await benchTable(tableServer.url, admin.data.access_token);
    const tableRows = tableBudgetRows(table);
    patchDoc({ budgets: { prefixes: ['Table page:'], rows: tableRows } });
    for (const r of tableRows) console.log(`${r.what}: ${r.figure} ${r.verdict ?? ''}`);
  } finally {
    await tableServer.stop();
  }
  process.exit(0);
}

// `npm run bench -- scripts`: only the storefront's first-load JS (`/` and a goods page, as the full
// run measures them), patched into docs/benchmarks.md
if (parts.includes('scripts')) {
  execSync('node scripts/build.mjs', { stdio: 'inherit' });
  const shopServer = await startServer();
  try {
    const store = await scriptsLoaded(shopServer, '/');
    const goodsPage = await scriptsLoaded(shopServer, '/goods/1');
    const adminLogin = await scriptsOfBackofficeLogin(shopServer, 'Admin', 'admin');
    const sellerLogin = await scriptsOfBackofficeLogin(shopServer, 'Seller', '18888888888');
    const fresh = [
      budgetRow('Storefront initial JS (`/` until idle, gzip)', store, 110 * KB, kb),
      { what: 'Goods page JS fetched (`/goods/:id` until idle, gzip, as the storefront figure)', figure: kb(goodsPage) },
      budgetRow('Back-office login + dashboard JS (`/Admin/login`, log in, `/Admin/dashboard` with its charts drawn, until idle, gzip)', adminLogin, 180 * KB, kb),
      budgetRow('Seller login + dashboard JS (`/Seller/login`, log in, `/Seller/dashboard` with its charts drawn, until idle, gzip)', sellerLogin, 180 * KB, kb),
    ];
    // one row at a time, each where it was
    patchDoc({ budgets: { prefixes: ['Storefront initial JS'], rows: [fresh[0]] } });
    patchDoc({ budgets: { prefixes: ['Goods page JS fetched'], rows: [fresh[1]] } });
    patchDoc({ budgets: { prefixes: ['Back-office login + dashboard JS'], rows: [fresh[2]], after: 'Back-office shell JS' } });
    patchDoc({ budgets: { prefixes: ['Seller login + dashboard JS'], rows: [fresh[3]], after: 'Back-office login + dashboard JS' } });
    for (const r of fresh) console.log(`${r.what}: ${r.figure} ${'verdict' in r ? r.verdict : ''}`);
  } finally {
    await shopServer.stop();
  }
  process.exit(0);
}

// `npm run bench -- chat` (issue 27): delivery across two instances and idle sockets (bench/chat.ts)
if (parts.includes('chat')) {
  await benchChatOnly();
  process.exit(0);
}

// `npm run bench -- seckill` (issue 14): Lighthouse of /seckills and a running flash sale's goods page
if (parts.includes('seckill')) {
  await benchPromotionsOnly();
  process.exit(0);
}

// `npm run bench -- dashboards` (issue 26): every dashboard route over 300,000 orders on PostgreSQL
if (parts.includes('dashboards')) {
  await benchDashboardsOnly();
  process.exit(0);
}

// `npm run bench -- hot` (issues 11, 12): goods page, admin list and order create on both databases
if (parts.includes('hot')) {
  if (!existsSync('dist/index.html')) execSync('node scripts/build.mjs', { stdio: 'inherit' });
  await benchHotOnly();
  process.exit(0);
}

// `npm run bench -- goods` / `-- lighthouse` (issue 4): only those parts, patched into docs/benchmarks.md
if (parts.includes('goods') || parts.includes('lighthouse')) {
  if (parts.includes('goods')) await benchGoodsOnly();
  if (parts.includes('lighthouse')) await benchPagesOnly();
  process.exit(0);
}

execSync('node scripts/build.mjs', { stdio: 'inherit' });
const server = await startServer();
try {
  const admin = await api(server, '/api/login', { username: 'admin', password: '123456', provider: 'admins', area: 'admin' });
  const token: string = admin.data.access_token;
  const info = await api(server, '/api/Admin/auth/info', { provider: 'admins' }, token);

  const store = await scriptsLoaded(server, '/');
  budget('Storefront initial JS (`/` until idle, gzip)', store, 110 * KB, kb);
  const shell = await scriptsLoaded(server, '/Admin/dashboard', { admin_token: token, admin_user: JSON.stringify(info.data) });
  budget('Back-office shell JS (`/Admin/dashboard` until idle, gzip)', shell, 180 * KB, kb);

  // issue 3: the generic table page in Chromium (400 rows; scrolling 10,000 virtualised rows)
  const table = await benchTable(server.url, token);
  // issue 4: Lighthouse for / and a goods page, and the goods route's JS (bench/lighthouse.ts)
  const pages = await benchPages(server);
  // issue 14: /seckills and a running flash sale's goods page, countdowns ticking (bench/promotions.ts)
  const promoPages = await benchPromotions(server);
  rows.push(...tableBudgetRows(table));

  const common = await loadRun(server, 'GET /api/common (PGlite)', '/api/common');
  const authInfo = await loadRun(server, 'POST /api/Admin/auth/info (PGlite)', '/api/Admin/auth/info', { token, body: { provider: 'admins' } });
  budget('`GET /api/common` throughput (50 connections, 10 s)', common.rps, 3000, (n) => `${Math.round(n)} req/s`, true);
  const loads = [common, authInfo];

  // the same endpoints on PostgreSQL, the production set-up, when a database is given
  const pgUrl = process.env.BENCH_DATABASE_URL;
  let goods: GoodsBench | null = null;
  if (pgUrl) {
    const pgServer = await startServer({ DATABASE_URL: pgUrl });
    try {
      const pgAdmin = await api(pgServer, '/api/login', { username: 'admin', password: '123456', provider: 'admins', area: 'admin' });
      loads.push(await loadRun(pgServer, 'GET /api/common (PostgreSQL)', '/api/common'));
      loads.push(await loadRun(pgServer, 'POST /api/Admin/auth/info (PostgreSQL)', '/api/Admin/auth/info', { token: pgAdmin.data.access_token, body: { provider: 'admins' } }));

      // the generic list endpoint with filters over 100,000 rows (issue 3 budget: p99 ≤ 20 ms), bench/list.ts
      const list = await benchList(pgServer, pgUrl, pgAdmin.data.access_token);
      loads.push(...list.loads);
      rows.push(...list.budgets);
      // issue 4: GET /api/goods search over 100,000 goods (bench/goodsSearch.ts)
      goods = await benchGoods(pgServer, pgUrl);
    } finally {
      await pgServer.stop();
    }
  }

  const chunks = routeChunks();
  const date = new Date().toISOString().slice(0, 10);
  const md = [
    '# Benchmarks',
    '',
    `Produced by \`npm run bench\` on ${date}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, embedded PGlite, loopback.`,
    'Sizes are gzip (zlib default level) of what the browser actually fetched (headless Chromium, until network idle).',
    loadHeader(),
    'PostgreSQL rows appear when `BENCH_DATABASE_URL` is set (the same server with `DATABASE_URL`).',
    'Table figures: Chromium headless without GPU; render = list response end to the frame after the rows are committed;',
    'scroll = a fling of one viewport per frame over 10,000 rows; "work per frame" = scroll event to layout of the new rows.',
    '',
    'Command: `npm run bench` (with `BENCH_DATABASE_URL=postgres://…` for the PostgreSQL rows).',
    '',
    '## Budgets',
    '',
    '| what | figure | budget | verdict |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.what} | ${r.figure} | ${r.budget ?? ''} | ${r.verdict ?? ''} |`),
    '',
    '## API under load',
    '',
    '| endpoint | req/s | p50 | p99 | non-2xx or errors |',
    '|---|---|---|---|---|',
    ...loads.map((r) => `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} |`),
    '',
    '## JavaScript chunks (gzip)',
    '',
    '| chunk | kind | gzip |',
    '|---|---|---|',
    ...chunks.map((c) => `| \`${c.key}\` | ${c.kind} | ${kb(c.size)} |`),
    '',
  ].join('\n');
  writeFileSync('docs/benchmarks.md', md);
  patchDoc(pagesPatch(pages));
  patchDoc({ budgets: { prefixes: ['Lighthouse mobile (flash sale)'], rows: promotionRows(promoPages) } });
  patchDoc(goodsPatch(goods, await benchEmbeddedSearch()));
  // issues 11 and 12: goods page, admin list and order create, PostgreSQL and PGlite (bench/hot.ts)
  console.log(patchDoc(hotPatch(await benchHot(pgUrl))));
} finally {
  await server.stop();
}
