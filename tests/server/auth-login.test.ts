import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth_sessions, admins, rate_limits, users } from '../../server/db/schema';
import { signAccess } from '../../server/http/auth';
import { freshIp, loginAdmin, loginShopper, openTestServer, TEST_SECRET, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

const sessionCount = async () => (await s.db.select({ n: sql<number>`count(*)::int` }).from(auth_sessions))[0].n;

describe('POST /api/login', () => {
  it('logs an admin in with the login payload and opens a session', async () => {
    const before = await sessionCount();
    const res = await s.call('POST', '/api/login', { body: { username: 'admin', password: '123456', provider: 'admins' }, ip: freshIp() });
    expect(res.status).toBe(200);
    expect(res.code).toBe(200);
    expect(res.data.token_type).toBe('Bearer');
    expect(res.data.expires_in).toBe(7200);
    expect(res.data.access_token.split('.')).toHaveLength(3);
    expect(res.data.refresh_token).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
    expect(await sessionCount()).toBe(before + 1);
    const [admin] = await s.db.select().from(admins).where(eq(admins.username, 'admin'));
    expect(admin.login_time).not.toBeNull();
    const claims = JSON.parse(Buffer.from(res.data.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: '1', area: 'admin', provider: 'admins' });
    expect(claims.exp - claims.iat).toBe(7200);
    expect(typeof claims.sid).toBe('string');
  });

  it('logs a user in by username or by phone', async () => {
    const byName = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456', provider: 'users' }, ip: freshIp() });
    expect(byName.code).toBe(200);
    const byPhone = await s.call('POST', '/api/login', { body: { username: '13800000000', password: '123456' }, ip: freshIp() });
    expect(byPhone.code).toBe(200);
    const claims = JSON.parse(Buffer.from(byPhone.data.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: '4', area: 'users', provider: 'users' });
  });

  it('refuses a wrong password with a translated message and opens no session', async () => {
    const before = await sessionCount();
    const zh = await s.call('POST', '/api/login', { body: { username: 'admin', password: 'nope!!', provider: 'admins' }, ip: freshIp() });
    expect(zh.status).toBe(200);
    expect(zh.code).toBe(422);
    expect(zh.msg).toBe('账号或密码错误。');
    const en = await s.call('POST', '/api/login', { body: { username: 'ghost', password: 'x', provider: 'users' }, ip: freshIp(), lang: 'en' });
    expect(en.code).toBe(422);
    expect(en.msg).toBe('Wrong account or password.');
    expect(await sessionCount()).toBe(before);
  });

  it('does not let a users password open the admins provider', async () => {
    const res = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456', provider: 'admins' }, ip: freshIp() });
    expect(res.code).toBe(422);
  });

  it('answers 422 naming the field for bad input', async () => {
    const before = await sessionCount();
    const missing = await s.call('POST', '/api/login', { body: { password: '123456' }, ip: freshIp(), lang: 'en' });
    expect(missing.code).toBe(422);
    expect(missing.msg).toBe('The field username is required.');
    expect(missing.data.field).toBe('username');
    const badProvider = await s.call('POST', '/api/login', { body: { username: 'a', password: 'b', provider: 'root' }, ip: freshIp() });
    expect(badProvider.code).toBe(422);
    expect(badProvider.data.field).toBe('provider');
    expect(badProvider.msg).toContain('provider');
    const mismatch = await s.call('POST', '/api/login', { body: { username: 'admin', password: '123456', provider: 'admins', area: 'seller' }, ip: freshIp() });
    expect(mismatch.code).toBe(422);
    expect(mismatch.data.field).toBe('area');
    const json = await s.app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(json.status).toBe(200);
    expect((await json.json()).code).toBe(422);
    expect(await sessionCount()).toBe(before);
  });

  it('seller-area login needs an approved store; staff of one is accepted', async () => {
    const shopper = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456', area: 'seller' }, ip: freshIp() });
    expect(shopper.code).toBe(403);
    const owner = await s.call('POST', '/api/login', { body: { username: '18888888888', password: '123456', area: 'seller' }, ip: freshIp() });
    expect(owner.code).toBe(200);
    const staff = await s.call('POST', '/api/login', { body: { username: 'seller', password: '123456', area: 'seller' }, ip: freshIp() });
    expect(staff.code).toBe(200);
  });

  it('lets the staff sub-account log in on the users provider (refusal is the client’s)', async () => {
    const staff = await s.call('POST', '/api/login', { body: { username: 'seller', password: '123456', provider: 'users' }, ip: freshIp() });
    expect(staff.code).toBe(200);
    const info = await s.call('POST', '/api/auth/info', { token: staff.data.access_token, body: { provider: 'users' } });
    expect(info.data.belong_id).toBe(1);
  });

  it('refuses a disabled user', async () => {
    await s.db.update(users).set({ status: 0 }).where(eq(users.username, '18888888889'));
    try {
      const res = await s.call('POST', '/api/login', { body: { username: '18888888889', password: '123456' }, ip: freshIp() });
      expect(res.code).toBe(403);
    } finally {
      await s.db.update(users).set({ status: 1 }).where(eq(users.username, '18888888889'));
    }
  });

  it('rate limits failed logins per IP and username with code 429', async () => {
    const ip = freshIp();
    const body = { username: 'operator', password: 'wrong-password', provider: 'admins' };
    for (let i = 0; i < 5; i++) expect((await s.call('POST', '/api/login', { body, ip })).code).toBe(422);
    const sixth = await s.call('POST', '/api/login', { body, ip });
    expect(sixth.code).toBe(429);
    expect(sixth.msg).toBe('您请求太频繁了，请休息一会');
    const en = await s.call('POST', '/api/login', { body: { ...body, password: '123456' }, ip, lang: 'en' });
    expect(en.code).toBe(429);
    expect(en.msg).toBe('Too many requests, please take a break.');
    // Another IP, or another username from the same IP, is not blocked.
    expect((await s.call('POST', '/api/login', { body: { ...body, password: '123456' }, ip: freshIp() })).code).toBe(200);
    expect((await s.call('POST', '/api/login', { body: { username: 'admin', password: '123456', provider: 'admins' }, ip })).code).toBe(200);
    // The window passes: the counter starts again.
    await s.db
      .update(rate_limits)
      .set({ window_start: sql`now() - interval '16 minutes'` })
      .where(eq(rate_limits.key, `login:${ip}:admins:operator`));
    expect((await s.call('POST', '/api/login', { body: { ...body, password: '123456' }, ip })).code).toBe(200);
  });

  it('clears the failure count after a successful login', async () => {
    const ip = freshIp();
    const bad = { username: 'demo', password: 'bad-one', provider: 'users' };
    for (let i = 0; i < 4; i++) await s.call('POST', '/api/login', { body: bad, ip });
    expect((await s.call('POST', '/api/login', { body: { ...bad, password: '123456' }, ip })).code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await s.call('POST', '/api/login', { body: bad, ip })).code).toBe(422);
  });
});

