import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth_sessions, rate_limits, sms_logs, users } from '../../server/db/schema';
import { freshIp, openTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

let phoneCounter = 0;
const newPhone = () => `139${String(10_000_000 + ++phoneCounter).slice(-8)}`;

async function sendSms(phone: string, name = 'register', ip = freshIp()) {
  return s.call('POST', '/api/sms', { body: { phone, name }, ip });
}
async function latestCode(phone: string, name = 'register') {
  const [row] = await s.db
    .select()
    .from(sms_logs)
    .where(and(eq(sms_logs.phone, phone), eq(sms_logs.name, name)))
    .orderBy(desc(sms_logs.id))
    .limit(1);
  return row;
}
const userCount = async () => (await s.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const smsCount = async () => (await s.db.select({ n: sql<number>`count(*)::int` }).from(sms_logs))[0].n;

describe('POST /api/sms', () => {
  it('writes a 6-digit code to sms_logs and logs it as [sms:dev]', async () => {
    const log = vi.mocked(console.log);
    log.mockClear();
    const phone = newPhone();
    const res = await sendSms(phone);
    expect(res.code).toBe(200);
    expect(res.msg).toBe('短信发送成功。');
    const row = await latestCode(phone);
    expect(row.content).toMatch(/^\d{6}$/);
    expect(row.status).toBe(1);
    expect(row.ip).toMatch(/^10\.1\./);
    expect(log.mock.calls.some((args) => String(args[0]).startsWith('[sms:dev]') && String(args[0]).includes(row.content))).toBe(true);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await smsCount();
    expect((await s.call('POST', '/api/sms', { body: { phone: '12345' }, ip: freshIp() })).data.field).toBe('phone');
    expect((await s.call('POST', '/api/sms', { body: {}, ip: freshIp() })).code).toBe(422);
    const unknown = await s.call('POST', '/api/sms', { body: { phone: newPhone(), name: 'nope' }, ip: freshIp() });
    expect(unknown.code).toBe(422);
    expect(unknown.data.field).toBe('name');
    const traversal = await s.call('POST', '/api/sms', { body: { phone: newPhone(), name: '../x' }, ip: freshIp() });
    expect(traversal.code).toBe(422);
    expect(await smsCount()).toBe(before);
  });

  it('register refuses a known phone (409); forget_password an unknown one (404)', async () => {
    const before = await smsCount();
    expect((await sendSms('13800000000', 'register')).code).toBe(409);
    expect((await sendSms(newPhone(), 'forget_password')).code).toBe(404);
    expect(await smsCount()).toBe(before);
    expect((await sendSms('13800000000', 'forget_password')).code).toBe(200);
  });

  it('guards resends: one code per phone and template every 30 s (429)', async () => {
    const phone = newPhone();
    expect((await sendSms(phone)).code).toBe(200);
    const again = await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp(), lang: 'en' });
    expect(again.code).toBe(429);
    expect(again.msg).toContain('30 seconds');
    const rows = await s.db.select().from(sms_logs).where(eq(sms_logs.phone, phone));
    expect(rows).toHaveLength(1);
    await s.db
      .update(rate_limits)
      .set({ window_start: sql`now() - interval '31 seconds'` })
      .where(eq(rate_limits.key, `sms-resend:${phone}:register`));
    expect((await sendSms(phone)).code).toBe(200);
  });

  it('allows 10 sends per IP per hour, then 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await sendSms(newPhone(), 'register', ip)).code).toBe(200);
    const eleventh = await sendSms(newPhone(), 'register', ip);
    expect(eleventh.code).toBe(429);
    expect(eleventh.msg).toBe('您请求太频繁了，请休息一会');
  });
});

