import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permission_groups, admin_permissions, admin_roles, sms_logs, users } from '../../server/db/schema';
import { hit } from '../../server/http/rate-limit';
import { LOGIN_PER_IP } from '../../server/modules/auth/limits';
import { freshIp, type TestServer } from './helpers';
import { PG_URL, openPgServer } from './pgServer';

/**
 * Races that PGlite (one connection) cannot show: run against a real PostgreSQL with
 * TEST_DATABASE_URL set (its data is dropped and reseeded).
 */

describe.skipIf(!PG_URL)('PostgreSQL concurrency', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await openPgServer();
  });
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('concurrent SMS sends for one phone: one code, the others 429', async () => {
    const phone = '13700000001';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(7);
    const rows = await s.db.select().from(sms_logs).where(eq(sms_logs.phone, phone));
    expect(rows).toHaveLength(1);
  });

  it('two concurrent registrations of the same phone make exactly one account', async () => {
    const phone = '13700000002';
    expect((await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() })).code).toBe(200);
    const [log] = await s.db
      .select()
      .from(sms_logs)
      .where(and(eq(sms_logs.phone, phone), eq(sms_logs.name, 'register')))
      .orderBy(desc(sms_logs.id))
      .limit(1);
    const body = { username: phone, password: 'secret12', re_password: 'secret12', code: log.content, type: 'phone' };
    const answers = await Promise.all([
      s.call('POST', '/api/register', { body, ip: freshIp() }),
      s.call('POST', '/api/register', { body, ip: freshIp() }),
    ]);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect([409, 422]).toContain(answers.find((a) => a.code !== 200)!.code);
    const rows = await s.db.select().from(users).where(eq(users.phone, phone));
    expect(rows).toHaveLength(1);
  });

  it('many concurrent registrations with two live codes still make one account', async () => {
    const phone = '13700000003';
    // Two usable codes (as if the 30 s guard had passed between them).
    await s.db.insert(sms_logs).values([
      { phone, name: 'register', content: '111111', status: 1 },
      { phone, name: 'register', content: '222222', status: 1 },
    ]);
    const body = (code: string) => ({ username: phone, password: 'secret12', re_password: 'secret12', code });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.call('POST', '/api/register', { body: body(i % 2 ? '111111' : '222222'), ip: freshIp() })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const [{ n }] = await s.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.phone, phone));
    expect(n).toBe(1);
  });

  it('a concurrent login flood from one IP is refused beyond the per-IP limit (abuse: no hash past it)', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: LOGIN_PER_IP.max + 15 }, (_, i) => s.call('POST', '/api/login', { body: { username: `pgflood${i}`, password: 'guess-123' }, ip })),
    );
    expect(answers.filter((a) => a.code === 422)).toHaveLength(LOGIN_PER_IP.max);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(15);
  });

  it('rate-limit counters are exact under concurrency', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => hit(s.db, 'race-key', 60)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  // Back-office rules (server/http/crud unique.ts, dependents.ts): checked in the write's transaction.
  describe('back-office rules', () => {
    let admin: string;
    beforeAll(async () => {
      admin = await s.login('admin', '123456', 'admins');
    });

    it('concurrent roles of one name (no unique index): exactly one is created, the others 422 on name', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => s.call('POST', '/api/Admin/roles', { token: admin, body: { name: '并发角色' } })));
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.code !== 200)) expect(refused).toMatchObject({ code: 422, data: { field: 'name' } });
      const [{ n }] = await s.db.select({ n: sql<number>`count(*)::int` }).from(admin_roles).where(and(eq(admin_roles.name, '并发角色'), isNull(admin_roles.deleted_at)));
      expect(n).toBe(1);
    });

    it('a group deleted while a permission is added to it: never both (no orphaned permission)', async () => {
      for (let round = 0; round < 8; round++) {
        const group = await s.call('POST', '/api/Admin/permission_groups', { token: admin, body: { name: `并发分组${round}` } });
        const [removed, added] = await Promise.all([
          s.call('DELETE', `/api/Admin/permission_groups/${group.data.id}`, { token: admin }),
          s.call('POST', '/api/Admin/permissions', { token: admin, body: { pid: group.data.id, name: `并发权限${round}`, apis: 'admin.admins.index' } }),
        ]);
        expect([removed.code, added.code].sort(), `round ${round}`).not.toEqual([200, 200]);
        const orphans = await s.db.execute(sql`
          select p.id from ${admin_permissions} p join ${admin_permission_groups} g on g.id = p.pid
          where p.deleted_at is null and g.deleted_at is not null`);
        expect((orphans as unknown as { rows: unknown[] }).rows ?? orphans, `round ${round}`).toHaveLength(0);
      }
    });
  });
});
