#!/usr/bin/env node
// `npm test`: everything CI runs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// Vitest leaves one core to its own process by default (one worker on CI's two cores); that
// process mostly waits, so the unit run uses every core.
const workers = String(Math.max(2, availableParallelism()));

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  // modules depend one way (types and pure helpers below, composition above): no import circles
  ['import circles', 'npm', ['run', '--silent', 'check:cycles']],
  ['unit (machines, views, server)', 'npx', ['vitest', 'run', '--maxWorkers', workers, '--project', 'machines', '--project', 'views', '--project', 'server']],
  ['transition coverage', 'npx', ['tsx', 'scripts/check-transitions.ts']],
  ['build', 'node', ['scripts/build.mjs']],
  ['e2e (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

rmSync('tests/.transitions', { recursive: true, force: true });
// the concurrency tests need a real PostgreSQL (.ci/run provides one); without it they are skipped: say so
if (!process.env.TEST_DATABASE_URL) console.warn('\n!!! TEST_DATABASE_URL is not set: the PostgreSQL concurrency tests will be SKIPPED (CI sets it; see README).');
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
