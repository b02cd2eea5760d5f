import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_roles, admin_to_roles, admins } from '../../../server/db/schema';
import { verifyPassword } from '../../../server/http/password';
import { loginAdmin, loginOperator, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { countRows, limitedAdmin } from './setup';

describe('admin: administrators', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  const liveAdmins = () => countRows(s, admins, isNull(admins.deleted_at));

  it('lists the admins of my belong id with role names, never a password', async () => {
    const res = await s.call('GET', '/api/Admin/admins', { token: admin });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(1);
    const [operator] = res.data.data;
    expect(operator).toMatchObject({ id: 2, username: 'operator', role_id: [1], role_name: ['运营'] });
    expect(operator).not.toHaveProperty('password');
  });

  it('searches with likeRight and ignores unknown parameters', async () => {
    expect((await s.call('GET', '/api/Admin/admins?username=oper|likeRight&provider=admins', { token: admin })).data.total).toBe(1);
    expect((await s.call('GET', '/api/Admin/admins?username=xyz|likeRight', { token: admin })).data.total).toBe(0);
    expect((await s.call('GET', "/api/Admin/admins?nickname=' or 1=1 --|like", { token: admin })).data.total).toBe(0);
  });

  it('creates with a password and roles, shows role_id and role_name, updates, deletes', async () => {
    const created = await s.call('POST', '/api/Admin/admins', { token: admin, body: { username: 'clerk1', password: 'clerk123', 'role_id[0]': 1 } });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ username: 'clerk1', nickname: 'clerk1', belong_id: 1, role_id: [1], role_name: ['运营'] });
    expect(created.data).not.toHaveProperty('password');
    const id = created.data.id;
    const [row] = await s.db.select().from(admins).where(eq(admins.id, id));
    expect(await verifyPassword('clerk123', row.password)).toBe(true);

    const shown = await s.call('GET', `/api/Admin/admins/${id}`, { token: admin });
    expect(shown.data).toMatchObject({ id, role_id: [1], role_name: ['运营'] });

    const [role2] = await s.db.insert(admin_roles).values({ belong_id: 1, name: '客服' }).returning();
    const updated = await s.call('PUT', `/api/Admin/admins/${id}`, {
      token: admin,
      body: { username: 'clerk1', nickname: '店小二', password: '', role_id: `1,${role2.id}` },
    });
    expect(updated.code).toBe(200);
    expect(updated.data).toMatchObject({ nickname: '店小二', role_id: [1, role2.id] });
    const [same] = await s.db.select().from(admins).where(eq(admins.id, id));
    expect(same.password).toBe(row.password);

    await s.call('PUT', `/api/Admin/admins/${id}`, { token: admin, body: { password: 'newpass1' } });
    const [changed] = await s.db.select().from(admins).where(eq(admins.id, id));
    expect(await verifyPassword('newpass1', changed.password)).toBe(true);

    const removed = await s.call('DELETE', `/api/Admin/admins/${id}`, { token: admin });
    expect(removed).toMatchObject({ code: 200, data: 1 });
    expect(await countRows(s, admin_to_roles, eq(admin_to_roles.admin_id, id))).toBe(0);
    expect((await s.call('GET', `/api/Admin/admins/${id}`, { token: admin })).code).toBe(404);
  });

  it('refuses a taken username (409) and bad input (422) without writing', async () => {
    const before = await liveAdmins();
    const dup = await s.call('POST', '/api/Admin/admins', { token: admin, body: { username: 'operator', password: 'secret12', role_id: 1 } });
    expect(dup.code).toBe(409);
    expect(dup.data.field).toBe('username');
    const pw = 'secret12';
    for (const [body, field] of <[Record<string, string | number>, string][]>[
      [{ username: '', password: pw, role_id: 1 }, 'username'],
      [{ username: 'a b c', password: pw, role_id: 1 }, 'username'],
      [{ username: 'x'.repeat(21), password: pw, role_id: 1 }, 'username'],
      [{ username: 'okname', password: '123', role_id: 1 }, 'password'],
      [{ username: 'okname', password: pw, role_id: '' }, 'role_id'],
      [{ username: 'okname', password: pw, role_id: 'abc' }, 'role_id.0'],
      [{ username: 'okname', password: pw, role_id: 999 }, 'role_id'],
      [{ username: 'okname', password: pw, role_id: 1, avatar: 'javascript:alert(1)' }, 'avatar'],
    ]) {
      const res = await s.call('POST', '/api/Admin/admins', { token: admin, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
      expect(res.data.field, JSON.stringify(body)).toBe(field);
    }
    expect(await liveAdmins()).toBe(before);
    const rename = await s.call('PUT', '/api/Admin/admins/2', { token: admin, body: { username: 'admin' } });
    expect(rename.code).toBe(409);
  });

  it('never deletes the super admin or yourself', async () => {
    const operator = await loginOperator(s);
    expect((await s.call('DELETE', '/api/Admin/admins/1', { token: admin })).code).toBe(403);
    const { id, token } = await limitedAdmin(s, ['admin.admins.destroy']);
    const self = await s.call('DELETE', `/api/Admin/admins/${id}`, { token });
    expect(self.code).toBe(403);
    expect(await countRows(s, admins, and(eq(admins.id, id), isNull(admins.deleted_at)))).toBe(1);
    expect((await s.call('DELETE', '/api/Admin/admins/2,1', { token: admin })).code).toBe(403);
    expect(await countRows(s, admins, and(eq(admins.id, 2), isNull(admins.deleted_at)))).toBe(1);
    expect(operator).toBeTruthy();
  });

  it('a role without the permission gets 403 and writes nothing; with it, the call passes', async () => {
    const without = await limitedAdmin(s, ['admin.admins.index']);
    const before = await liveAdmins();
    const res = await s.call('POST', '/api/Admin/admins', { token: without.token, body: { username: 'nope1', password: 'secret12', role_id: without.roleId } });
    expect(res.code).toBe(403);
    expect(await liveAdmins()).toBe(before);
    expect((await s.call('GET', '/api/Admin/admins', { token: without.token })).code).toBe(200);

    const withIt = await limitedAdmin(s, ['admin.admins.store']);
    const before2 = await liveAdmins();
    const ok = await s.call('POST', '/api/Admin/admins', { token: withIt.token, body: { username: 'yes1', password: 'secret12', role_id: withIt.roleId } });
    expect(ok.code).toBe(200);
    expect(await liveAdmins()).toBe(before2 + 1);
  });

  it('a limited admin cannot hand out a role holding more than it holds', async () => {
    const limited = await limitedAdmin(s, ['admin.admins.store']);
    const res = await s.call('POST', '/api/Admin/admins', { token: limited.token, body: { username: 'esc1', password: 'secret12', role_id: 1 } });
    expect(res.code).toBe(403);
    expect(await countRows(s, admins, eq(admins.username, 'esc1'))).toBe(0);
  });

  it('answers 401 to a seller token and to no token', async () => {
    const seller = await loginOwnerSeller(s);
    expect((await s.call('GET', '/api/Admin/admins', { token: seller })).code).toBe(401);
    expect((await s.call('POST', '/api/Admin/admins', { token: seller, body: { username: 'zzz1', role_id: 1 } })).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/admins')).code).toBe(401);
    expect(await countRows(s, admins, eq(admins.username, 'zzz1'))).toBe(0);
  });
});
