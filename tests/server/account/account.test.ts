import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configs, sms_logs, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { freshIp, loginAdmin, openTestServer, type TestServer } from '../helpers';

/** The shopper's own account: profile (sex, birthday), login password and phone with SMS codes, bindings, help articles. */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

let seq = 0;
/** A fresh shopper with a phone (password 123456) → {id, phone, username, token}. */
async function shopper(phone = true) {
  const n = `${process.pid % 100}${++seq}${Date.now() % 10000}`.padStart(8, '0').slice(-8);
  const username = `acct${n}`;
  const number = `139${n}`;
  const [row] = await s.db.insert(users).values({ username, password: await hashPassword('123456'), nickname: '账户测试', phone: phone ? number : '' }).returning({ id: users.id });
  return { id: row.id, phone: phone ? number : '', username, token: await s.login(username, '123456', 'users') };
}

async function sendCode(phone: string, name: string) {
  const res = await s.call('POST', '/api/sms', { body: { phone, name }, ip: freshIp() });
  expect(res.code, res.msg).toBe(200);
  const [row] = await s.db.select({ content: sms_logs.content, status: sms_logs.status }).from(sms_logs).where(and(eq(sms_logs.phone, phone), eq(sms_logs.name, name))).orderBy(desc(sms_logs.id)).limit(1);
  return row;
}
const userRow = async (id: number) => (await s.db.select().from(users).where(eq(users.id, id)))[0];
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/auth/edit: sex and birthday (/user/info)', () => {
  it('saves nickname, avatar, sex and birthday; a blank birthday clears it', async () => {
    const me = await shopper();
    const res = await s.call('POST', '/api/auth/edit', { token: me.token, body: { provider: 'users', nickname: '新昵称', avatar: '/uploads/avatar/a.png', sex: 0, birthday: '1990-02-28' } });
    expect(res.code).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ nickname: '新昵称', avatar: '/uploads/avatar/a.png', sex: 0, birthday: '1990-02-28' });
    const info = await s.call('GET', '/api/auth/info', { token: me.token });
    expect(info.data).toMatchObject({ sex: 0, birthday: '1990-02-28' });
    await s.call('POST', '/api/auth/edit', { token: me.token, body: { nickname: '新昵称', birthday: '' } });
    expect((await userRow(me.id)).birthday).toBeNull();
  });

  it('refuses a bad sex or birthday naming the field, nothing written; no token is a 401', async () => {
    const me = await shopper();
    for (const [body, field] of [
      [{ nickname: 'x', sex: 5 }, 'sex'],
      [{ nickname: 'x', birthday: '1990-02-30' }, 'birthday'],
      [{ nickname: 'x', birthday: '2990-01-01' }, 'birthday'],
      [{ nickname: 'x', birthday: '1899-12-31' }, 'birthday'],
      [{ nickname: 'x', birthday: 'yesterday' }, 'birthday'],
    ] as const) {
      const res = await s.call('POST', '/api/auth/edit', { token: me.token, body });
      expect(res.code).toBe(422);
      expect(res.data.field).toBe(field);
    }
    expect(await userRow(me.id)).toMatchObject({ nickname: '账户测试', sex: 1, birthday: null });
    expect((await s.call('POST', '/api/auth/edit', { body: { nickname: 'x', sex: 0 } })).code).toBe(401);
  });

  it("an admin's edit ignores sex and birthday (admins have neither)", async () => {
    const res = await s.call('POST', '/api/Admin/auth/edit', { token: await loginAdmin(s), body: { nickname: 'admin', sex: 0, birthday: '1990-01-01' } });
    expect(res.code).toBe(200);
  });
});

