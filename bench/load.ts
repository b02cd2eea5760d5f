import autocannon from 'autocannon';
import type { RunningServer } from '../tests/e2e/harness';
import type { LoadRow } from './docPatch';


/** Seconds of the same load run first and not counted: the server's JIT and caches settle. */
export const WARMUP_S = 3;
export const MEASURED_S = 10;

/** autocannon for WARMUP_S (discarded), then for `measuredS` (default MEASURED_S): the measured run's result. */
export async function steadyLoad(options: autocannon.Options, measuredS = MEASURED_S): Promise<autocannon.Result> {
  await autocannon({ ...options, duration: WARMUP_S });
  return autocannon({ ...options, duration: measuredS });
}

/** One path (GET, or POST of a form body), 50 connections unless told. */
export async function loadRun(
  server: RunningServer,
  title: string,
  path: string,
  opts: { token?: string; body?: Record<string, string>; connections?: number } = {},
): Promise<LoadRow> {
  const { token, body, connections = 50 } = opts;
  const result = await steadyLoad({
    url: server.url + path,
    method: body ? 'POST' : 'GET',
    connections,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  const non2xx = result.non2xx + result.errors;
  return { title, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx };
}

/** Runs of a budgeted load: the machine's run-to-run spread (±30 % here) is larger than most changes. */
export const LOAD_RUNS = 3;

/** `run` LOAD_RUNS times: the run with the median p99, its title naming every run's p99. */
export async function medianLoad(run: () => Promise<LoadRow>): Promise<LoadRow> {
  const rows: LoadRow[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) rows.push(await run());
  const sorted = [...rows].sort((a, b) => a.p99 - b.p99);
  const median = sorted[Math.floor(sorted.length / 2)];
  return { ...median, title: `${median.title}; median p99 of ${rows.length} runs: ${rows.map((r) => r.p99).join(', ')} ms` };
}
