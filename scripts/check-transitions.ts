/**
 * Transition coverage (DESIGN.md §3): every transition of every machines/*.machine.ts must have
 * been taken by some test. Tests record what they took in tests/.transitions/*.json (see
 * tests/machines/coverage.ts); this prints taken / total per machine and exits 1 listing each
 * transition never taken. Run after the machines tests: `npx tsx scripts/check-transitions.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineTransitions, type TransitionInfo } from '../machines/introspect';
import { loadMachines } from './machines-docs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RECORD_DIR = join(ROOT, 'tests', '.transitions');

function readRecorded(): Set<string> {
  const keys = new Set<string>();
  if (!existsSync(RECORD_DIR)) return keys;
  for (const file of readdirSync(RECORD_DIR).filter((name) => name.endsWith('.json'))) {
    const list = JSON.parse(readFileSync(join(RECORD_DIR, file), 'utf8')) as unknown;
    if (Array.isArray(list)) for (const key of list) if (typeof key === 'string') keys.add(key);
  }
  return keys;
}

const describe = (t: TransitionInfo) =>
  `${t.source} —${t.event}${t.guard ? ` [${t.guard}]` : ''}→ ${t.targets.join(', ') || '(stays)'}`;

async function main() {
  const recorded = readRecorded();
  const machines = await loadMachines();
  const missing: TransitionInfo[] = [];
  const rows: [string, number, number][] = [];
  for (const { name, machine } of machines) {
    const all = machineTransitions(machine);
    const notTaken = all.filter((t) => !recorded.has(t.key));
    missing.push(...notTaken);
    rows.push([name, all.length - notTaken.length, all.length]);
  }

  const width = Math.max(...rows.map(([name]) => name.length), 'machine'.length);
  console.log(`${'machine'.padEnd(width)}  taken / total`);
  for (const [name, taken, total] of rows) {
    console.log(`${name.padEnd(width)}  ${String(taken).padStart(5)} / ${total}${taken === total ? '' : '   <- incomplete'}`);
  }
  const taken = rows.reduce((sum, [, t]) => sum + t, 0);
  const total = rows.reduce((sum, [, , t]) => sum + t, 0);
  console.log(`${'all'.padEnd(width)}  ${String(taken).padStart(5)} / ${total}`);

  if (recorded.size === 0) {
    console.error('\nNo recorded transitions in tests/.transitions: run `npx vitest run --project machines` first.');
    process.exit(1);
  }
  if (missing.length) {
    console.error(`\n${missing.length} transition(s) never taken by a test:`);
    for (const t of missing) console.error(`  ${t.machine}: ${describe(t)}`);
    process.exit(1);
  }
  console.log('\nEvery transition of every machine was taken by a test.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
