import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one instance (GET /metrics, ops/routes.ts): requests by method, route
 * pattern and status, their latency, the database pool, timed-task runs and open sockets, plus
 * the process's own (CPU, memory, event-loop lag). One registry per app, so tests start clean.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One run of a timed task: its outcome and how long it took. */
  observeJob(job: string, outcome: 'ok' | 'failed', seconds: number): void;
  /** Open WebSocket connections (the chat module moves it). */
  sockets: Gauge;
  /** Reads the pool's counts when scraped. */
  watchPool(pool: pg.Pool, max: number): void;
}

export function createMetrics(options: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaults !== false) collectDefaultMetrics({ register: registry, prefix: 'souk_' });
  const requests = new Counter({ name: 'souk_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'souk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the answer starts), by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({ name: 'souk_job_runs_total', help: 'Runs of the timed tasks on this instance, by task and outcome', labelNames: ['job', 'outcome'], registers: [registry] });
  const jobTime = new Histogram({ name: 'souk_job_duration_seconds', help: 'Time of one timed-task run', labelNames: ['job'], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120], registers: [registry] });
  const sockets = new Gauge({ name: 'souk_websocket_connections', help: 'Open WebSocket connections on this instance', registers: [registry] });
  const pools: { pool: pg.Pool; max: number }[] = [];
  new Gauge({
    name: 'souk_db_pool_connections',
    help: 'Database pool connections: total open, idle, and callers waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { pool } of pools) {
        this.inc({ state: 'total' }, pool.totalCount);
        this.inc({ state: 'idle' }, pool.idleCount);
        this.inc({ state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  new Gauge({
    name: 'souk_db_pool_max',
    help: 'Most connections the pool opens (DB_POOL_MAX)',
    registers: [registry],
    collect() {
      this.set(pools.reduce((n, p) => n + p.max, 0));
    },
  });
  return {
    registry,
    sockets,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    observeJob(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobTime.observe({ job }, seconds);
    },
    watchPool(pool, max) {
      pools.push({ pool, max });
    },
  };
}
