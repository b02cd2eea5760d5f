/**
 * Table page figures in Chromium (issue 3 §7): render time of a 400-row page and frame times while
 * scrolling a 10,000-row virtual list. Returns numbers; bench/run.ts reports them.
 *
 * - 400 rows: real rows of the courier page (/Admin/expresses), inserted through the import
 *   endpoint when fewer than 400 exist. The page size is switched 30 → 400 in the paginator; the
 *   figure is the time from the end of the list response (resource timing) to the first frame
 *   after the 400 rows are committed (rAF + task, the usual "after next paint"). Median of `runs`.
 * - 10,000 rows: the list answer of that page is replaced (page.route) by 10,000 rows cloned from
 *   real ones — the server caps a page at 400 — then the scroll area is moved one viewport per
 *   animation frame from top to bottom. Reported: requestAnimationFrame intervals and the work of
 *   each frame (scroll event → virtualised re-render → forced layout, measured in the page).
 */
import { writeFileSync } from 'node:fs';
import { budgetRow, type BudgetRow } from './docPatch';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness';

export interface Percentiles {
  p50: number;
  p95: number;
  max: number;
}

export interface TableBench {
  render400: {
    /** Median ms from the list response's end to the frame after the 400 rows were committed. */
    renderMs: number;
    /** Median ms from the response's end to the commit of the 400 rows (DOM updated). */
    commitMs: number;
    /** Every run's renderMs. */
    samples: number[];
  };
  scroll10k: {
    rows: number;
    /** Pixels scrolled per frame (default: one viewport of the scroll area, a fast fling). */
    stepPx: number;
    frames: number;
    /** ms to show the 10,000-row answer (response end → frame after commit). */
    renderMs: number;
    /** requestAnimationFrame deltas (vsync-bound: ~16.7 ms at 60 Hz when no frame is dropped). */
    interval: Percentiles;
    /** Work per frame: scroll event → re-render → layout of the new rows (the median fling's). */
    work: Percentiles;
    /** p95 of the work per frame of every fling (SCROLL_RUNS of them). */
    workP95s: number[];
    /** Frames whose interval exceeded 1.5 × the median interval. */
    dropped: number;
  };
}

const PAGE = '/Admin/expresses';
/** Flings over the 10,000 rows: this machine's frame times vary ±3 ms from run to run. */
const SCROLL_RUNS = 3;

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? 0) };
}
const median = (values: number[]) => percentiles(values).p50;

