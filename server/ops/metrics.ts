import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { LiveStats, SocketArea } from '../live/hub';

/**
 * Prometheus metrics of one instance (GET /metrics, ops/routes.ts): requests by method, route
 * pattern and status, their latency, the database pool, timed-task runs, sockets and live delivery, plus
 * the process's own (CPU, memory, event-loop lag). One registry per app, so tests start clean.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One run of a timed task: its outcome and how long it took. */
  observeJob(job: string, outcome: 'ok' | 'failed', seconds: number): void;
  /** Reads the pool's counts when scraped. */
  watchPool(pool: pg.Pool, max: number): void;
  /** Reads the live hub's sockets and delivery counts when scraped (createApp calls it; once per hub). */
  watchLive(hub: WatchedHub): void;
}

/** What the metrics read of a live hub (server/live/hub.ts). */
export interface WatchedHub {
  stats: LiveStats;
  authenticated(): Record<SocketArea, number>;
  readonly listening: boolean;
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
  const hubs = new Set<WatchedHub>();
  const sum = (read: (hub: WatchedHub) => number) => [...hubs].reduce((n, hub) => n + read(hub), 0);
  new Gauge({
    name: 'souk_websocket_connections',
    help: 'WebSocket connections open on this instance, authenticated or not',
    registers: [registry],
    collect() {
      this.set(sum((hub) => hub.stats.open));
    },
  });
  new Gauge({
    name: 'souk_websocket_authenticated',
    help: 'Authenticated WebSocket connections on this instance, by the area of their token',
    labelNames: ['area'],
    registers: [registry],
    collect() {
      for (const area of ['user', 'seller'] as const) this.set({ area }, sum((hub) => hub.authenticated()[area]));
    },
  });
  new Gauge({
    name: 'souk_live_listening',
    help: '1 while this instance hears the live channel (its LISTEN connection is up), else 0',
    registers: [registry],
    collect() {
      this.set(hubs.size > 0 && [...hubs].every((hub) => hub.listening) ? 1 : 0);
    },
  });
  new Counter({
    name: 'souk_live_notifications_total',
    help: 'Live-channel notifications heard by this instance, by kind',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.reset();
      for (const kind of ['chat', 'notice'] as const) this.inc({ kind }, sum((hub) => hub.stats.heard[kind]));
    },
  });
  new Counter({
    name: 'souk_live_frames_pushed_total',
    help: 'Frames pushed to this instance\'s sockets, by type (replays included)',
    labelNames: ['type'],
    registers: [registry],
    collect() {
      this.reset();
      for (const type of ['chat', 'notice'] as const) this.inc({ type }, sum((hub) => hub.stats.pushed[type]));
    },
  });
  new Counter({
    name: 'souk_live_read_failures_total',
    help: 'Reads of new chat messages or of a notice that failed (delivery waits for the next notification)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sum((hub) => hub.stats.failedReads));
    },
  });
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
    watchLive(hub) {
      hubs.add(hub);
    },
  };
}
