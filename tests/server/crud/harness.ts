import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import qs from 'qs';
import type { Database } from '../../../server/db/client';
import { openSnapshotDatabase } from '../dbSnapshots';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../../server/config';
import type { AppEnv } from '../../../server/http/context';
import { ApiError, fail, langOf, sendError, type Envelope } from '../../../server/http/envelope';
import { t } from '../../../server/http/messages';
import type { CrudAction, Guard } from '../../../server/http/crud/resource';
import { WIDGETS_DDL } from './widgets';

/** PGlite in memory with the test tables. */
export async function openTestDatabase(): Promise<Database> {
  const database = await openSnapshotDatabase('empty');
  for (const statement of WIDGETS_DDL) await database.db.execute(sql.raw(statement));
  return database;
}

/** Same approach as server/app.ts: ApiError → its envelope, anything else → code 500 envelope. */
function onError(err: Error, c: Context) {
  if (err instanceof ApiError) return sendError(c, err);
  console.error('[test] unhandled error', c.req.method, c.req.path, err);
  return c.json({ code: 500, msg: t('serverError', langOf(c)), data: [] });
}

/** The real config reader over a throw-away data dir (the CRUD layer reads only `db`). */
const testConfig: Config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'souk-crud-')), JWT_SECRET: 'test' });

export function createTestApp(database: Database, mount: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use('*', async (c, next) => {
    c.set('services', { database, db: database.db, config: testConfig });
    await next();
  });
  mount(app);
  return app;
}

export interface GuardCall {
  action: CrudAction;
  permission: string;
}

/**
 * Fake auth: `x-test-store` is the session (no header → 401); `x-test-role: reader` may only
 * index/show (else 403), `importer` anything but update and destroy. The caller's accountId stands for the session's store id.
 */
export function fakeGuard(calls: GuardCall[] = []): Guard {
  return (c, action, permission) => {
    calls.push({ action, permission });
    const store = c.req.header('x-test-store');
    if (!store) throw fail('unauthorized', undefined, 401);
    const role = c.req.header('x-test-role');
    if (role === 'reader' && action !== 'index' && action !== 'show') throw fail('forbidden', undefined, 403);
    // May add and import, never change a row.
    if (role === 'importer' && (action === 'update' || action === 'destroy')) throw fail('forbidden', undefined, 403);
    c.set('caller', { area: 'seller', provider: 'users', accountId: Number(store), sessionId: 'test' });
  };
}

export interface CallOptions {
  query?: Record<string, unknown>;
  form?: Record<string, unknown>;
  json?: unknown;
  headers?: Record<string, string>;
  store?: number | null;
}

/** One request; asserts the HTTP status is 200 (the contract) and returns the envelope. */
export async function call<T = any>(app: Hono<AppEnv>, method: string, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.store !== null) headers['x-test-store'] = String(opts.store ?? 1);
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = qs.stringify(opts.form);
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const search = opts.query ? `?${qs.stringify(opts.query)}` : '';
  const res = await app.request(`${path}${search}`, { method, headers, body });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${method} ${path}`);
  return (await res.json()) as Envelope<T>;
}
