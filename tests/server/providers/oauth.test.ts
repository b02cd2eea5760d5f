import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauths, sms_logs, users } from '../../../server/db/schema';
import { DEMO } from '../../../server/db/seed/accounts';
import { freshIp, loginAdmin, loginShopper, openTestServer, type TestServer } from '../helpers';
import { identityOf, WechatError } from '../../../server/modules/oauth/wechat';
import { wechatApi, type StandIn } from './standins';

/**
 * WeChat login against a stand-in of WeChat's OAuth API host (code exchange, profile), with the
 * authorize step checked on our redirect: state cookie, first-time binding by an SMS-proven phone
 * (never a default password), unionid across the two apps, the user centre's list and unbind.
 */
const APPID = 'wx0123456789abcdef';
const SECRET = 'wechat-app-secret';
const codes = new Map<string, { openid: string; unionid?: string; nickname: string }>();

let s: TestServer;
let wx: StandIn;
let admin: string;
const saved = { api: process.env.WECHAT_API_BASE_URL, open: process.env.WECHAT_OPEN_BASE_URL };

beforeAll(async () => {
  [s, wx] = await Promise.all([openTestServer(), wechatApi(APPID, SECRET, codes)]);
  process.env.WECHAT_API_BASE_URL = wx.url;
  process.env.WECHAT_OPEN_BASE_URL = 'https://open.example.test';
  admin = await loginAdmin(s);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  for (const [key, value] of [['WECHAT_API_BASE_URL', saved.api], ['WECHAT_OPEN_BASE_URL', saved.open]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await Promise.all([s.close(), wx.close()]);
});
beforeEach(() => {
  wx.mode = 'ok';
});

/** GET /api/oauth/{name}: the redirect and its state cookie. */
async function start(name: string) {
  const res = await s.app.request(`/api/oauth/${name}`, { headers: { 'x-forwarded-for': freshIp() } });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { res, cookie, location: new URL(res.headers.get('location') ?? 'http://x/') };
}

const callback = (name: string, query: Record<string, string>, cookie: string, lang: 'zh-cn' | 'en' = 'zh-cn') =>
  s.call('GET', `/api/oauth/callback/${name}?${new URLSearchParams(query).toString()}`, { headers: { cookie }, lang, ip: freshIp() });

/** Starts a login and comes back with `code`, as WeChat would redirect the shopper. */
async function roundTrip(name: string, code: string) {
  const { cookie, location } = await start(name);
  return callback(name, { code, state: location.searchParams.get('state') ?? '' }, cookie);
}

async function codeFor(phone: string) {
  const sent = await s.call('POST', '/api/sms', { body: { phone, name: 'login' }, ip: freshIp() });
  expect(sent.code).toBe(200);
  const [row] = await s.db.select().from(sms_logs).where(and(eq(sms_logs.phone, phone), eq(sms_logs.name, 'login'), eq(sms_logs.status, 1)));
  return row.content;
}

describe('WeChat login', () => {
  it('is not offered until the app is configured', async () => {
    expect((await start('weixinweb')).res.status).toBe(200);
    expect((await s.call('GET', '/api/oauth/weixinweb')).code).toBe(404);
    expect((await s.call('GET', '/api/oauth/github')).code).toBe(404);
    expect((await s.call('GET', '/api/common')).data.common.oauth).toEqual([]);
  });

  it('redirects to the QR login (PC) or the official-account login with a fresh state kept in an HttpOnly cookie', async () => {
    for (const name of ['weixin', 'weixinweb']) {
      const save = await s.call('PUT', '/api/Admin/configs/update', { token: admin, body: { many: 'true', many_name: name, 'oauth[client_id]': APPID, 'oauth[key]': SECRET, 'oauth[return_url]': '' } });
      expect(save.code).toBe(200);
    }
    expect((await s.call('GET', '/api/common')).data.common.oauth).toEqual(['weixin', 'weixinweb']);
    const web = await start('weixinweb');
    expect(web.res.status).toBe(302);
    expect(`${web.location.origin}${web.location.pathname}`).toBe('https://open.example.test/connect/qrconnect');
    expect(Object.fromEntries(web.location.searchParams)).toMatchObject({ appid: APPID, response_type: 'code', scope: 'snsapi_login', redirect_uri: 'http://localhost/oauth/callback/weixinweb' });
    expect(web.location.hash).toBe('#wechat_redirect');
    expect(web.location.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(web.res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const mp = await start('weixin');
    expect(mp.location.pathname).toBe('/connect/oauth2/authorize');
    expect(mp.location.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(mp.location.searchParams.get('state')).not.toBe(web.location.searchParams.get('state'));
    expect(JSON.stringify((await s.call('GET', '/api/Admin/configs?name=oauth', { token: admin })).data)).not.toContain(SECRET);
  });

  it('refuses a callback whose state is missing, forged or from another app, without calling WeChat', async () => {
    const count = wx.seen.length;
    const { cookie, location } = await start('weixinweb');
    const state = location.searchParams.get('state') ?? '';
    expect((await callback('weixinweb', { code: 'c1', state: 'f'.repeat(32) }, cookie)).code).toBe(422);
    expect((await callback('weixinweb', { code: 'c1', state }, '')).code).toBe(422);
    const en = await callback('weixin', { code: 'c1', state }, cookie, 'en');
    expect(en.msg).toBe('This login request has expired; please start the WeChat login again.');
    expect((await callback('weixinweb', { state }, cookie)).data.field).toBe('code');
    expect(wx.seen.length).toBe(count);
  });

  it('a first-time WeChat user binds to a new account with an SMS-proven phone: no password is set', async () => {
    codes.set('code-new', { openid: 'o-web-new', unionid: 'u-new', nickname: '微信小明' });
    const first = await roundTrip('weixinweb', 'code-new');
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ bind: true, app: 'weixinweb', nickname: '微信小明' });
    expect(first.data.access_token).toBeUndefined();
    const seen = wx.seen.filter((r) => r.path === '/sns/oauth2/access_token').at(-1)!;
    expect(seen.valid).toBe(true);
    expect(seen.query).toMatchObject({ appid: APPID, secret: SECRET, code: 'code-new', grant_type: 'authorization_code' });

    const phone = '13655550001';
    const wrong = await s.call('POST', '/api/oauth/bind', { body: { ticket: first.data.ticket, phone, code: '000000' }, ip: freshIp() });
    expect(wrong.code).toBe(422);
    const bound = await s.call('POST', '/api/oauth/bind', { body: { ticket: first.data.ticket, phone, code: await codeFor(phone) }, ip: freshIp() });
    expect(bound.code).toBe(200);
    expect(bound.data.access_token).toBeTruthy();
    const [user] = await s.db.select().from(users).where(and(eq(users.phone, phone), isNull(users.deleted_at)));
    expect(user).toMatchObject({ username: phone, nickname: '微信小明', password: '', pay_password: '' });
    // no password works for it (reference S10 set 123456)
    expect((await s.call('POST', '/api/login', { body: { username: phone, password: '123456', provider: 'users' }, ip: freshIp() })).code).toBe(422);

    // next time the same WeChat account logs straight in, through either app (unionid)
    codes.set('code-again', { openid: 'o-web-new', unionid: 'u-new', nickname: '微信小明' });
    const again = await roundTrip('weixinweb', 'code-again');
    expect(again.data.access_token).toBeTruthy();
    codes.set('code-mp', { openid: 'o-mp-new', unionid: 'u-new', nickname: '微信小明' });
    const mp = await roundTrip('weixin', 'code-mp');
    expect(mp.data.access_token).toBeTruthy();
    const links = await s.db.select().from(oauths).where(and(eq(oauths.user_id, user.id), isNull(oauths.deleted_at)));
    expect(links.map((l) => l.oauth_name).sort()).toEqual(['weixin', 'weixinweb']);
    const me = await s.call('GET', '/api/user/oauth', { token: mp.data.access_token });
    expect(me.data.map((b: { bound: boolean }) => b.bound)).toEqual([true, true]);
  });

  it('binds to an existing account proven by its phone; a forged or reused-elsewhere ticket is refused', async () => {
    codes.set('code-demo', { openid: 'o-web-demo', nickname: 'demo 的微信' });
    const first = await roundTrip('weixinweb', 'code-demo');
    expect(first.data.bind).toBe(true);
    const forged = `${first.data.ticket.split('.')[0]}.AAAA`;
    expect((await s.call('POST', '/api/oauth/bind', { body: { ticket: forged, phone: DEMO.shopper.phone, code: '123456' }, ip: freshIp() })).data.field).toBe('ticket');
    const bound = await s.call('POST', '/api/oauth/bind', { body: { ticket: first.data.ticket, phone: DEMO.shopper.phone, code: await codeFor(DEMO.shopper.phone) }, ip: freshIp() });
    expect(bound.code).toBe(200);
    const [link] = await s.db.select().from(oauths).where(and(eq(oauths.openid, 'o-web-demo'), isNull(oauths.deleted_at)));
    expect(link.user_id).toBe(DEMO.shopper.id);
    // the same identity cannot then be bound to another user
    const other = await s.login('18888888889', '123456', 'users', 'user');
    const taken = await s.call('POST', '/api/user/oauth/bind', { token: other, body: { ticket: first.data.ticket } });
    expect(taken.code).toBe(409);
  });

  it('the user centre lists bindings and unbinds; a logged-in shopper binds a new identity with its ticket', async () => {
    const demo = await loginShopper(s);
    const list = await s.call('GET', '/api/user/oauth', { token: demo, lang: 'en' });
    expect(list.data.find((b: { provider: string }) => b.provider === 'weixinweb')).toMatchObject({ configured: true, bound: true, nickname: 'demo 的微信' });
    expect((await s.call('POST', '/api/user/oauth/unbind', { token: demo, body: { name: 'weixinweb' } })).code).toBe(200);
    expect((await s.call('POST', '/api/user/oauth/unbind', { token: demo, body: { name: 'weixinweb' } })).code).toBe(404);
    expect((await s.call('POST', '/api/user/oauth/unbind', { token: demo, body: { name: 'qq' } })).code).toBe(422);
    expect((await s.call('POST', '/api/user/oauth/unbind', { body: { name: 'weixinweb' } })).code).toBe(401);
    codes.set('code-demo-2', { openid: 'o-web-demo', nickname: 'demo 的微信' });
    const again = await roundTrip('weixinweb', 'code-demo-2');
    expect(again.data.bind).toBe(true);
    expect((await s.call('POST', '/api/user/oauth/bind', { token: demo, body: { ticket: again.data.ticket } })).code).toBe(200);
    expect((await s.call('GET', '/api/user/oauth', { token: demo })).data[1].bound).toBe(true);
  });

  it("WeChat's refusals are clear messages: an expired code, an app WeChat rejects, a timeout", async () => {
    const expired = await roundTrip('weixinweb', 'never-issued');
    expect(expired.code).toBe(422);
    expect(expired.msg).toBe('微信授权已失效，请重新扫码。');
    wx.mode = 'refuse';
    const rejected = await roundTrip('weixinweb', 'whatever');
    expect(rejected.code).toBe(503);
    expect(rejected.msg).toBe('微信登录暂不可用，请稍后再试或使用其他方式登录。');
    wx.mode = 'hang';
    const err = await identityOf({ clientId: APPID, key: SECRET, returnUrl: '' }, 'slow', 300).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WechatError);
    expect(err).toMatchObject({ kind: 'unreachable', providerCode: 'timeout' });
  });
});
