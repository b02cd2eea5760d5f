/**
 * Storefront page figures of issue 4:
 * - Lighthouse 12 (mobile preset: simulated slow 4G and 4× CPU slowdown, the CLI default) for `/`
 *   and a goods page `/goods/<id>` (the newest visible goods, from GET /api/goods), performance and
 *   accessibility categories; budgets: performance ≥ 90, accessibility ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05.
 *   Each page is audited `BENCH_LIGHTHOUSE_RUNS` times (default 3) and the run with the median
 *   performance score is reported, with what Lighthouse blames (LCP element, shifting elements,
 *   failed accessibility audits, the largest opportunities).
 * - The goods page's initial JavaScript from Vite's manifest: the entry and its static imports plus
 *   the goods route module (manifest key under `src/shop/goods/`, loaded lazily by the router) and its
 *   static imports, gzip; budget 150 KB. Also, as a cross-check, what Chromium fetched on the page.
 *
 * Lighthouse runs as its CLI in a child process with CHROME_PATH (default /usr/bin/chromium) and
 * `--headless=new --no-sandbox`. Bench only: never part of `npm test`.
 * Run alone with `npm run bench -- lighthouse` (builds, starts a server on a fresh DATA_DIR with the
 * demo data, replaces only these rows / sections of docs/benchmarks.md).
 */
import { execFile, execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '../tests/e2e/harness';
import { budgetRow, patchDoc, type BudgetRow, type DocPatch } from './docPatch';
import { scriptsLoaded } from './scripts';

const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const gz = (buf: Buffer | string) => gzipSync(buf).length;

export const BUDGETS = { performance: 90, accessibility: 95, lcpS: 2.0, cls: 0.05, goodsJsKb: 150 };
const LH_PREFIX = 'Lighthouse mobile';
const JS_PREFIX = 'Goods page initial JS';
const JS_FETCHED_PREFIX = 'Goods page JS fetched';
const STOREFRONT_PREFIX = 'Storefront initial JS';
const SECTION = 'Lighthouse (issue 4, mobile)';

// ---------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------

export interface LighthousePage {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  lcpS: number;
  cls: number;
  tbtMs: number;
  fcpS: number;
  /** Performance scores of every run (the reported run is the median one). */
  scores: number[];
  benchmarkIndex: number;
  version: string;
  findings: string[];
}

function lighthouseCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
}

