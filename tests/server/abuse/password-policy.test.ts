import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth_sessions, sms_logs, users } from '../../../server/db/schema';
import { SESSION_ABSOLUTE, signAccess } from '../../../server/http/auth';
import { hashPassword } from '../../../server/http/password';
import { COMMON_PASSWORDS, passwordProblem } from '../../../server/http/password-policy';
import { freshIp, loginAdmin, loginOwnerSeller, openTestServer, TEST_SECRET, type TestServer } from '../helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('passwordProblem', () => {
  it('refuses the most common passwords, whatever their case, and blank/control-only ones', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(300);
    for (const p of ['123456', 'password', 'qwerty', '111111', '12345678', 'PassWord', 'iloveyou', 'woaini1314', 'zzzzzzzz'])
      expect(passwordProblem(p), p).toBe('passwordTooCommon');
    for (const p of ['      ', '\t\t\t\t\t\t', '\u0001\u0002\u0003\u0004\u0005\u0006', ' \u200b \u00a0  ']) expect(passwordProblem(p), JSON.stringify(p)).toBe('passwordBlank');
    for (const p of ['Tr0ub4dor&3', 'secret12', 'correct horse', 'ab cd ef']) expect(passwordProblem(p), p).toBeNull();
  });
});

describe('new passwords are checked everywhere they are set', () => {
  async function smsCode(phone: string, name: string) {
    expect((await s.call('POST', '/api/sms', { body: { phone, name }, ip: freshIp() })).code).toBe(200);
    const [row] = await s.db
      .select()
      .from(sms_logs)
      .where(and(eq(sms_logs.phone, phone), eq(sms_logs.name, name)))
      .orderBy(desc(sms_logs.id))
      .limit(1);
    return row;
  }

  it('register refuses a common password before spending the code', async () => {
    const phone = '13600000001';
    const row = await smsCode(phone, 'register');
    const res = await s.call('POST', '/api/register', { body: { username: phone, password: '12345678', re_password: '12345678', code: row.content }, ip: freshIp(), lang: 'en' });
    expect(res).toMatchObject({ code: 422, data: { field: 'password' }, msg: 'This password is too common and easy to guess; please choose another.' });
    const [after] = await s.db.select().from(sms_logs).where(eq(sms_logs.id, row.id));
    expect(after.status).toBe(1);
    expect((await s.db.select().from(users).where(eq(users.phone, phone))).length).toBe(0);
  });

  it('forget_password refuses a whitespace-only password', async () => {
    const res = await s.call('POST', '/api/forget_password', { body: { username: '13800000000', password: '        ', re_password: '        ', code: '123456' }, ip: freshIp(), lang: 'en' });
    expect(res).toMatchObject({ code: 422, data: { field: 'password' }, msg: 'A password cannot be only spaces or control characters.' });
  });

  it('admin user and admin create, and seller staff create, refuse common passwords', async () => {
    const admin = await loginAdmin(s);
    const user = await s.call('POST', '/api/Admin/users', { token: admin, body: { username: 'weakling1', password: 'password' }, lang: 'en' });
    expect(user).toMatchObject({ code: 422, data: { field: 'password' } });
    expect(user.msg).toContain('too common');
    const edit = await s.call('PUT', '/api/Admin/users/4', { token: admin, body: { username: 'demo', password: 'qwerty123' } });
    expect(edit).toMatchObject({ code: 422, data: { field: 'password' } });
    const adm = await s.call('POST', '/api/Admin/admins', { token: admin, body: { username: 'weakadmin', password: '111111', 'role_id[0]': 1 } });
    expect(adm).toMatchObject({ code: 422, data: { field: 'password' } });
    const owner = await loginOwnerSeller(s);
    const staff = await s.call('POST', '/api/Seller/users', { token: owner, body: { username: 'weakstaff', password: 'qwerty' } });
    expect(staff).toMatchObject({ code: 422, data: { field: 'password' } });
    const strong = await s.call('POST', '/api/Seller/users', { token: owner, body: { username: 'strongstaff', password: 'Kite-lamp-91', 'role_id[0]': 1 } });
    expect(strong.code, strong.msg).toBe(200);
  });
});

