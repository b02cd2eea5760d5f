import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin_permissions, admin_to_permissions, auth_sessions, users } from '../../server/db/schema';
import { loginAdmin, loginShopper, openTestServer, type TestServer } from './helpers';
import { limitedAdmin } from './admin-system/setup';

/**
 * Caller checks kept on PostgreSQL (server/db/authMark.ts): a repeated request of a live session
 * sends no session statement, and any write to the tables the check reads voids the kept answers:
 * on the instance that wrote it at once (the very next request), on another instance as soon as
 * PostgreSQL's notification lands. Two test servers on one database play two instances.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('caller checks kept on PostgreSQL until an auth write', () => {
  let a: TestServer;
  let b: TestServer;
  let superToken: string;
  const LIST = '/api/Admin/money_logs?page=1&per_page=5';
  const list = (s: TestServer, token: string) => s.call('GET', LIST, { token });

  /** The statements sent by every pg client of this process while `run` runs. */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
      if (typeof text === 'string') seen.push(text);
      return (original as (...args: unknown[]) => unknown).call(this, config, ...rest) as never;
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return seen;
  }

  /** Waits until `s` keeps the check of `token` (its listener is up): a repeat sends only the list. */
  async function untilKept(s: TestServer, token: string, path = LIST) {
    await vi.waitFor(
      async () => {
        expect((await s.call('GET', path, { token })).code).toBe(200);
        const again = await statementsOf(() => s.call('GET', path, { token }));
        expect(again.filter((t) => /auth_sessions/.test(t))).toHaveLength(0);
      },
      { timeout: 5000, interval: 20 },
    );
  }

  beforeAll(async () => {
    a = await openTestServer({ databaseUrl: url });
    b = await openTestServer({ databaseUrl: url });
    superToken = await loginAdmin(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a repeated admin list request is one statement (the page), the first one two', async () => {
    const token = await loginAdmin(a);
    const first = await statementsOf(() => list(a, token));
    expect(first.filter((t) => /auth_sessions/.test(t))).toHaveLength(1);
    await untilKept(a, token);
    let code = 0;
    const again = await statementsOf(async () => (code = (await list(a, token)).code));
    expect(code).toBe(200);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(/money_logs/);
  });

  it('a permission taken from a role through the API is refused on the next request; the other instance follows', async () => {
    const r = await limitedAdmin(a, ['admin.money_logs.index', 'admin.money_logs.show']);
    await untilKept(a, r.token);
    await untilKept(b, r.token);
    const [show] = await a.db.select({ id: admin_permissions.id }).from(admin_permissions).where(eq(admin_permissions.apis, 'admin.money_logs.show'));
    const edit = await a.call('PUT', `/api/Admin/roles/${r.roleId}`, { token: superToken, body: { name: 'perf', permission_id: String(show.id) } });
    expect(edit.code).toBe(200);
    expect((await list(a, r.token)).code).toBe(403);
    await vi.waitFor(async () => expect((await list(b, r.token)).code).toBe(403), { timeout: 3000, interval: 5 });
  });

  it('a grant removed by straight SQL on another instance: refused there at once, here once notified', async () => {
    const r = await limitedAdmin(a, ['admin.money_logs.index']);
    await untilKept(a, r.token);
    await untilKept(b, r.token);
    await b.db.delete(admin_to_permissions).where(eq(admin_to_permissions.role_id, r.roleId));
    expect((await list(b, r.token)).code).toBe(403);
    await vi.waitFor(async () => expect((await list(a, r.token)).code).toBe(403), { timeout: 3000, interval: 5 });
  });

  it('a write inside a transaction voids the kept check when it commits', async () => {
    const r = await limitedAdmin(a, ['admin.money_logs.index']);
    await untilKept(a, r.token);
    await a.db.transaction(async (tx) => {
      await tx.delete(admin_to_permissions).where(eq(admin_to_permissions.role_id, r.roleId));
      // not committed yet: still granted
      expect((await list(a, r.token)).code).toBe(200);
    });
    expect((await list(a, r.token)).code).toBe(403);
  });

  it('a deleted admin and a logged-out session are refused at once', async () => {
    const r = await limitedAdmin(a, ['admin.money_logs.index']);
    await untilKept(a, r.token);
    const del = await a.call('DELETE', `/api/Admin/admins/${r.id}`, { token: superToken });
    expect(del.code).toBe(200);
    expect((await list(a, r.token)).code).toBe(401);

    const token = await loginAdmin(a);
    await untilKept(a, token);
    expect((await a.call('POST', '/api/logout', { token, body: { provider: 'admins' } })).code).toBe(200);
    expect((await list(a, token)).code).toBe(401);
  });

  it('a disabled shopper is refused at once here and once notified on the other instance', async () => {
    const token = await loginShopper(a);
    const path = '/api/user/favorites';
    await untilKept(a, token, path);
    await untilKept(b, token, path);
    const [demo] = await a.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    try {
      await a.db.update(users).set({ status: 0 }).where(eq(users.id, demo.id));
      expect((await a.call('GET', path, { token })).code).toBe(401);
      await vi.waitFor(async () => expect((await b.call('GET', path, { token })).code).toBe(401), { timeout: 3000, interval: 5 });
    } finally {
      await a.db.update(users).set({ status: 1 }).where(eq(users.id, demo.id));
    }
  });

  it('while the listening connection is lost nothing is kept; once it listens again checks are kept', async () => {
    const token = await loginAdmin(a);
    await untilKept(a, token);
    // ends the listeners of both instances (the only connections whose last statement was LISTEN)
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    await vi.waitFor(async () => {
      const statements = await statementsOf(() => list(a, token));
      expect(statements.filter((t) => /auth_sessions/.test(t))).toHaveLength(1);
    }, { timeout: 3000, interval: 5 });
    // listening again (retried after a second): kept again, and a logout still holds at once
    await untilKept(a, token);
    expect((await a.call('POST', '/api/logout', { token, body: { provider: 'admins' } })).code).toBe(200);
    expect((await list(a, token)).code).toBe(401);
  });
});
