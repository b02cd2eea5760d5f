import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rate_limits, sms_logs } from '../../../server/db/schema';
import { CODE_PER_IP, LOGIN_PER_ACCOUNT, LOGIN_PER_IP } from '../../../server/modules/auth/limits';
import { freshIp, openTestServer, type TestServer } from '../helpers';

// Counts every password hash and check, to prove callers beyond a limit never reach scrypt.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../server/http/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/http/password')>();
  return {
    ...real,
    hashPassword: (p: string) => (hashes.count++, real.hashPassword(p)),
    verifyPassword: (p: string, stored: string) => (hashes.count++, real.verifyPassword(p, stored)),
    burnPasswordCheck: (p: string) => (hashes.count++, real.burnPasswordCheck(p)),
  };
});

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});
beforeEach(() => {
  hashes.count = 0;
});

const login = (username: string, password: string, ip: string) => s.call('POST', '/api/login', { body: { username, password, provider: 'users' }, ip });

describe('login limits', () => {
  it('refuses one IP trying many usernames once the per-IP limit is spent, without hashing', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_PER_IP.max + 10; i++) codes.push((await login(`victim${i}`, 'guess-123', ip)).code);
    expect(codes.slice(0, LOGIN_PER_IP.max).every((c) => c === 422)).toBe(true);
    expect(codes.slice(LOGIN_PER_IP.max).every((c) => c === 429)).toBe(true);
    expect(hashes.count).toBe(LOGIN_PER_IP.max);
    // another IP is not affected
    expect((await login('demo', '123456', freshIp())).code).toBe(200);
  });

  it('a flood of concurrent attempts from one IP costs at most the limit in hashes', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`flood${i}`, 'guess-123', ip)));
    expect(answers.filter((a) => a.code === 429)).toHaveLength(60 - LOGIN_PER_IP.max);
    expect(hashes.count).toBe(LOGIN_PER_IP.max);
  });

  it('successful logins from one IP (an office) are given back and never hit the per-IP limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_PER_IP.max + 3; i++) expect((await login('demo', '123456', ip)).code).toBe(200);
  });

  it('limits one account across IPs, by username or phone alike, and lets the owner in once the short window passes', async () => {
    // the shopper logs in by username demo or phone 13800000000: both count on the one account
    for (let i = 0; i < LOGIN_PER_ACCOUNT.max; i++) {
      const name = i % 2 ? 'demo' : '13800000000';
      expect((await login(name, `wrong-${i}`, freshIp())).code).toBe(422);
    }
    const before = hashes.count;
    const blocked = await login('demo', '123456', freshIp());
    expect(blocked.code).toBe(429);
    expect(hashes.count).toBe(before);
    // other accounts are untouched
    expect((await login('18888888889', '123456', freshIp())).code).toBe(200);
    // the window is minutes, not hours
    expect(LOGIN_PER_ACCOUNT.windowSeconds).toBeLessThanOrEqual(15 * 60);
    await s.db
      .update(rate_limits)
      .set({ window_start: sql`now() - make_interval(secs => ${LOGIN_PER_ACCOUNT.windowSeconds + 1})` })
      .where(like(rate_limits.key, 'login-account:users:%'));
    expect((await login('demo', '123456', freshIp())).code).toBe(200);
  });
});

describe('registration and password reset', () => {
  const reg = (username: string, code: string, ip: string) =>
    s.call('POST', '/api/register', { body: { username, password: 'Secret-12', re_password: 'Secret-12', code }, ip });
  const reset = (username: string, code: string, ip: string) =>
    s.call('POST', '/api/forget_password', { body: { username, password: 'Secret-12', re_password: 'Secret-12', code }, ip });

  it('wrong codes never cost a hash, and one IP is refused once the limit is spent', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < CODE_PER_IP.max + 5; i++) {
      const phone = `1370000${String(1000 + i)}`;
      codes.push((i % 2 ? await reg(phone, '000000', ip) : await reset(phone, '000000', ip)).code);
    }
    expect(codes.slice(0, CODE_PER_IP.max).every((c) => c === 422)).toBe(true);
    expect(codes.slice(CODE_PER_IP.max).every((c) => c === 429)).toBe(true);
    expect(hashes.count).toBe(0);
  });

  it('forget_password tells a registered phone from an unknown one in no way', async () => {
    const known = await reset('18888888888', '000000', freshIp());
    const unknown = await reset('13711112222', '000000', freshIp());
    expect(known.code).toBe(422);
    expect({ ...unknown, headers: null }).toEqual({ ...known, headers: null });
  });

  it('a valid reset code still works and gives its attempt back', async () => {
    const ip = freshIp();
    expect((await s.call('POST', '/api/sms', { body: { phone: '13800000000', name: 'forget_password' }, ip })).code).toBe(200);
    const [row] = await s.db
      .select()
      .from(sms_logs)
      .where(and(eq(sms_logs.phone, '13800000000'), eq(sms_logs.name, 'forget_password')))
      .orderBy(desc(sms_logs.id))
      .limit(1);
    const res = await reset('13800000000', row.content, ip);
    expect(res.code).toBe(200);
    expect(hashes.count).toBe(1);
    const [counter] = await s.db.select().from(rate_limits).where(eq(rate_limits.key, `code-ip:${ip}`));
    expect(counter.count).toBe(0);
  });
});
