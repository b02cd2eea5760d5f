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
