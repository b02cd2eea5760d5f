/**
 * Flash-sale pages (issue 14, seckill): Lighthouse mobile (bench/lighthouse.ts `auditPage`, the CLI's
 * mobile preset) for `/seckills` and the goods page of a running flash sale, both with a live
 * countdown ticking; budgets performance ≥ 95 and CLS ≤ 0.05 (the countdown must not move the
 * layout). Run alone with `npm run bench -- seckill` (builds into a private directory, starts a
 * server on a fresh DATA_DIR with the demo data, replaces only these rows of docs/benchmarks.md).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../tests/e2e/harness';
import { budgetRow, patchDoc, type BudgetRow } from './docPatch';
import { auditPage, type LighthousePage } from './lighthouse';

export const PROMO_BUDGETS = { performance: 95, cls: 0.05 };
const PREFIX = 'Lighthouse mobile (flash sale)';

/** `/seckills` and the goods page of the first running flash sale of the demo data. */
export async function benchPromotions(server: RunningServer, log = console.log): Promise<LighthousePage[]> {
  const sales = (await (await fetch(`${server.url}/api/seckills`)).json()) as { data: { list: { goods_id: number; state: number }[] } };
  const running = sales.data.list.find((s) => s.state === 1);
  const pages: LighthousePage[] = [];
  log('[bench] Lighthouse /seckills');
  pages.push(await auditPage(server.url, 'seckills', '/seckills'));
  if (running) {
    log(`[bench] Lighthouse /goods/${running.goods_id} (running flash sale)`);
    pages.push(await auditPage(server.url, 'flash goods page', `/goods/${running.goods_id}`));
  }
  return pages;
}

export function promotionRows(pages: readonly LighthousePage[]): BudgetRow[] {
  return pages.flatMap((p) => [
    budgetRow(`${PREFIX} \`${p.path}\` performance (median of ${p.scores.join(', ')})`, p.performance, PROMO_BUDGETS.performance, (n) => String(n), true),
    budgetRow(`${PREFIX} \`${p.path}\` CLS`, p.cls, PROMO_BUDGETS.cls, (n) => n.toFixed(3)),
  ]);
}

export async function benchPromotionsOnly(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'souk-bench-dist-'));
  execSync(`node scripts/build.mjs --outDir ${outDir}`, { stdio: 'inherit' });
  const server = await startServer({ DIST_DIR: outDir });
  try {
    const pages = await benchPromotions(server);
    patchDoc({ budgets: { prefixes: [PREFIX], rows: promotionRows(pages) } });
    for (const p of pages) console.log(`${p.path}: performance ${p.performance} (${p.scores.join(', ')}), accessibility ${p.accessibility}, LCP ${p.lcpS.toFixed(2)} s, CLS ${p.cls.toFixed(3)}, TBT ${Math.round(p.tbtMs)} ms${p.findings.length ? `\n  ${p.findings.join('\n  ')}` : ''}`);
  } finally {
    await server.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}
