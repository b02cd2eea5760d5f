import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permissions, admin_roles, admin_to_permissions, admin_to_roles, admins, auth_sessions, money_logs } from '../../server/db/schema';
import { loginAdmin, loginOwnerSeller, loginShopper, openTestServer, statementsOf as sentBy, type TestServer } from './helpers';
import { limitedAdmin } from './admin-system/setup';

/**
 * The back-office fast path (docs/decisions.md "Speed"): an admin request checks session,
 * account, super flag and role grant in ONE statement, and a list page carries its total in the
 * same statement as its rows. A kept check is voided by any write (server/db/authMark.ts), so
 * every change below must hold on the very next request (PostgreSQL: tests/server/authCachePg.test.ts).
 */
describe('admin requests: one statement for the caller, one for the list', () => {
  let s: TestServer;
  let superToken: string;
  const LIST = '/api/Admin/money_logs';
  const list = (token: string, query = 'page=1&per_page=30') => s.call('GET', `${LIST}?${query}`, { token });

  /** The SQL statements the app sends to the database while `run` runs. */
  const statementsOf = async (run: () => Promise<unknown>) => (await sentBy(s.db, run)).map((st) => st.text);

  beforeAll(async () => {
    s = await openTestServer();
    superToken = await loginAdmin(s);
    await s.db.execute(sql`
      insert into money_logs (user_id, name, money, is_type, is_belong, info)
      select 9000 + g % 3, 'perf', 1, g % 2, 0, 'perf' from generate_series(1, 95) g`);
  });
  afterAll(() => s?.close());

  it('the admin users page with the role names of each user: 2 statements (caller, page + total + role names)', async () => {
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const statements = await statementsOf(async () => (answer = await s.call('GET', '/api/Admin/users?page=1&per_page=30', { token: superToken })));
    expect(answer!.code).toBe(200);
    expect(answer!.data.data.length).toBeGreaterThan(0);
    expect(answer!.data.data.find((u: { id: number }) => u.id === 3).role_name).toEqual(['商品专员']);
    expect(statements).toHaveLength(2);
  });

  it('a role admin list request: 2 statements (caller + grant, page + total); a super admin too', async () => {
    const { token } = await limitedAdmin(s, ['admin.money_logs.index']);
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const roleStatements = await statementsOf(async () => (answer = await list(token, 'user_id=9001&page=1&per_page=10')));
    expect(answer!.code).toBe(200);
    expect(answer!.data.total).toBe(32);
    expect(roleStatements).toHaveLength(2);
    // the same page for another admin, no write between: its caller check, and the page kept
    const superStatements = await statementsOf(async () => (answer = await list(superToken, 'user_id=9001&page=1&per_page=10')));
    expect(answer!.code).toBe(200);
    expect(answer!.data.total).toBe(32);
    expect(superStatements).toHaveLength(1);
    expect(superStatements[0]).toMatch(/auth_sessions/);
  });

  it('embedded database: a list page is kept until the next write, which any later request sees at once', async () => {
    const query = 'user_id=9002&page=1&per_page=5';
    const first = await list(superToken, query);
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    expect(await statementsOf(async () => (answer = await list(superToken, query)))).toHaveLength(0);
    expect(answer!.data).toEqual(first.data);
    await s.db.execute(sql`insert into money_logs (user_id, name, money, is_type, is_belong, info) values (9002, 'perf', 7, 0, 0, 'kept')`);
    const after = await statementsOf(async () => (answer = await list(superToken, query)));
    expect(after.length).toBeGreaterThan(0);
    expect(answer!.data.total).toBe(first.data.total + 1);
    // a caller may change what it got: the kept page is not touched
    answer!.data.data[0].money = 'changed';
    expect((await list(superToken, query)).data.data[0].money).not.toBe('changed');
  });

  it('embedded database: with no write between, a repeated request reuses the caller check and the page (no statement); any write ends that', async () => {
    const a = await limitedAdmin(s, ['admin.money_logs.index']);
    expect((await list(a.token)).code).toBe(200);
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const again = await statementsOf(async () => (answer = await list(a.token)));
    expect(answer!.code).toBe(200);
    expect(again).toHaveLength(0);
    await s.db.delete(admin_to_permissions).where(eq(admin_to_permissions.role_id, a.roleId));
    const after = await statementsOf(async () => (answer = await list(a.token)));
    expect(answer!.code).toBe(403);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/auth_sessions/);
  });

  it('a permission taken from the role is refused on the next request (no cache), through the API or by another instance', async () => {
    const a = await limitedAdmin(s, ['admin.money_logs.index', 'admin.money_logs.show']);
    expect((await list(a.token)).code).toBe(200);
    // through the role editor of this instance: keep only `show`
    const [show] = await s.db.select({ id: admin_permissions.id }).from(admin_permissions).where(eq(admin_permissions.apis, 'admin.money_logs.show'));
    const edit = await s.call('PUT', `/api/Admin/roles/${a.roleId}`, { token: superToken, body: { name: 'perf', permission_id: String(show.id) } });
    expect(edit.code).toBe(200);
    expect((await list(a.token)).code).toBe(403);

    // a write made elsewhere (another instance, straight SQL) holds just as fast
    const b = await limitedAdmin(s, ['admin.money_logs.index']);
    expect((await list(b.token)).code).toBe(200);
    await s.db.delete(admin_to_permissions).where(eq(admin_to_permissions.role_id, b.roleId));
    expect((await list(b.token)).code).toBe(403);
  });

  it('a deleted role, a removed role link or a deleted permission refuses at once', async () => {
    const a = await limitedAdmin(s, ['admin.money_logs.index']);
    expect((await list(a.token)).code).toBe(200);
    await s.db.update(admin_roles).set({ deleted_at: sql`now()` }).where(eq(admin_roles.id, a.roleId));
    expect((await list(a.token)).code).toBe(403);

    const b = await limitedAdmin(s, ['admin.money_logs.index']);
    expect((await list(b.token)).code).toBe(200);
    await s.db.update(admin_to_roles).set({ deleted_at: sql`now()` }).where(eq(admin_to_roles.admin_id, b.id));
    expect((await list(b.token)).code).toBe(403);

    const c = await limitedAdmin(s, ['admin.money_logs.show', 'admin.money_logs.index']);
    expect((await list(c.token)).code).toBe(200);
    const [perm] = await s.db.select({ id: admin_permissions.id }).from(admin_permissions).where(eq(admin_permissions.apis, 'admin.money_logs.index'));
    try {
      await s.db.update(admin_permissions).set({ deleted_at: sql`now()` }).where(eq(admin_permissions.id, perm.id));
      expect((await list(c.token)).code).toBe(403);
      expect((await list(superToken)).code).toBe(200);
    } finally {
      await s.db.update(admin_permissions).set({ deleted_at: null }).where(eq(admin_permissions.id, perm.id));
    }
    expect((await list(c.token)).code).toBe(200);
  });

  it('a permission of another route does not open this one; a self route opens without any', async () => {
    const a = await limitedAdmin(s, ['admin.money_logs.show']);
    expect((await list(a.token)).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/configs', { token: a.token })).code).toBe(403);
    const none = await limitedAdmin(s, []);
    const info = await s.call('POST', '/api/Admin/auth/info', { token: none.token, body: { provider: 'admins' } });
    expect(info.code).toBe(200);
  });

  it('routes declared with adminRoutes: one statement for session and grant', async () => {
    const a = await limitedAdmin(s, ['admin.configs']);
    let code = 0;
    const statements = await statementsOf(async () => (code = (await s.call('GET', '/api/Admin/configs', { token: a.token })).code));
    expect(code).toBe(200);
    expect(statements.filter((t) => /auth_sessions/.test(t))).toHaveLength(1);
    expect(statements.filter((t) => /admin_to_roles|admin_permissions/.test(t))).toHaveLength(1);
    expect(statements.find((t) => /auth_sessions/.test(t))).toMatch(/admin_permissions/);
  });

  it('a revoked session (logout, or revoked elsewhere) is 401 on the next request; so is a deleted admin', async () => {
    const token = await loginAdmin(s);
    expect((await list(token)).code).toBe(200);
    expect((await s.call('POST', '/api/logout', { token, body: { provider: 'admins' } })).code).toBe(200);
    expect((await list(token)).code).toBe(401);

    const other = await loginAdmin(s);
    expect((await list(other)).code).toBe(200);
    await s.db.update(auth_sessions).set({ revoked_at: sql`now()` }).where(and(eq(auth_sessions.provider, 'admins'), eq(auth_sessions.account_id, 1)));
    expect((await list(other)).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/configs', { token: other })).code).toBe(401);

    const a = await limitedAdmin(s, ['admin.money_logs.index']);
    expect((await list(a.token)).code).toBe(200);
    await s.db.update(admins).set({ deleted_at: sql`now()` }).where(eq(admins.id, a.id));
    expect((await list(a.token)).code).toBe(401);
    superToken = await loginAdmin(s);
  });

  it('a super admin passes without any role; seller and shopper tokens are 401', async () => {
    const [me] = await s.db.select({ is_super: admins.is_super }).from(admins).where(eq(admins.id, 1));
    expect(me.is_super).toBe(1);
    expect((await list(superToken)).code).toBe(200);
    // a super admin with no role at all
    const bare = await limitedAdmin(s, []);
    await s.db.update(admins).set({ is_super: 1 }).where(eq(admins.id, bare.id));
    expect((await list(bare.token)).code).toBe(200);
    expect((await s.call('GET', '/api/Admin/configs', { token: bare.token })).code).toBe(200);
    await s.db.update(admins).set({ is_super: 0 }).where(eq(admins.id, bare.id));
    expect((await list(bare.token)).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/configs', { token: superToken })).code).toBe(200);
    expect((await list(await loginOwnerSeller(s))).code).toBe(401);
    expect((await list(await loginShopper(s))).code).toBe(401);
    expect((await list('nonsense')).code).toBe(401);
  });

  it('the list answer: total, pages and rows as before, an empty page past the last included', async () => {
    const q = (extra: string) => list(superToken, `user_id=9001&${extra}`);
    const [{ n }] = (await s.db.execute(sql`select count(*)::int as n from money_logs where user_id = 9001 and deleted_at is null`) as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBe(32);

    const first = await q('page=1&per_page=10');
    expect(first.data).toMatchObject({ total: 32, per_page: 10, current_page: 1, last_page: 4 });
    expect(first.data.data).toHaveLength(10);
    expect(Object.keys(first.data.data[0])).not.toContain('$total');
    const ids = first.data.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));

    const last = await q('page=4&per_page=10');
    expect(last.data).toMatchObject({ total: 32, current_page: 4, last_page: 4 });
    expect(last.data.data).toHaveLength(2);

    const beyond = await q('page=9&per_page=10');
    expect(beyond.code).toBe(200);
    expect(beyond.data).toMatchObject({ data: [], total: 32, per_page: 10, current_page: 9, last_page: 4 });

    const none = await list(superToken, 'user_id=987654&page=1&per_page=10');
    expect(none.data).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
    const noneBeyond = await list(superToken, 'user_id=987654&page=3&per_page=10');
    expect(noneBeyond.data).toMatchObject({ data: [], total: 0, current_page: 3, last_page: 1 });

    // filters with a total that differs from the page
    const filtered = await q('is_type=1&page=2&per_page=5');
    const [{ m }] = (await s.db.execute(sql`select count(*)::int as m from money_logs where user_id = 9001 and is_type = 1 and deleted_at is null`) as unknown as { rows: { m: number }[] }).rows;
    expect(filtered.data).toMatchObject({ total: m, current_page: 2, last_page: Math.ceil(m / 5) });
    for (const row of filtered.data.data) expect(row).toMatchObject({ user_id: 9001, is_type: 1 });

    // soft-deleted rows count nowhere
    await s.db.update(money_logs).set({ deleted_at: sql`now()` }).where(and(eq(money_logs.user_id, 9001), eq(money_logs.is_type, 0)));
    const after = await q('page=1&per_page=10');
    expect(after.data.total).toBe(32 - (32 - m));
  });
});

/** The same statements on PostgreSQL (TEST_DATABASE_URL; its data is dropped and reseeded). */
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('admin fast path on PostgreSQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await openTestServer({ databaseUrl: pgUrl });
    await s.db.execute(sql`
      insert into money_logs (user_id, name, money, is_type, is_belong, info)
      select 9100, 'perf', 1, 0, 0, 'perf' from generate_series(1, 25) g`);
  });
  afterAll(() => s?.close());

  it('grants, revocations and list totals', async () => {
    const list = (token: string, query: string) => s.call('GET', `/api/Admin/money_logs?user_id=9100&${query}`, { token });
    const superToken = await loginAdmin(s);
    const a = await limitedAdmin(s, ['admin.money_logs.index']);
    expect((await list(superToken, 'page=1&per_page=10')).data).toMatchObject({ total: 25, last_page: 3 });
    expect((await list(a.token, 'page=3&per_page=10')).data).toMatchObject({ total: 25, current_page: 3, last_page: 3 });
    expect((await list(a.token, 'page=3&per_page=10')).data.data).toHaveLength(5);
    expect((await list(a.token, 'page=7&per_page=10')).data).toMatchObject({ data: [], total: 25, current_page: 7, last_page: 3 });
    await s.db.delete(admin_to_permissions).where(eq(admin_to_permissions.role_id, a.roleId));
    expect((await list(a.token, 'page=1')).code).toBe(403);
    expect((await s.call('POST', '/api/logout', { token: superToken, body: { provider: 'admins' } })).code).toBe(200);
    expect((await list(superToken, 'page=1')).code).toBe(401);
  });
});