describe('changing the own password', () => {
  const edit = (token: string, body: Record<string, string>) => s.call('POST', '/api/auth/edit', { token, body: { nickname: 'demo', ...body }, lang: 'en' });

  it('needs the current password; a wrong one changes nothing', async () => {
    const token = await s.login('demo');
    const [before] = await s.db.select().from(users).where(eq(users.id, 4));
    expect(await edit(token, { password: 'Kite-lamp-91' })).toMatchObject({ code: 422, data: { field: 'old_password' } });
    expect(await edit(token, { password: 'Kite-lamp-91', old_password: 'not-it-1' })).toMatchObject({
      code: 422,
      data: { field: 'old_password' },
      msg: 'The current password is wrong.',
    });
    expect((await s.db.select().from(users).where(eq(users.id, 4)))[0].password).toBe(before.password);
    expect((await edit(token, { password: 'Kite-lamp-91', old_password: '123456' })).code).toBe(200);
    expect((await s.call('POST', '/api/login', { body: { username: 'demo', password: 'Kite-lamp-91' }, ip: freshIp() })).code).toBe(200);
    await s.db.update(users).set({ password: await hashPassword('123456') }).where(eq(users.id, 4));
  });

  it('or an edit_user SMS code sent to the account phone', async () => {
    const token = await s.login('demo');
    expect((await s.call('POST', '/api/sms', { body: { phone: '13800000000', name: 'edit_user' }, ip: freshIp() })).code).toBe(200);
    const [row] = await s.db.select().from(sms_logs).where(and(eq(sms_logs.phone, '13800000000'), eq(sms_logs.name, 'edit_user'))).orderBy(desc(sms_logs.id)).limit(1);
    const wrong = row.content === '000000' ? '111111' : '000000';
    expect(await edit(token, { password: 'Kite-lamp-92', code: wrong })).toMatchObject({ code: 422, data: { field: 'code' } });
    expect((await edit(token, { password: 'Kite-lamp-92', code: row.content })).code).toBe(200);
    expect((await s.call('POST', '/api/login', { body: { username: 'demo', password: 'Kite-lamp-92' }, ip: freshIp() })).code).toBe(200);
    await s.db.update(users).set({ password: await hashPassword('123456') }).where(eq(users.id, 4));
  });

  it('limits wrong current passwords per account', async () => {
    const token = await s.login('18888888889');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await edit(token, { password: 'Kite-lamp-93', old_password: `guess-${i}` })).code);
    expect(codes.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

describe('sessions', () => {
  it('a renewed access token never runs past the session absolute end', async () => {
    const token = await s.login('demo');
    const claims = claimsOf(token);
    // the session began almost SESSION_ABSOLUTE ago: 20 minutes are left
    await s.db
      .update(auth_sessions)
      .set({ created_at: sql`localtimestamp(0) - make_interval(secs => ${SESSION_ABSOLUTE - 1200})` })
      .where(eq(auth_sessions.id, claims.sid));
    const old = signAccess(TEST_SECRET, { sub: claims.sub, area: claims.area, provider: 'users', sid: claims.sid }, Math.floor(Date.now() / 1000) - 3700);
    const res = await s.call('POST', '/api/auth/info', { token: old });
    expect(res.code).toBe(200);
    const renewed = claimsOf(res.headers.get('authorization')!.slice(7));
    const nowS = Math.floor(Date.now() / 1000);
    expect(renewed.exp - nowS).toBeLessThanOrEqual(1200);
    expect(renewed.exp - nowS).toBeGreaterThan(1100);
    const [row] = await s.db
      .select({ left: sql<number>`extract(epoch from ${auth_sessions.expires_at} - localtimestamp)::int` })
      .from(auth_sessions)
      .where(eq(auth_sessions.id, claims.sid));
    expect(row.left).toBeLessThanOrEqual(1200);
  });

  it('a refresh never extends the session past its absolute end, and fails after it', async () => {
    const login = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456' }, ip: freshIp() });
    const sid = claimsOf(login.data.access_token).sid;
    await s.db
      .update(auth_sessions)
      .set({ created_at: sql`localtimestamp(0) - make_interval(secs => ${SESSION_ABSOLUTE - 600})` })
      .where(eq(auth_sessions.id, sid));
    const refreshed = await s.call('POST', '/api/refresh_token', { body: { refresh_token: login.data.refresh_token } });
    expect(refreshed.code).toBe(200);
    expect(refreshed.data.expires_in).toBeLessThanOrEqual(600);
    expect(claimsOf(refreshed.data.access_token).exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
    // past the absolute end (even with expires_at slid far ahead by an older build) nothing renews it
    await s.db
      .update(auth_sessions)
      .set({ created_at: sql`localtimestamp(0) - make_interval(secs => ${SESSION_ABSOLUTE + 60})`, expires_at: sql`localtimestamp(0) + interval '10 days'` })
      .where(eq(auth_sessions.id, sid));
    expect((await s.call('POST', '/api/refresh_token', { body: { refresh_token: refreshed.data.refresh_token } })).code).toBe(401);
  });

  it('replaying a rotated refresh token revokes the session for everyone', async () => {
    const login = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456' }, ip: freshIp() });
    const first = await s.call('POST', '/api/refresh_token', { body: { refresh_token: login.data.refresh_token } });
    expect(first.code).toBe(200);
    // the stolen copy of the old refresh token is used
    expect((await s.call('POST', '/api/refresh_token', { body: { refresh_token: login.data.refresh_token } })).code).toBe(401);
    // the legitimate holder's newer pair is dead too
    expect((await s.call('POST', '/api/refresh_token', { body: { refresh_token: first.data.refresh_token } })).code).toBe(401);
    expect((await s.call('POST', '/api/auth/info', { token: first.data.access_token })).code).toBe(401);
    const [row] = await s.db.select().from(auth_sessions).where(eq(auth_sessions.id, claimsOf(login.data.access_token).sid));
    expect(row.revoked_at).not.toBeNull();
  });
});