describe('POST /api/register', () => {
  it('creates the user and logs it in', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const { content: code } = await latestCode(phone);
    const res = await s.call('POST', '/api/register', {
      body: { username: phone, password: 'secret12', re_password: 'secret12', code, type: 'phone', inviter_id: 1 },
      ip: freshIp(),
    });
    expect(res.code).toBe(200);
    expect(res.data.token_type).toBe('Bearer');
    const [user] = await s.db.select().from(users).where(eq(users.phone, phone));
    expect(user).toMatchObject({ username: phone, nickname: phone, inviter_id: 1, belong_id: 0, money: '0.00' });
    expect(user.password.startsWith('scrypt$')).toBe(true);
    expect(user.pay_password).toBe('');
    const info = await s.call('POST', '/api/auth/info', { token: res.data.access_token });
    expect(info.data.id).toBe(user.id);
    expect((await latestCode(phone)).status).toBe(2);
    // The code is used up.
    const again = await s.call('POST', '/api/register', {
      body: { username: phone, password: 'secret12', re_password: 'secret12', code, type: 'phone' },
      ip: freshIp(),
    });
    expect(again.code).toBe(422);
    expect(again.data.field).toBe('code');
  });

  it('ignores an inviter that does not exist', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const { content: code } = await latestCode(phone);
    const res = await s.call('POST', '/api/register', {
      body: { username: phone, password: 'secret12', re_password: 'secret12', code, inviter_id: 99999 },
    });
    expect(res.code).toBe(200);
    const [user] = await s.db.select().from(users).where(eq(users.phone, phone));
    expect(user.inviter_id).toBe(0);
  });

  it('refuses bad input with 422 and creates nothing', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const { content: code } = await latestCode(phone);
    const before = await userCount();
    const base = { username: phone, password: 'secret12', re_password: 'secret12', code, type: 'phone' };
    const differ = await s.call('POST', '/api/register', { body: { ...base, re_password: 'other123' }, lang: 'en' });
    expect(differ).toMatchObject({ code: 422, msg: 'The two passwords do not match.' });
    expect(differ.data.field).toBe('re_password');
    const short = await s.call('POST', '/api/register', { body: { ...base, password: '123', re_password: '123' }, lang: 'en' });
    expect(short.msg).toBe('The field password needs at least 6 characters.');
    expect((await s.call('POST', '/api/register', { body: { ...base, username: 'abc' } })).data.field).toBe('username');
    expect((await s.call('POST', '/api/register', { body: { ...base, type: 'email' } })).data.field).toBe('type');
    expect((await s.call('POST', '/api/register', { body: { ...base, code: '12ab' } })).data.field).toBe('code');
    expect((await s.call('POST', '/api/register', { body: { ...base, inviter_id: -3 } })).data.field).toBe('inviter_id');
    expect(await userCount()).toBe(before);
    expect((await latestCode(phone)).status).toBe(1);
  });

  it('refuses a wrong code, counts the attempt, and locks the code after 5', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const { content: code } = await latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await userCount();
    const body = { username: phone, password: 'secret12', re_password: 'secret12', code: wrong };
    for (let i = 0; i < 4; i++) {
      const res = await s.call('POST', '/api/register', { body, lang: 'en' });
      expect(res).toMatchObject({ code: 422, msg: 'The verification code is wrong or has expired.' });
    }
    const fifth = await s.call('POST', '/api/register', { body, lang: 'en' });
    expect(fifth.msg).toBe('Too many wrong codes, please ask for a new one.');
    const row = await latestCode(phone);
    expect(row.attempts).toBe(5);
    expect(row.status).toBe(3);
    const right = await s.call('POST', '/api/register', { body: { ...body, code } });
    expect(right.code).toBe(422);
    expect(await userCount()).toBe(before);
  });

  it('refuses an expired code and a code of another template', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const row = await latestCode(phone);
    const body = { username: phone, password: 'secret12', re_password: 'secret12', code: row.content };
    await s.db.update(sms_logs).set({ name: 'edit_user' }).where(eq(sms_logs.id, row.id));
    expect((await s.call('POST', '/api/register', { body })).code).toBe(422);
    await s.db
      .update(sms_logs)
      .set({ name: 'register', created_at: sql`now() - interval '11 minutes'` })
      .where(eq(sms_logs.id, row.id));
    expect((await s.call('POST', '/api/register', { body })).code).toBe(422);
    const [user] = await s.db.select().from(users).where(eq(users.phone, phone));
    expect(user).toBeUndefined();
  });

  it('answers a registered phone without a valid code exactly as an unknown one (no enumeration)', async () => {
    const body = { password: 'secret12', re_password: 'secret12', code: '123456' };
    const known = await s.call('POST', '/api/register', { body: { ...body, username: '13800000000' }, ip: freshIp() });
    const unknown = await s.call('POST', '/api/register', { body: { ...body, username: newPhone() }, ip: freshIp() });
    expect(known).toMatchObject({ code: 422, data: { field: 'code' } });
    expect({ code: unknown.code, msg: unknown.msg, data: unknown.data }).toEqual({ code: known.code, msg: known.msg, data: known.data });
  });

  it('refuses a phone registered meanwhile (409) even with a valid code', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const { content: code } = await latestCode(phone);
    // someone takes the phone between the code and the registration
    await s.db.insert(users).values({ username: `taken${phone}`, phone, nickname: 'x', password: '' });
    const res = await s.call('POST', '/api/register', { body: { username: phone, password: 'secret12', re_password: 'secret12', code }, ip: freshIp() });
    expect(res.code).toBe(409);
  });
});