/** One Lighthouse run (CLI, JSON report) → the parsed report. */
async function lighthouseRun(url: string): Promise<any> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-lh-'));
  const out = join(dir, 'report.json');
  try {
    await new Promise<void>((res, rej) => {
      execFile(
        process.execPath,
        [lighthouseCli(), url, '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility', '--chrome-flags=--headless=new --no-sandbox', '--quiet'],
        { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
        (err, _stdout, stderr) => (err ? rej(new Error(`lighthouse ${url}: ${err.message}\n${stderr}`)) : res()),
      );
    });
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const short = (text: string, max = 110) => {
  const oneLine = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return oneLine.length > max ? oneLine.slice(0, max - 1) + '…' : oneLine;
};

/** What the report blames: LCP element, layout shifts, failed accessibility audits, main opportunities. */
function findingsOf(report: any): string[] {
  const audits = report.audits as Record<string, any>;
  const items = (id: string): any[] => audits[id]?.details?.items ?? [];
  const out: string[] = [];
  const lcpNode = items('largest-contentful-paint-element')[0]?.items?.[0]?.node ?? items('largest-contentful-paint-element')[0]?.node;
  if (lcpNode) out.push(`LCP element: \`${short(lcpNode.snippet ?? lcpNode.selector ?? '?')}\``);
  for (const shift of items('layout-shifts').slice(0, 3)) {
    if (shift.node) out.push(`layout shift ${Number(shift.score).toFixed(3)}: \`${short(shift.node.selector ?? shift.node.snippet ?? '?', 80)}\``);
  }
  for (const ref of report.categories.accessibility.auditRefs as { id: string; weight: number }[]) {
    const a = audits[ref.id];
    if (!a || a.score === null || a.score >= 1 || ref.weight === 0) continue;
    const nodes = (a.details?.items ?? []).slice(0, 3).map((i: any) => `\`${short(i.node?.selector ?? i.node?.snippet ?? '?', 60)}\``);
    out.push(`accessibility: ${short(a.title, 90)}${nodes.length ? ` — ${nodes.join(', ')}` : ''}`);
  }
  const opportunities = (report.categories.performance.auditRefs as { id: string }[])
    .map((r) => audits[r.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.details?.type === 'opportunity' && (a.details.overallSavingsMs > 0 || a.details.overallSavingsBytes > 0))
    .sort((x, y) => (y.details.overallSavingsMs ?? 0) - (x.details.overallSavingsMs ?? 0) || (y.details.overallSavingsBytes ?? 0) - (x.details.overallSavingsBytes ?? 0))
    .slice(0, 4);
  const bootup = items('bootup-time').filter((i) => typeof i.url === 'string' && i.url.startsWith('http')).slice(0, 2);
  if (bootup.length) out.push(`main thread (simulated 4× CPU): ${bootup.map((i) => `\`${new URL(i.url).pathname}\` ${Math.round(i.scripting)} ms scripting`).join(', ')}`);
  for (const a of opportunities) out.push(`opportunity: ${short(a.title, 70)}${a.displayValue ? ` (${short(a.displayValue, 40)})` : ''}`);
  return out;
}

/**
 * `runs` audits of one page; the median one by performance score. A failed run (Lighthouse's
 * runtime errors such as NO_FCP on a busy machine) is retried once; failures are counted.
 */
export async function auditPage(baseUrl: string, label: string, path: string, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)): Promise<LighthousePage> {
  const reports: any[] = [];
  const errors: string[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        reports.push(await lighthouseRun(baseUrl + path));
        break;
      } catch (err) {
        errors.push((err as Error).message.split('\n').find((l) => l.includes('Runtime error')) ?? (err as Error).message.split('\n')[0]);
      }
    }
  }
  if (!reports.length) throw new Error(`every Lighthouse run of ${path} failed: ${errors[0]}`);
  const sorted = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const report = sorted[Math.floor((sorted.length - 1) / 2)];
  const audits = report.audits;
  return {
    label,
    path,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcpS: audits['largest-contentful-paint'].numericValue / 1000,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    fcpS: audits['first-contentful-paint'].numericValue / 1000,
    scores: reports.map((r) => Math.round(r.categories.performance.score * 100)),
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    version: report.lighthouseVersion,
    findings: [...(errors.length ? [`${errors.length} failed run(s), retried: ${short(errors[0], 120)}`] : []), ...findingsOf(report)],
  };
}

/** The newest visible goods' id (GET /api/goods), or null when the endpoint answers none. */
async function goodsId(server: RunningServer): Promise<number | null> {
  try {
    const res = await fetch(`${server.url}/api/goods?per_page=1`);
    const json = (await res.json()) as { code: number; data?: { data?: { id: number }[] } };
    return json.code === 200 ? (json.data?.data?.[0]?.id ?? null) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The goods route's JavaScript (Vite manifest)
// ---------------------------------------------------------------------------------------------

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

export interface RouteJs {
  /** Manifest keys of the goods route module(s). */
  routeKeys: string[];
  entryBytes: number;
  /** Chunks the goods route adds to the entry's (its module and static imports). */
  routeBytes: number;
  total: number;
  routeChunks: { key: string; size: number }[];
}

/** Gzip size of the entry's static closure plus the goods route's, from dist/.vite/manifest.json; null without a goods route. */
export function goodsRouteJs(manifestPath = 'dist/.vite/manifest.json', prefix = 'src/shop/goods/'): RouteJs | null {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const k of manifest[key].imports ?? []) walk(k);
    };
    keys.forEach(walk);
    return seen;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const fromEntry = closure(entries);
  const lazyTargets = new Set([...fromEntry].flatMap((k) => manifest[k].dynamicImports ?? []));
  const goodsKeys = Object.keys(manifest).filter((k) => k.startsWith(prefix) && manifest[k].isDynamicEntry);
  // the module(s) the router loads lazily; else any lazily loaded module under the prefix
  const routeKeys = goodsKeys.filter((k) => lazyTargets.has(k)).length ? goodsKeys.filter((k) => lazyTargets.has(k)) : goodsKeys;
  if (!routeKeys.length) return null;
  const size = (key: string) => (manifest[key].file.endsWith('.js') ? gz(readFileSync(join(dirname(manifestPath), '..', manifest[key].file))) : 0);
  const routeOnly = [...closure(routeKeys)].filter((k) => !fromEntry.has(k));
  const routeChunks = routeOnly.map((key) => ({ key, size: size(key) })).sort((a, b) => b.size - a.size);
  const entryBytes = [...fromEntry].reduce((sum, k) => sum + size(k), 0);
  const routeBytes = routeChunks.reduce((sum, c) => sum + c.size, 0);
  return { routeKeys, entryBytes, routeBytes, total: entryBytes + routeBytes, routeChunks };
}


// ---------------------------------------------------------------------------------------------
// The bench step and its rows
// ---------------------------------------------------------------------------------------------

export interface PagesBench {
  pages: LighthousePage[];
  /** Why the goods page was not audited, when it was not. */
  goodsSkipped?: string;
  routeJs: RouteJs | null;
  goodsFetched?: number;
  chromium: string;
}

/** The goods-route JS budget row (after the build; manifest only). */
export function goodsRouteBudget(routeJs = goodsRouteJs()): BudgetRow {
  if (!routeJs) return { what: `${JS_PREFIX} (\`/goods/:id\`: entry + goods route chunks, gzip)`, figure: 'no goods route module under `src/shop/goods/` in the manifest', budget: `≤ ${kb(BUDGETS.goodsJsKb * KB)}`, verdict: 'skipped' };
  return budgetRow(
    `${JS_PREFIX} (\`/goods/:id\`: entry ${kb(routeJs.entryBytes)} + goods route ${kb(routeJs.routeBytes)} in ${routeJs.routeChunks.length} chunks, manifest, gzip)`,
    routeJs.total,
    BUDGETS.goodsJsKb * KB,
    kb,
  );
}

/** Audits `/` and a goods page on `server` (built app, demo data). */
export async function benchPages(server: RunningServer, log = console.log, manifestPath = 'dist/.vite/manifest.json'): Promise<PagesBench> {
  const routeJs = goodsRouteJs(manifestPath);
  const builtAt = statSync(manifestPath).mtimeMs;
  const chromium = execSync(`${process.env.CHROME_PATH ?? '/usr/bin/chromium'} --version 2>/dev/null || true`).toString().trim().split('\n')[0];
  const pages: LighthousePage[] = [];
  log('lighthouse: / …');
  const failed: string[] = [];
  try {
    pages.push(await auditPage(server.url, 'home', '/'));
  } catch (err) {
    failed.push(`\`/\`: ${(err as Error).message}`);
  }
  const id = await goodsId(server);
  let goodsSkipped: string | undefined;
  let goodsFetched: number | undefined;
  if (id) {
    log(`lighthouse: /goods/${id} …`);
    try {
      pages.push(await auditPage(server.url, 'goods page', `/goods/${id}`));
    } catch (err) {
      goodsSkipped = (err as Error).message;
    }
    goodsFetched = await scriptsLoaded(server, `/goods/${id}`);
  } else goodsSkipped = 'GET /api/goods answered no visible goods (endpoint or demo goods missing)';
  if (statSync(manifestPath).mtimeMs !== builtAt) failed.push(`${dirname(dirname(manifestPath))}/ was rebuilt by another process during the audits: figures unreliable`);
  if (failed.length) goodsSkipped = [...failed, goodsSkipped].filter(Boolean).join('; ');
  return { pages, goodsSkipped, routeJs, goodsFetched, chromium };
}

export function pagesPatch(bench: PagesBench): DocPatch {
  const rows: BudgetRow[] = [];
  for (const p of bench.pages) {
    const at = `${LH_PREFIX} \`${p.label === 'home' ? '/' : '/goods/:id'}\``;
    rows.push(budgetRow(`${at}: performance (median of ${p.scores.length})`, p.performance, BUDGETS.performance, String, true));
    rows.push(budgetRow(`${at}: accessibility`, p.accessibility, BUDGETS.accessibility, String, true));
    rows.push(budgetRow(`${at}: LCP`, p.lcpS, BUDGETS.lcpS, (n) => `${n.toFixed(2)} s`));
    rows.push(budgetRow(`${at}: CLS`, p.cls, BUDGETS.cls, (n) => n.toFixed(3)));
  }
  if (bench.goodsSkipped) rows.push({ what: `${LH_PREFIX}: pages not audited`, figure: short(bench.goodsSkipped, 200), verdict: 'skipped' });
  const jsRows = [goodsRouteBudget(bench.routeJs)];
  if (bench.goodsFetched !== undefined) jsRows.push({ what: `${JS_FETCHED_PREFIX} (\`/goods/:id\` until idle, gzip, as the storefront figure)`, figure: kb(bench.goodsFetched) });
  const p0 = bench.pages[0];
  const lines = [
    'Command: `npm run bench -- lighthouse` (also part of the full `npm run bench`).',
    '',
    `Lighthouse ${p0?.version ?? '12'} CLI, default mobile preset (simulated slow 4G, 4× CPU slowdown, Moto G Power viewport), categories performance and accessibility,`,
    `${bench.chromium || 'Chromium'} \`--headless=new --no-sandbox\`, against the built app served by the real server on a fresh DATA_DIR with the demo data.`,
    `Each page audited ${p0?.scores.length ?? 0} times; the run with the median performance score is shown. Lighthouse's CPU benchmark index of the machine: ${p0?.benchmarkIndex ?? '?'} (a quiet desktop scores ≈ 1,000–2,000; lower means the machine was busy).`,
    '',
    '| page | performance (runs) | accessibility | LCP | CLS | TBT | FCP |',
    '|---|---|---|---|---|---|---|',
    ...bench.pages.map((p) => `| \`${p.path}\` | ${p.performance} (${p.scores.join(', ')}) | ${p.accessibility} | ${p.lcpS.toFixed(2)} s | ${p.cls.toFixed(3)} | ${Math.round(p.tbtMs)} ms | ${p.fcpS.toFixed(2)} s |`),
    ...(bench.goodsSkipped ? [`| not audited | ${short(bench.goodsSkipped, 200)} | | | | | |`] : []),
    '',
    `Budgets: performance ≥ ${BUDGETS.performance}, accessibility ≥ ${BUDGETS.accessibility}, LCP ≤ ${BUDGETS.lcpS.toFixed(1)} s, CLS ≤ ${BUDGETS.cls}.`,
    '',
    ...bench.pages.flatMap((p) => [`What Lighthouse points at on \`${p.path}\`:`, '', ...(p.findings.length ? p.findings.map((f) => `- ${f}`) : ['- nothing']), '']),
    ...(bench.routeJs
      ? [
          `Goods route JS (manifest, gzip): entry and its static imports ${kb(bench.routeJs.entryBytes)}; the route (${bench.routeJs.routeKeys.map((k) => `\`${k}\``).join(', ')}) adds ${kb(bench.routeJs.routeBytes)}:`,
          bench.routeJs.routeChunks.map((c) => `\`${c.key}\` ${kb(c.size)}`).join(', ') + '.',
        ]
      : ['Goods route JS: no module under `src/shop/goods/` in the manifest.']),
  ];
  return {
    budgets: { prefixes: [LH_PREFIX, JS_PREFIX, JS_FETCHED_PREFIX], rows: [...jsRows, ...rows], after: STOREFRONT_PREFIX },
    sections: [{ title: SECTION, lines }],
  };
}

/**
 * `npm run bench -- lighthouse`: build (into a private directory, so a concurrent `npm run build`
 * of dist/ cannot swap the files under the audits), fresh server with demo data serving it
 * (DIST_DIR), Lighthouse + goods route JS.
 */
export async function benchPagesOnly(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'souk-bench-dist-'));
  execSync(`node scripts/build.mjs --outDir ${outDir}`, { stdio: 'inherit' });
  const server = await startServer({ DIST_DIR: outDir });
  try {
    const bench = await benchPages(server, console.log, join(outDir, '.vite', 'manifest.json'));
    patchDoc(pagesPatch(bench));
    for (const p of bench.pages) console.log(`${p.path}: performance ${p.performance} (${p.scores.join(', ')}), accessibility ${p.accessibility}, LCP ${p.lcpS.toFixed(2)} s, CLS ${p.cls.toFixed(3)}, TBT ${Math.round(p.tbtMs)} ms`);
    if (bench.routeJs) console.log(`goods route JS: ${kb(bench.routeJs.total)} (entry ${kb(bench.routeJs.entryBytes)} + route ${kb(bench.routeJs.routeBytes)})`);
  } finally {
    await server.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}
