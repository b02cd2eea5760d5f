/**
 * Writing a part of the bench into docs/benchmarks.md without rewriting the rest: rows of the
 * "Budgets" and "API under load" tables are replaced by their leading text (or appended to the
 * table when new), and a whole `## …` section is replaced by its title (or appended at the end).
 * Used by the partial runs (`npm run bench -- goods`, `-- lighthouse`) and, after the full run
 * has written the file, to add the goods-search / Lighthouse / goods-route figures to it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface BudgetRow { what: string; figure: string; budget?: string; verdict?: string }
export interface LoadRow { title: string; rps: number; p50: number; p99: number; non2xx: number }

export const DOC = 'docs/benchmarks.md';

export const budgetLine = (r: BudgetRow) => `| ${r.what} | ${r.figure} | ${r.budget ?? ''} | ${r.verdict ?? ''} |`;
export const loadLine = (r: LoadRow) => `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.non2xx} |`;

/** A budget row: figure, limit and verdict. */
export function budgetRow(what: string, value: number, limit: number, fmt: (n: number) => string, higherIsBetter = false): BudgetRow {
  const okay = higherIsBetter ? value >= limit : value <= limit;
  return { what, figure: fmt(value), budget: `${higherIsBetter ? '≥' : '≤'} ${fmt(limit)}`, verdict: okay ? 'met' : '**missed**' };
}

export interface DocPatch {
  /** Rows of `## Budgets` to replace: every row starting with one of `prefixes` goes, `rows` come in. */
  budgets?: { prefixes: string[]; rows: BudgetRow[]; after?: string };
  /** Rows of `## API under load`, the same way. */
  loads?: { prefixes: string[]; rows: LoadRow[] };
  /** Whole sections (`## title` up to the next `## `), replaced or appended. */
  sections?: { title: string; lines: string[] }[];
}

function tableBounds(lines: string[], heading: string): [number, number] | null {
  const h = lines.findIndex((l) => l.trim() === heading);
  if (h < 0) return null;
  let start = h + 1;
  while (start < lines.length && !lines[start].startsWith('|')) {
    if (lines[start].startsWith('## ')) return null;
    start++;
  }
  let end = start;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  return [start, end]; // header + separator at start, start + 1
}

function replaceRows(lines: string[], heading: string, prefixes: string[], fresh: string[], after?: string) {
  const bounds = tableBounds(lines, heading);
  if (!bounds) throw new Error(`bench: no table under "${heading}" in ${DOC}; run the full bench once`);
  const [start, end] = bounds;
  const matches = (l: string) => prefixes.some((p) => l.startsWith(`| ${p}`));
  let at = -1;
  for (let i = start + 2; i < end; i++) if (matches(lines[i]) && at < 0) at = i;
  const old = lines.slice(start + 2, end);
  const body = old.filter((l) => !matches(l));
  // where the first old row was (counted among the rows kept), else after the `after` row, else at the end
  const anchor = after ? body.findIndex((l) => l.startsWith(`| ${after}`)) : -1;
  const insertAt = at >= 0 ? old.slice(0, at - (start + 2)).filter((l) => !matches(l)).length : anchor >= 0 ? anchor + 1 : body.length;
  body.splice(insertAt, 0, ...fresh);
  lines.splice(start + 2, end - (start + 2), ...body);
}

function replaceSection(lines: string[], title: string, body: string[]) {
  const heading = `## ${title}`;
  const at = lines.findIndex((l) => l.trim() === heading);
  const block = [heading, '', ...body, ''];
  if (at < 0) {
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    lines.push('', ...block);
    return;
  }
  let end = at + 1;
  while (end < lines.length && !lines[end].startsWith('## ')) end++;
  lines.splice(at, end - at, ...block);
}

/** Applies the patch to docs/benchmarks.md (which the full bench must have written once). */
export function patchDoc(patch: DocPatch, file = DOC): string {
  if (!existsSync(file)) throw new Error(`bench: ${file} is missing; run the full bench once`);
  const lines = readFileSync(file, 'utf8').split('\n');
  if (patch.budgets) replaceRows(lines, '## Budgets', patch.budgets.prefixes, patch.budgets.rows.map(budgetLine), patch.budgets.after);
  if (patch.loads) replaceRows(lines, '## API under load', patch.loads.prefixes, patch.loads.rows.map(loadLine));
  for (const s of patch.sections ?? []) replaceSection(lines, s.title, s.lines);
  let text = lines.join('\n');
  if (!text.endsWith('\n')) text += '\n';
  writeFileSync(file, text);
  return text;
}
