import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { storageEnv, type StorageEnv } from './storage/env';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite under dataDir is used. */
  databaseUrl?: string;
  jwtSecret: string;
  uploadsDir: string;
  /** Built SPA served on the same port, when it exists. */
  distDir: string;
  /** Database session time zone: timestamps are stored and shown as wall time in it. */
  timeZone: string;
  /**
   * How many reverse proxies stand in front of the server (TRUST_PROXY; 0: none). The client IP
   * is the X-Forwarded-For hop the outermost trusted proxy appended (else the socket address).
   */
  trustProxy: number;
  /** How long a public goods search answer may be served again, in ms (SEARCH_CACHE_MS; 0: never). */
  searchCacheMs: number;
  /** Most goods searches running their SQL at once per instance; more wait their turn (SEARCH_CONCURRENCY). */
  searchConcurrency: number;
  /** Free bytes under dataDir below which uploads are refused (UPLOAD_MIN_FREE_MB; default 512 MB). */
  uploadMinFreeBytes?: number;
  /** UPLOAD_DRIVER and S3_*: the storage the environment fixes (else the admin's 上传配置, else local). */
  storage?: StorageEnv;
  /** METRICS_TOKEN: GET /metrics on the main port answers only with `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** METRICS_PORT: /metrics is served on this port (of HOST) instead, with no token. */
  metricsPort?: number;
  /** LOG_FORMAT: `json` (default: one JSON object per line) or `text`. */
  logFormat?: 'json' | 'text';
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for requests and jobs before exiting anyway. */
  shutdownTimeoutMs?: number;
  /** JOBS_SCHEDULE: the croner pattern of the frequent timed tasks (default every minute). */
  jobsSchedule?: string;
  /** How long one instance shows a dashboard ranking (top stores / goods) again, in ms (RANKING_CACHE_MS; absent or 0: never). */
  rankingCacheMs?: number;
  /** How long one instance answers a dashboard route again with the same figures, in ms (DASHBOARD_CACHE_MS; absent or 0: never). */
  dashboardCacheMs?: number;
}

/** How long a goods search answer is served again by default (SEARCH_CACHE_MS). */
export const DEFAULT_SEARCH_CACHE_MS = 30_000;
/** Dashboard rankings (top stores and goods of a period) are kept this long per instance by default. */
export const DEFAULT_RANKING_CACHE_MS = 30_000;
/** A dashboard answer (cards, charts, counters) is served again this long per instance by default: figures at most 2 s old. */
export const DEFAULT_DASHBOARD_CACHE_MS = 2_000;
/**
 * Searches that run their SQL at once by default (SEARCH_CONCURRENCY): twice this machine's
 * cores. A search keeps a database core busy for a millisecond or more; ten at once on two cores
 * each take five times as long and hold pool connections the goods page and checkout need.
 */
export const defaultSearchConcurrency = () => 2 * availableParallelism();

/** Reads the environment once. JWT_SECRET, when unset, is generated once into DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || persistedSecret(dataDir),
    uploadsDir: join(dataDir, 'uploads'),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    timeZone: env.TIME_ZONE || 'Asia/Shanghai',
    trustProxy: proxyCount(env.TRUST_PROXY),
    searchCacheMs: cacheMs(env.SEARCH_CACHE_MS, DEFAULT_SEARCH_CACHE_MS),
    searchConcurrency: concurrency(env.SEARCH_CONCURRENCY),
    uploadMinFreeBytes: megabytes(env.UPLOAD_MIN_FREE_MB),
    storage: storageEnv(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: optionalPort(env.METRICS_PORT, 'METRICS_PORT'),
    logFormat: env.LOG_FORMAT === 'text' ? 'text' : 'json',
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ? wholeNumber(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS', 0, 600_000) : undefined,
    jobsSchedule: env.JOBS_SCHEDULE?.trim() || undefined,
    rankingCacheMs: cacheMs(env.RANKING_CACHE_MS, DEFAULT_RANKING_CACHE_MS, 'RANKING_CACHE_MS'),
    dashboardCacheMs: cacheMs(env.DASHBOARD_CACHE_MS, DEFAULT_DASHBOARD_CACHE_MS, 'DASHBOARD_CACHE_MS'),
  };
}

function optionalPort(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  return wholeNumber(raw, name, 1, 65535);
}

function wholeNumber(raw: string, name: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return n;
}

/** TRUST_PROXY: unset, '' , '0' or 'false' trust none; 'true' one proxy; a whole number that many. */
export function proxyCount(raw: string | undefined): number {
  if (raw === undefined || raw === '' || raw === 'false') return 0;
  if (raw === 'true') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 20) throw new Error(`TRUST_PROXY must be the number of proxies in front of the server (0 to 20), not "${raw}"`);
  return n;
}

function megabytes(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`UPLOAD_MIN_FREE_MB must be a whole number of MB, not "${raw}"`);
  return n * 1024 * 1024;
}

function cacheMs(raw: string | undefined, fallback: number, name = 'SEARCH_CACHE_MS'): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 3_600_000) throw new Error(`${name} must be a whole number of ms from 0 to 3600000, not "${raw}"`);
  return n;
}

function concurrency(raw: string | undefined): number {
  if (raw === undefined || raw === '') return defaultSearchConcurrency();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`SEARCH_CONCURRENCY must be a whole number from 1 to 1000, not "${raw}"`);
  return n;
}

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
