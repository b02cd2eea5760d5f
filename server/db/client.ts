import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { PreparingClient } from './namedStatements';
import { describeConnectionError, isConnectionError } from './connectionErrors';
import { lockDataDir } from './dataDirLock';
import { writeTrackingClient } from './writeMark';
import { startEmbeddedThread } from './embedded/worker';
import { authTrackingClient, listenForAuthWrites, newAuthMark, setAuthMark } from './authMark';
import { embeddedListener, pgListener, type Listener } from './listener';
import type { Db } from './types';

export type { Db, Schema, Tx } from './types';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Notifications of committed writes (listener.ts): one LISTEN connection per instance on PostgreSQL. */
  listener: Listener;
  /** The connection pool under `db` (its counts are the metrics' pool figures). */
  pool: pg.Pool;
  /** PGlite only: the data directory as a tarball, which `openDatabase({ from })` starts from (tests start from one). */
  snapshot?: () => Promise<Uint8Array>;
  /** Applies the migrations not applied yet; on PostgreSQL one instance at a time (an advisory lock). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite: files under `dataDir`,
 * or in memory when `dataDir` is 'memory://' (unit tests). A data directory is locked to this
 * process until `close()` (server/db/dataDirLock.ts). Every connection uses the session
 * time zone `timeZone` (default Asia/Shanghai), so timestamp columns mean the same wall time
 * on every instance. PGlite starts from `from`, a file written from `snapshot()`, when given
 * (an empty `dataDir` only), instead of a new cluster.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; timeZone?: string; from?: string }): Promise<Database> {
  const timeZone = opts.timeZone ?? 'Asia/Shanghai';
  if (!/^[A-Za-z0-9_+\-/]+$/.test(timeZone)) throw new Error(`bad time zone: ${timeZone}`);
  if (opts.databaseUrl) {
    // caller checks are kept until a write to the auth tables, here or on another instance (authMark.ts)
    const authMark = newAuthMark();
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      Client: authTrackingClient(PreparingClient, authMark),
      max: Number(process.env.DB_POOL_MAX ?? 10),
      options: `-c TimeZone=${timeZone}`,
    });
    watchConnections(pool);
    retryReadsOnLostConnection(pool);
    setAuthMark(pool, authMark);
    const listener = pgListener(() => new pg.Client({ connectionString: opts.databaseUrl }));
    authMark.start = () => {
      listenForAuthWrites(listener, authMark);
    };
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      listener,
      pool,
      migrate: () => oneAtATime(opts.databaseUrl!, () => migratePg(db as never, { migrationsFolder })),
      close: async () => {
        authMark.start = undefined;
        await listener.stop();
        await pool.end();
      },
    };
  }
  const onDisk = Boolean(opts.dataDir && opts.dataDir !== 'memory://');
  // one process per data directory: throws DataDirLockedError when another one has it
  const lock = onDisk ? lockDataDir(opts.dataDir!) : undefined;
  try {
    const thread = await startEmbeddedThread({ dataDir: onDisk ? `${opts.dataDir}/pglite` : undefined, timeZone, from: opts.from });
    // one connection (PGlite has one session), kept open; caches follow its writes exactly (writeMark.ts)
    const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, user: 'postgres', database: 'postgres', stream: () => thread.connect() } as pg.PoolConfig);
    (pool as unknown as { Client: unknown }).Client = writeTrackingClient(PreparingClient, pool);
    watchConnections(pool);
    const listener = embeddedListener(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      listener,
      pool,
      snapshot: () => thread.snapshot(),
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: async () => {
        try {
          await listener.stop();
          await pool.end();
          await thread.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** The advisory lock key instances take to migrate (seedIfEmpty takes 7204511). */
const MIGRATE_LOCK = 7204512;

/**
 * Runs `task` while holding a session advisory lock on a connection of its own: instances that
 * start together on one database (a deployment, the compose file) migrate one after the other;
 * the later ones then find every migration applied.
 */
async function oneAtATime<T>(url: string, task: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATE_LOCK]);
    return await task();
  } finally {
    await client.end();
  }
}

/**
 * The newest migration of the journal shipped with this build (its `when`, as drizzle records it).
 * The newest `when`, not the last entry: branches merged in parallel may list a migration before
 * one with an older `when` (so a database that already applied the other one still applies it).
 */
export function latestMigration(): { count: number; when: number; tag: string } {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  const last = journal.entries.reduce((newest, entry) => (entry.when > newest.when ? entry : newest));
  return { count: journal.entries.length, when: last.when, tag: last.tag };
}

/**
 * Whether the database has every migration of this build applied (drizzle records each in
 * `drizzle.__drizzle_migrations` with the journal's `when` as created_at). False while another
 * instance is still migrating, or when this build is older or newer than the database.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const latest = latestMigration();
  try {
    const result = (await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`)) as unknown as { rows: { last: string | null }[] };
    return result.rows[0]?.last === String(latest.when);
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL backend ended under us (pg_terminate_backend, a restart, a failover) is logged,
 * never fatal. An idle client's error reaches the pool, which has already dropped that client;
 * a checked-out client's error (between the queries of a transaction) reaches the client, whose
 * next query then fails, and the pool drops it when it is released. Unhandled, either 'error'
 * event would end the process. New connections are opened on demand once the database is back.
 */
export function watchConnections(pool: pg.Pool, log: (line: string) => void = (line) => console.error(line)) {
  pool.on('connect', (client) => {
    client.on('error', (err) => log(`[souk] database connection lost: ${describeConnectionError(err)}`));
  });
  // the pool re-emits an idle client's error after dropping it; the client's listener logged it
  pool.on('error', () => {});
}

/** How many more connections a read tries after the one it was given turned out dead. */
const READ_RETRIES = 3;
const PLAIN_READ = /^\s*select\b/i;
const LOCKING_READ = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/**
 * Idle connections ended by the database (a restart, a failover) are only found dead when next
 * used: a plain SELECT that meets one runs again on another connection (the pool has dropped the
 * dead one), so the requests right after a failover are served, not answered 503. Writes are
 * not retried (whether they reached the server is unknown); transactions use their own client.
 */
export function retryReadsOnLostConnection(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const read = typeof text === 'string' && PLAIN_READ.test(text) && !LOCKING_READ.test(text);
    if (!read || typeof values === 'function' || callback !== undefined) return (query as (...args: unknown[]) => unknown)(config, values, callback);
    const attempt = async (left: number): Promise<unknown> => {
      try {
        return await query(config, values);
      } catch (err) {
        if (left === 0 || !isConnectionError(err)) throw err;
        return attempt(left - 1);
      }
    };
    return attempt(READ_RETRIES);
  };
}
