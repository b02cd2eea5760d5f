import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isConnectionError } from '../../../server/db/connectionErrors';
import { freshIp, openTestServer, type TestServer } from '../helpers';
import { workerDatabase } from '../pgDatabase';

/**
 * A PostgreSQL backend ended under the server (pg_terminate_backend, a restart, a failover) is
 * logged and replaced, never fatal; the request that was using it gets a 503 envelope.
 */
const url = process.env.TEST_DATABASE_URL;

describe('connection errors', () => {
  it('tells a lost connection from a bad query', () => {
    expect(isConnectionError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isConnectionError(new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('invalid input syntax for type integer'), { code: '22P02' }))).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
  });
});

describe.skipIf(!url)('PostgreSQL connection loss', () => {
  let s: TestServer;
  let admin: pg.Client;
  const logged: string[] = [];
  beforeAll(async () => {
    s = await openTestServer({ databaseUrl: url });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    admin = new pg.Client({ connectionString: await workerDatabase(url as string) });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await admin?.end();
    await s?.close();
  });

  /** Ends every backend of the app (all but the test's own connection). */
  async function terminateAppBackends(): Promise<number> {
    const { rows } = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows[0].n;
  }

  const stores = () => s.call('GET', '/api/stores');

  it('idle connections ended: the process survives, logs it, and the next requests are served', async () => {
    // several requests at once, so the pool holds several idle connections
    const first = await Promise.all(Array.from({ length: 4 }, stores));
    expect(first.map((a) => a.code)).toEqual([200, 200, 200, 200]);
    logged.length = 0;
    const ended = await terminateAppBackends();
    expect(ended).toBeGreaterThan(0);
    // each idle client hears of it (unhandled, the pool's 'error' event would end the process)
    // and is dropped from the pool
    await vi.waitFor(() => expect(logged.filter((l) => l.includes('database connection lost'))).toHaveLength(ended), { timeout: 5000 });
    const after = await Promise.all(Array.from({ length: 4 }, stores));
    expect(after.map((a) => a.code)).toEqual([200, 200, 200, 200]);
  });

  it('requests right after the idle connections were ended are served (reads move to a live connection)', async () => {
    const first = await Promise.all(Array.from({ length: 4 }, stores));
    expect(first.map((a) => a.code)).toEqual([200, 200, 200, 200]);
    expect(await terminateAppBackends()).toBeGreaterThan(0);
    // at once, before the pool has heard of it
    const after = await Promise.all(Array.from({ length: 4 }, stores));
    expect(after.map((a) => a.code)).toEqual([200, 200, 200, 200]);
  });

  /** Holds a lock on `table`, starts `request`, waits until it waits on the lock, ends its backend. */
  async function endMidQuery<T>(table: string, request: () => Promise<T>): Promise<{ pending: Promise<T> }> {
    await admin.query('begin');
    await admin.query(`lock table ${table} in access exclusive mode`);
    const pending = request();
    const waiting = async () => {
      const { rows } = await admin.query(
        "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      return rows.map((r) => r.pid as number);
    };
    await vi.waitFor(async () => expect((await waiting()).length).toBeGreaterThan(0), { timeout: 5000 });
    logged.length = 0;
    for (const pid of await waiting()) await admin.query('select pg_terminate_backend($1)', [pid]);
    return { pending };
  }

  it('a write whose connection is ended mid-query gets a 503 envelope; the next one is served', async () => {
    const login = () => s.call('POST', '/api/login', { body: { username: 'admin', password: '123456', provider: 'admins' }, ip: freshIp() });
    const { pending } = await endMidQuery('rate_limits', login);
    const answer = await pending;
    await admin.query('rollback');
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(503);
    expect(answer.msg).toBe('服务暂时不可用，请稍后重试。');
    // one line, no SQL text in the log
    expect(logged.some((l) => l.includes('database unavailable'))).toBe(true);
    expect(logged.join('\n')).not.toMatch(/select |insert /i);
    expect((await login()).code).toBe(200);
  });

  it('a read whose connection is ended mid-query runs again on another connection', async () => {
    const { pending } = await endMidQuery('stores', stores);
    // the retry waits on the lock in turn, until it is released
    await new Promise((r) => setTimeout(r, 200));
    await admin.query('rollback');
    expect((await pending).code).toBe(200);
  });

  it('a transaction whose connection is ended between statements fails cleanly and the pool recovers', async () => {
    const err = await s.db
      .transaction(async (tx) => {
        const result = (await tx.execute('select pg_backend_pid() as pid')) as unknown as { rows: { pid: number }[] };
        await admin.query('select pg_terminate_backend($1)', [result.rows[0].pid]);
        // let the ended backend's notice arrive at the checked-out client
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute('select 1');
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isConnectionError(err)).toBe(true);
    expect((await stores()).code).toBe(200);
  });
});