describe('POST /api/forget_password', () => {
  it('resets the password with a code, ends the other sessions and logs in', async () => {
    const phone = newPhone();
    await sendSms(phone);
    const reg = await s.call('POST', '/api/register', {
      body: { username: phone, password: 'first123', re_password: 'first123', code: (await latestCode(phone)).content },
    });
    expect(reg.code).toBe(200);
    await sendSms(phone, 'forget_password');
    const { content: code } = await latestCode(phone, 'forget_password');
    const res = await s.call('POST', '/api/forget_password', {
      body: { username: phone, password: 'second12', re_password: 'second12', code, type: 'phone' },
    });
    expect(res.code).toBe(200);
    expect((await s.call('POST', '/api/auth/info', { token: res.data.access_token })).code).toBe(200);
    expect((await s.call('POST', '/api/auth/info', { token: reg.data.access_token })).code).toBe(401);
    const oldLogin = await s.call('POST', '/api/login', { body: { username: phone, password: 'first123' }, ip: freshIp() });
    expect(oldLogin.code).toBe(422);
    const newLogin = await s.call('POST', '/api/login', { body: { username: phone, password: 'second12' }, ip: freshIp() });
    expect(newLogin.code).toBe(200);
  });

  it('refuses bad input, unknown phones and wrong codes without changing the password', async () => {
    const [before] = await s.db.select().from(users).where(eq(users.phone, '13800000000'));
    const body = { username: '13800000000', password: 'hacked12', re_password: 'hacked12', code: '000000', type: 'phone' };
    expect((await s.call('POST', '/api/forget_password', { body: { ...body, re_password: 'x' } })).code).toBe(422);
    // an unknown phone is answered exactly as a known one with a wrong code
    const unknown = await s.call('POST', '/api/forget_password', { body: { ...body, username: '13999999999' } });
    const wrong = await s.call('POST', '/api/forget_password', { body });
    expect(wrong).toMatchObject({ code: 422, data: { field: 'code' } });
    expect({ code: unknown.code, msg: unknown.msg, data: unknown.data }).toEqual({ code: wrong.code, msg: wrong.msg, data: wrong.data });
    const [after] = await s.db.select().from(users).where(eq(users.phone, '13800000000'));
    expect(after.password).toBe(before.password);
    const sessions = await s.db.select().from(auth_sessions).where(eq(auth_sessions.account_id, before.id));
    expect(sessions.every((row) => row.revoked_at === null)).toBe(true);
  });
});
