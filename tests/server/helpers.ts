import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { Services } from '../../server/http/context';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { resetDatabase, seedAll } from '../../server/db/seed';
import { openSnapshotDatabase } from './dbSnapshots';
import { workerDatabase } from './pgDatabase';

export const TEST_SECRET = 'test-secret-for-souk-server-tests-0123456789';

export interface CallOptions {
  /** Form fields (sent form-encoded like the SPA), a FormData (multipart), or nothing. */
  body?: Record<string, string | number> | FormData;
  token?: string | null;
  /** Client IP (the test config trusts X-Forwarded-For). */
  ip?: string;
  lang?: 'zh-cn' | 'en';
  headers?: Record<string, string>;
}

export interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  /** What the app was made with (`live`: its socket hub, server/live/hub.ts). */
  services: Services;
  database: Database;
  db: Db;
  config: Config;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>;
  /** Logs in and returns the access token (throws when the login fails). */
  login(username: string, password?: string, provider?: 'admins' | 'users', area?: 'admin' | 'seller' | 'user'): Promise<string>;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A fresh client IP, so rate limits of one test do not leak into another. */
export const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/**
 * PGlite in memory, migrated and seeded (a copy of this run's snapshot, dbSnapshots.ts), and the app answering in-process. With a
 * `databaseUrl` (PostgreSQL tests) every row of the worker's own database beside it
 * (pgDatabase.ts) is dropped and reseeded.
 */
export async function openTestServer(
  options: { databaseUrl?: string; searchCacheMs?: number; searchConcurrency?: number; freeBytes?: (dir: string) => Promise<number>; config?: Partial<Config> } = {},
): Promise<TestServer> {
  let database: Database;
  if (options.databaseUrl) {
    database = await openDatabase({ databaseUrl: await workerDatabase(options.databaseUrl) });
    await database.migrate();
    await database.db.transaction(async (tx) => {
      await resetDatabase(tx);
      await seedAll(tx);
    });
  } else database = await openSnapshotDatabase('seeded');
  const dir = mkdtempSync(join(tmpdir(), 'souk-test-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    jwtSecret: TEST_SECRET,
    uploadsDir: join(dir, 'uploads'),
    distDir: join(dir, 'no-dist'),
    timeZone: 'Asia/Shanghai',
    trustProxy: 1,
    // tests write rows directly and search for them at once; the answer cache has its own tests
    searchCacheMs: options.searchCacheMs ?? 0,
    searchConcurrency: options.searchConcurrency ?? 4,
    ...options.config,
  };
  const services: Services = { database, db: database.db, config, freeBytes: options.freeBytes };
  const app = createApp(services);

  async function call<T>(method: string, path: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      'x-forwarded-for': opts.ip ?? '10.0.0.1',
      'accept-language': opts.lang ?? 'zh-cn',
      ...opts.headers,
    };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let url = path;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body) {
      const form = new URLSearchParams(Object.entries(opts.body).map(([k, v]) => [k, String(v)]));
      if (method === 'GET') url += (url.includes('?') ? '&' : '?') + form.toString();
      else {
        body = form.toString();
        headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      }
    }
    const res = await app.request(url, { method, headers, body });
    const text = await res.text();
    let json: { code: number; msg: string; data: T };
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`not JSON (${res.status}) from ${method} ${path}: ${text.slice(0, 200)}`);
    }
    return { status: res.status, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
  }

  async function login(username: string, password = '123456', provider: 'admins' | 'users' = 'users', area?: 'admin' | 'seller' | 'user') {
    const body: Record<string, string> = { username, password, provider };
    if (area) body.area = area;
    const res = await call<{ access_token: string }>('POST', '/api/login', { body, ip: freshIp() });
    if (res.code !== 200) throw new Error(`login ${username} failed: ${res.code} ${res.msg}`);
    return res.data.access_token;
  }

  return {
    app,
    services,
    database,
    db: database.db,
    config,
    call,
    login,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Shortcuts for the seeded accounts. */
export const loginAdmin = (s: TestServer) => s.login('admin', '123456', 'admins');
export const loginOperator = (s: TestServer) => s.login('operator', '123456', 'admins');
export const loginOwnerSeller = (s: TestServer) => s.login('18888888888', '123456', 'users', 'seller');
export const loginOwner2Seller = (s: TestServer) => s.login('18888888889', '123456', 'users', 'seller');
export const loginStaffSeller = (s: TestServer) => s.login('seller', '123456', 'users', 'seller');
/** A shop-area token, as our SPA's shop login sends (area=user); without area it also opens a store's seller centre. */
export const loginShopper = (s: TestServer) => s.login('demo', '123456', 'users', 'user');

export interface SentStatement { text: string; params: unknown[] }

/**
 * The statements `db` sends outside transactions while `run` runs (its pg pool's queries; both
 * databases are reached through pg, server/db/client.ts), text and parameters.
 */
export async function statementsOf(db: Db, run: () => Promise<unknown>): Promise<SentStatement[]> {
  const pool = (db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
  const seen: SentStatement[] = [];
  const original = pool.query;
  pool.query = function (this: unknown, ...args: unknown[]) {
    const [config, params] = args as [string | { text: string; values?: unknown[] }, unknown];
    const text = typeof config === 'string' ? config : config.text;
    seen.push({ text, params: Array.isArray(params) ? params : (typeof config === 'object' && config.values) || [] });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return seen;
}