describe('tokens', () => {
  it('refuses a missing, tampered, foreign-signed or expired token with code 401', async () => {
    const token = await loginShopper(s);
    expect((await s.call('POST', '/api/auth/info', { token })).code).toBe(200);
    expect((await s.call('POST', '/api/auth/info')).code).toBe(401);
    expect((await s.call('POST', '/api/auth/info', { token: 'garbage' })).code).toBe(401);

    const [h, p, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const tampered = await s.call('POST', '/api/auth/info', { token: `${h}.${forged}.${sig}` });
    expect(tampered.code).toBe(401);
    expect(tampered.data).toEqual([]);

    const foreign = await signAccess('another-secret', { sub: claims.sub, area: claims.area, provider: 'users', sid: claims.sid });
    expect((await s.call('POST', '/api/auth/info', { token: foreign })).code).toBe(401);

    const expired = await signAccess(TEST_SECRET, { sub: claims.sub, area: claims.area, provider: 'users', sid: claims.sid }, Math.floor(Date.now() / 1000) - 7300);
    const res = await s.call('POST', '/api/auth/info', { token: expired, lang: 'en' });
    expect(res.code).toBe(401);
    expect(res.msg).toBe('Your session has expired, please log in again.');
  });

  it('refuses a token whose session does not exist, or with another account id', async () => {
    const token = await loginShopper(s);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const otherAccount = await signAccess(TEST_SECRET, { sub: '1', area: claims.area, provider: 'users', sid: claims.sid });
    expect((await s.call('POST', '/api/auth/info', { token: otherAccount })).code).toBe(401);
    const noSession = await signAccess(TEST_SECRET, { sub: claims.sub, area: 'user', provider: 'users', sid: '00000000-0000-4000-8000-000000000000' });
    expect((await s.call('POST', '/api/auth/info', { token: noSession })).code).toBe(401);
  });

  it('renews a token older than an hour in the Authorization header', async () => {
    const token = await loginShopper(s);
    const fresh = await s.call('POST', '/api/auth/info', { token });
    expect(fresh.headers.get('authorization')).toBeNull();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const old = await signAccess(TEST_SECRET, { sub: claims.sub, area: claims.area, provider: 'users', sid: claims.sid }, Math.floor(Date.now() / 1000) - 3700);
    const res = await s.call('POST', '/api/auth/info', { token: old });
    expect(res.code).toBe(200);
    const header = res.headers.get('authorization');
    expect(header).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const renewed = header!.slice(7);
    const renewedClaims = JSON.parse(Buffer.from(renewed.split('.')[1], 'base64url').toString());
    expect(renewedClaims.sid).toBe(claims.sid);
    expect(renewedClaims.iat).toBeGreaterThan(claims.iat - 3700);
    expect((await s.call('POST', '/api/auth/info', { token: renewed })).code).toBe(200);
  });
});

describe('POST /api/logout and GET /api/is_login', () => {
  it('reports the account id, then revokes the session on logout', async () => {
    const token = await loginShopper(s);
    const logged = await s.call('GET', '/api/is_login?provider=users', { token });
    expect(logged).toMatchObject({ code: 200, data: 4 });
    const out = await s.call('POST', '/api/logout', { token, body: { provider: 'users' } });
    expect(out.code).toBe(200);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const [row] = await s.db.select().from(auth_sessions).where(eq(auth_sessions.id, claims.sid));
    expect(row.revoked_at).not.toBeNull();
    expect((await s.call('POST', '/api/auth/info', { token })).code).toBe(401);
    const after = await s.call('GET', '/api/is_login?provider=users', { token, lang: 'en' });
    expect(after).toMatchObject({ code: 200, data: [], msg: 'Not logged in.' });
    expect((await s.call('POST', '/api/logout', { token, body: { provider: 'users' } })).code).toBe(401);
  });

  it('is_login answers per provider and without a token', async () => {
    const admin = await loginAdmin(s);
    expect((await s.call('GET', '/api/is_login?provider=admins', { token: admin })).data).toBe(1);
    expect((await s.call('GET', '/api/is_login?provider=users', { token: admin })).data).toEqual([]);
    expect((await s.call('GET', '/api/is_login?provider=users')).data).toEqual([]);
    expect((await s.call('GET', '/api/is_login?provider=nobody')).code).toBe(422);
  });

  // (a token with another provider's name ends its own session, as the reference's clients
  // expect: tests/server/contract/referenceClients.test.ts)
  it('logout refuses bad input and revokes nothing', async () => {
    const admin = await loginAdmin(s);
    expect((await s.call('POST', '/api/logout', { token: admin, body: { provider: 'x' } })).code).toBe(422);
    expect((await s.call('POST', '/api/logout')).code).toBe(401);
    expect((await s.call('POST', '/api/Admin/auth/info', { token: admin })).code).toBe(200);
  });
});

describe('POST /api/refresh_token', () => {
  it('exchanges a refresh token once, for a working pair', async () => {
    const login = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456' }, ip: freshIp() });
    const refreshed = await s.call('POST', '/api/refresh_token', { body: { refresh_token: login.data.refresh_token } });
    expect(refreshed.code).toBe(200);
    expect(refreshed.data.refresh_token).not.toBe(login.data.refresh_token);
    expect((await s.call('POST', '/api/auth/info', { token: refreshed.data.access_token })).code).toBe(200);
    // The old refresh token was rotated away.
    expect((await s.call('POST', '/api/refresh_token', { body: { refresh_token: login.data.refresh_token } })).code).toBe(401);
  });

  it('refuses bad input, unknown and revoked refresh tokens', async () => {
    expect((await s.call('POST', '/api/refresh_token', { body: {} })).code).toBe(422);
    expect((await s.call('POST', '/api/refresh_token', { body: { refresh_token: 'nope' } })).code).toBe(401);
    const login = await s.call('POST', '/api/login', { body: { username: 'demo', password: '123456' }, ip: freshIp() });
    await s.call('POST', '/api/logout', { token: login.data.access_token });
    expect((await s.call('POST', '/api/refresh_token', { body: { refresh_token: login.data.refresh_token } })).code).toBe(401);
  });
});