describe('PUT /api/user/password', () => {
  it('changes the password with an edit_user code to the phone; other sessions end', async () => {
    const me = await shopper();
    const other = await s.login(me.username, '123456', 'users');
    const { content } = await sendCode(me.phone, 'edit_user');
    const res = await s.call('PUT', '/api/user/password', { token: me.token, body: { password: 'Souk-2026x', re_password: 'Souk-2026x', code: content } });
    expect(res.code, res.msg).toBe(200);
    expect((await s.call('POST', '/api/login', { body: { username: me.username, password: 'Souk-2026x' }, ip: freshIp() })).code).toBe(200);
    expect((await s.call('GET', '/api/auth/info', { token: other })).code).toBe(401);
    expect((await s.call('GET', '/api/auth/info', { token: me.token })).code).toBe(200);
  });

  it('refuses bad input naming the field and a wrong code; the password stays', async () => {
    const me = await shopper();
    const before = (await userRow(me.id)).password;
    const { content } = await sendCode(me.phone, 'edit_user');
    const cases: [Record<string, string>, string][] = [
      [{ password: 'Souk-2026x', re_password: 'Souk-2026y', code: content }, 're_password'],
      [{ password: '12', re_password: '12', code: content }, 'password'],
      [{ password: 'Souk-2026x', re_password: 'Souk-2026x' }, 'code'],
      [{ password: 'Souk-2026x', re_password: 'Souk-2026x', code: 'abc' }, 'code'],
      [{ password: 'Souk-2026x', re_password: 'Souk-2026x', code: wrong(content) }, 'code'],
    ];
    for (const [body, field] of cases) {
      const res = await s.call('PUT', '/api/user/password', { token: me.token, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
      expect(res.data.field).toBe(field);
    }
    expect((await userRow(me.id)).password).toBe(before);
    expect((await s.call('PUT', '/api/user/password', { body: { password: 'Souk-2026x', re_password: 'Souk-2026x', code: content } })).code).toBe(401);
  });

  it('an account without a phone proves itself with the current password', async () => {
    const me = await shopper(false);
    const bad = await s.call('PUT', '/api/user/password', { token: me.token, body: { password: 'Souk-2026x', re_password: 'Souk-2026x', old_password: 'nope' } });
    expect(bad.data.field).toBe('old_password');
    const res = await s.call('PUT', '/api/user/password', { token: me.token, body: { password: 'Souk-2026x', re_password: 'Souk-2026x', old_password: '123456' } });
    expect(res.code).toBe(200);
  });
});

describe('PUT /api/user/phone', () => {
  it('changes the phone with a code to the current phone and one to the new phone', async () => {
    const me = await shopper();
    const next = `137${me.phone.slice(3)}`;
    const old = await sendCode(me.phone, 'edit_user');
    const fresh = await sendCode(next, 'new_phone');
    const res = await s.call('PUT', '/api/user/phone', { token: me.token, body: { phone: next, code: old.content, new_code: fresh.content } });
    expect(res.code, res.msg).toBe(200);
    expect((await userRow(me.id)).phone).toBe(next);
  });

  it("a wrong code of either phone changes nothing and leaves the other code usable; another account's phone is a 409", async () => {
    const me = await shopper();
    const next = `136${me.phone.slice(3)}`;
    const old = await sendCode(me.phone, 'edit_user');
    const fresh = await sendCode(next, 'new_phone');
    const badNew = await s.call('PUT', '/api/user/phone', { token: me.token, body: { phone: next, code: old.content, new_code: wrong(fresh.content) } });
    expect(badNew).toMatchObject({ code: 422, data: { field: 'new_code' } });
    const badOld = await s.call('PUT', '/api/user/phone', { token: me.token, body: { phone: next, code: wrong(old.content), new_code: fresh.content } });
    expect(badOld).toMatchObject({ code: 422, data: { field: 'code' } });
    expect((await userRow(me.id)).phone).toBe(me.phone);
    const [attempts] = await s.db.select({ attempts: sms_logs.attempts, status: sms_logs.status }).from(sms_logs).where(and(eq(sms_logs.phone, next), eq(sms_logs.name, 'new_phone'))).orderBy(desc(sms_logs.id)).limit(1);
    expect(attempts).toMatchObject({ attempts: 1, status: 1 });
    // both codes still work together
    expect((await s.call('PUT', '/api/user/phone', { token: me.token, body: { phone: next, code: old.content, new_code: fresh.content } })).code).toBe(200);

    const someone = await shopper();
    const taken = await s.call('PUT', '/api/user/phone', { token: someone.token, body: { phone: next, code: '123456', new_code: '123456' } });
    expect(taken).toMatchObject({ code: 409, data: { field: 'phone' } });
    // the new_phone template refuses a phone that is an account's
    expect((await s.call('POST', '/api/sms', { body: { phone: next, name: 'new_phone' }, ip: freshIp() })).code).toBe(409);
  });

  it('refuses bad input naming the field; no token is a 401', async () => {
    const me = await shopper();
    for (const [body, field] of [
      [{ phone: '123', code: '123456', new_code: '123456' }, 'phone'],
      [{ phone: '13500000000', code: '123456' }, 'new_code'],
      [{ phone: '13500000000', new_code: '123456' }, 'code'],
      [{ phone: me.phone, code: '123456', new_code: '123456' }, 'phone'],
    ] as const) {
      const res = await s.call('PUT', '/api/user/phone', { token: me.token, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
      expect(res.data.field).toBe(field);
    }
    expect((await userRow(me.id)).phone).toBe(me.phone);
    expect((await s.call('PUT', '/api/user/phone', { body: { phone: '13500000000', code: '123456', new_code: '123456' } })).code).toBe(401);
  });
});

describe('GET /api/user/oauth and GET /api/articles', () => {
  it('lists the logins the shop knows, configured or not, none bound; 401 without a token', async () => {
    const me = await shopper();
    const res = await s.call('GET', '/api/user/oauth', { token: me.token, lang: 'en' });
    expect(res.data).toEqual([
      { provider: 'weixin', name: 'WeChat (official account)', configured: false, bound: false, nickname: '', avatar: '', bound_at: null },
      { provider: 'weixinweb', name: 'WeChat (QR code on PC)', configured: false, bound: false, nickname: '', avatar: '', bound_at: null },
    ]);
    await s.db.update(configs).set({ content: JSON.stringify({ weixin: { client_id: 'wx1', key: 'k', return_url: '' }, weixinweb: { client_id: '', key: '', return_url: '' } }) }).where(eq(configs.name, 'oauth'));
    expect((await s.call('GET', '/api/user/oauth', { token: me.token })).data[0]).toMatchObject({ configured: true, bound: false });
    expect((await s.call('GET', '/api/user/oauth')).code).toBe(401);
  });

  it('lists the help articles by title; one reads by name', async () => {
    const list = await s.call('GET', '/api/articles');
    expect(list.data.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['帮助中心', '关于我们', '如何下单']));
    const one = await s.call('GET', `/api/article/${encodeURIComponent('关于我们')}`);
    expect(one.data.content).toContain('Souk');
  });
});