async function api(serverUrl: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(serverUrl + '/api' + path, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg?: string; data: any };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg ?? ''}`);
  return json.data;
}

/** At least `count` couriers in the database (imported in one call when missing). */
async function ensureRows(serverUrl: string, token: string, count: number): Promise<void> {
  const page = await api(serverUrl, token, 'GET', `${PAGE}?page=1&per_page=1`);
  const missing = count - Number(page.total ?? 0);
  if (missing <= 0) return;
  const stamp = Date.now().toString(36).slice(-4);
  const rows = Array.from({ length: missing }, (_, i) => ({ name: `压测${stamp}${i}`, code: `BN${stamp}${i}` }));
  await api(serverUrl, token, 'POST', `${PAGE}/import/excel`, rows);
}

/**
 * Waits (in the page) for the table to show `lines` lines, not busy, and resolves with the commit
 * time and the time of the first task after the next animation frame. Installed before the action.
 */
function armRenderProbe(page: Page, lines: number) {
  return page.evaluate((expected) => {
    const w = window as unknown as { __probe?: Promise<{ committed: number; painted: number }> };
    w.__probe = new Promise((resolve) => {
      const done = () => {
        const table = document.querySelector('[role=table]');
        return !!table && table.getAttribute('aria-rowcount') === String(expected + 1) && !table.hasAttribute('aria-busy');
      };
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        const committed = performance.now();
        requestAnimationFrame(() => setTimeout(() => resolve({ committed, painted: performance.now() }), 0));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-rowcount', 'aria-busy'] });
    });
  }, lines);
}

/** The probe's times relative to the end of the last list response matching `urlPart`. */
async function readRenderProbe(page: Page, urlPart: string): Promise<{ renderMs: number; commitMs: number }> {
  return page.evaluate(async (part) => {
    const w = window as unknown as { __probe: Promise<{ committed: number; painted: number }> };
    const { committed, painted } = await w.__probe;
    const entries = performance.getEntriesByType('resource').filter((e) => e.name.includes(part)) as PerformanceResourceTiming[];
    const responseEnd = entries.at(-1)?.responseEnd ?? NaN;
    performance.clearResourceTimings();
    return { renderMs: painted - responseEnd, commitMs: committed - responseEnd };
  }, urlPart);
}

export async function benchTable(serverUrl: string, token: string, options: { runs?: number; scrollRows?: number; stepPx?: number } = {}): Promise<TableBench> {
  const runs = options.runs ?? 5;
  const scrollRows = options.scrollRows ?? 10_000;
  await ensureRows(serverUrl, token, 400);
  const user = await api(serverUrl, token, 'POST', '/Admin/auth/info', { provider: 'admins' });

  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: serverUrl, locale: 'en-US', viewport: { width: 1280, height: 800 } });
    // tsx / esbuild (keepNames) wraps named inner functions in `__name(...)`: give the page one
    await context.addInitScript('globalThis.__name ??= (fn) => fn;');
    await context.addInitScript(
      ({ t, u }) => {
        localStorage.setItem('admin_token', t);
        localStorage.setItem('admin_user', u);
      },
      { t: token, u: JSON.stringify(user) },
    );
    const page = await context.newPage();
    await page.goto(PAGE);
    const table = page.getByRole('table');
    await table.waitFor();
    const pageSize = page.getByLabel('Rows per page');
    const waitLines = (n: number) => page.waitForFunction((x) => {
      const t = document.querySelector('[role=table]');
      return t?.getAttribute('aria-rowcount') === String(x + 1) && !t.hasAttribute('aria-busy');
    }, n);
    await waitLines(30);

    // 400 rows, `runs` times (30 → 400 → 30 …)
    const samples: { renderMs: number; commitMs: number }[] = [];
    for (let i = 0; i < runs; i++) {
      await page.evaluate(() => performance.clearResourceTimings());
      await armRenderProbe(page, 400);
      await pageSize.selectOption('400');
      samples.push(await readRenderProbe(page, 'per_page=400'));
      await pageSize.selectOption('30');
      await waitLines(30);
    }

    // 10,000 rows: the list answer replaced by clones of real rows
    const real = await api(serverUrl, token, 'GET', `${PAGE}?page=1&per_page=400`);
    const base: Record<string, unknown>[] = real.data;
    const big = Array.from({ length: scrollRows }, (_, i) => ({ ...base[i % base.length], id: i + 1, name: `行${i + 1}` }));
    const body = JSON.stringify({ code: 200, msg: 'ok', data: { ...real, data: big, total: scrollRows, per_page: scrollRows, current_page: 1, last_page: 1 } });
    await page.route(
      (url) => url.pathname === `/api${PAGE}` && url.searchParams.has('per_page'),
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.evaluate(() => performance.clearResourceTimings());
    await armRenderProbe(page, scrollRows);
    await pageSize.selectOption('100');
    const bigRender = await readRenderProbe(page, 'per_page=100');

    // BENCH_TABLE_PROFILE=<file>: a CPU profile of the scroll (DevTools .cpuprofile), to see where frames go
    const profiling = process.env.BENCH_TABLE_PROFILE ? await page.context().newCDPSession(page) : null;
    if (profiling) {
      await profiling.send('Profiler.enable');
      await profiling.send('Profiler.start');
    }
    const fling = () => page.evaluate(async (stepPx) => {
      const el = document.querySelector('[data-testid=table-scroll]') as HTMLElement;
      el.scrollTop = 0;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const max = el.scrollHeight - el.clientHeight;
      const step = stepPx ?? el.clientHeight;
      const intervals: number[] = [];
      const work: number[] = [];
      let scrolledAt = 0;
      // capture on the document runs before the virtualiser's own listener on the element
      const onScroll = () => {
        if (!scrolledAt) scrolledAt = performance.now();
      };
      document.addEventListener('scroll', onScroll, { capture: true, passive: true });
      await new Promise<void>((resolve) => {
        let last = 0;
        let y = 0;
        const frame = (t: number) => {
          if (scrolledAt) {
            // force style and layout of what the re-render produced
            void (el.querySelector('[role=rowgroup]:last-of-type [role=row]:last-child') as HTMLElement | null)?.getBoundingClientRect();
            work.push(performance.now() - scrolledAt);
            scrolledAt = 0;
          }
          if (last) intervals.push(t - last);
          last = t;
          if (y >= max) return resolve();
          y = Math.min(max, y + step);
          el.scrollTop = y;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      document.removeEventListener('scroll', onScroll, { capture: true });
      const lastRow = document.querySelector('[role=table] [role=rowgroup]:last-of-type [role=row]:last-child');
      return { step, intervals, work, lastIndex: Number(lastRow?.getAttribute('aria-rowindex') ?? 0) };
    }, options.stepPx);
    // the fling is repeated: the run with the median p95 of work per frame is reported
    const flings = [];
    for (let i = 0; i < SCROLL_RUNS; i++) flings.push(await fling());
    const p95s = flings.map((f) => percentiles(f.work).p95);
    const scroll = flings[p95s.indexOf([...p95s].sort((a, b) => a - b)[Math.floor(p95s.length / 2)])];
    if (profiling) writeFileSync(process.env.BENCH_TABLE_PROFILE!, JSON.stringify((await profiling.send('Profiler.stop')).profile));
    if (scroll.lastIndex !== scrollRows + 1) throw new Error(`the scroll did not reach the last row (${scroll.lastIndex - 1} of ${scrollRows})`);

    const interval = percentiles(scroll.intervals);
    return {
      render400: {
        renderMs: median(samples.map((s) => s.renderMs)),
        commitMs: median(samples.map((s) => s.commitMs)),
        samples: samples.map((s) => Math.round(s.renderMs * 100) / 100),
      },
      scroll10k: {
        rows: scrollRows,
        stepPx: scroll.step,
        frames: scroll.intervals.length,
        renderMs: Math.round(bigRender.renderMs * 100) / 100,
        interval,
        work: percentiles(scroll.work),
        workP95s: p95s,
        dropped: scroll.intervals.filter((d) => d > interval.p50 * 1.5).length,
      },
    };
  } finally {
    await browser.close();
  }
}

/** The table rows of docs/benchmarks.md's budgets (issue 3: 400 rows ≤ 50 ms, scroll work p95 ≤ 16 ms). */
export function tableBudgetRows(table: Awaited<ReturnType<typeof benchTable>>): BudgetRow[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const { scroll10k: s } = table;
  return [
    budgetRow('Table page: 400 rows rendered (median of runs)', table.render400.renderMs, 50, ms),
    budgetRow(`Table page: work per scroll frame over 10,000 rows, p95 (median of ${s.workP95s.length} flings: ${s.workP95s.map((n) => n.toFixed(1)).join(', ')} ms)`, s.work.p95, 16, ms),
    {
      what: 'Table page: frame interval while scrolling 10,000 rows, p50 / p95',
      figure: `${s.interval.p50.toFixed(1)} / ${s.interval.p95.toFixed(1)} ms (${s.dropped} of ${s.frames} frames dropped, ${s.stepPx} px per frame)`,
    },
  ];
}
