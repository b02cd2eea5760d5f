import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isConnectionError } from '../../../server/db/connectionErrors';
import { openTestServer, type TestServer } from '../helpers';

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
    admin = new pg.Client({ connectionString: url });
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

  it('a request whose connection is ended mid-query gets a 503 envelope; the next one is served', async () => {
    // hold a lock the request waits on, so its backend is busy with it when it is ended
    await admin.query('begin');
    await admin.query('lock table stores in access exclusive mode');
    const pending = stores();
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        expect(rows[0].n).toBeGreaterThan(0);
      },
      { timeout: 5000 },
    );
    logged.length = 0;
    // end the backend serving the request (the pool's idle ones stay: the previous test covers those)
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
    );
    const answer = await pending;
    await admin.query('rollback');
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(503);
    expect(answer.msg).toBe('服务暂时不可用，请稍后重试。');
    // one line, no SQL text in the log
    expect(logged.some((l) => l.includes('database unavailable'))).toBe(true);
    expect(logged.join('\n')).not.toMatch(/select /i);
    expect((await stores()).code).toBe(200);
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
