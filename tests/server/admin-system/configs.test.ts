import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configs } from '../../../server/db/schema';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { limitedAdmin } from './setup';

const GET = '/api/Admin/configs';
const PUT = '/api/Admin/configs/update';

describe('admin: configuration forms', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  const stored = async (name: string) => {
    const [row] = await s.db.select().from(configs).where(eq(configs.name, name));
    return row.is_type === 1 ? JSON.parse(row.content) : row.content;
  };
  const snapshot = async () => (await s.db.select({ name: configs.name, content: configs.content }).from(configs)).sort((a, b) => a.name.localeCompare(b.name));

  it('reads one name, a list of names, one section, and everything', async () => {
    expect((await s.call('GET', `${GET}?name=web_name`, { token: admin })).data).toBe('Souk 商城');
    const two = await s.call('GET', `${GET}?name[]=web_name&name[]=close_status`, { token: admin });
    expect(two.data).toEqual({ web_name: 'Souk 商城', close_status: '1' });
    const upload = await s.call('GET', `${GET}?name=upload`, { token: admin });
    expect(upload.data).toMatchObject({ save_type: false, access: '', access_set: false, ssl: false });
    const section = await s.call('GET', `${GET}?name=pay&many=true&many_name=wechatscan`, { token: admin });
    expect(section.data).toMatchObject({ mch_id: '', mch_secret_key: '', mch_secret_key_set: false });
    const all = await s.call('GET', GET, { token: admin });
    expect(Object.keys(all.data)).toEqual(expect.arrayContaining(['web_name', 'upload', 'amap', 'kuaibao', 'sms', 'pay', 'oauth', 'store', 'task']));
    expect((await s.call('GET', `${GET}?name=nope`, { token: admin })).code).toBe(422);
    expect((await s.call('GET', `${GET}?name=pay&many=true&many_name=nope`, { token: admin })).code).toBe(422);
  });

  it('saves web scalars and JSON groups; secrets are write-only and a blank secret keeps the saved one', async () => {
    const saved = await s.call('PUT', PUT, { token: admin, body: { web_name: '新商城', close_status: '0', email: 'ops@souk.example' } });
    expect(saved).toMatchObject({ code: 200, data: { web_name: '新商城', close_status: '0' } });
    expect(await stored('web_name')).toBe('新商城');

    const upload = await s.call('PUT', PUT, {
      token: admin,
      body: { 'upload[save_type]': 'true', 'upload[key]': 'AKID', 'upload[access]': 'TOP-SECRET-1', 'upload[cdn]': 'https://cdn.example.com' },
    });
    expect(upload.code).toBe(200);
    expect(upload.data.upload).toMatchObject({ save_type: true, key: 'AKID', access: '', access_set: true });
    expect(JSON.stringify(upload.data)).not.toContain('TOP-SECRET-1');
    expect(await stored('upload')).toMatchObject({ access: 'TOP-SECRET-1', save_type: true, bucket: '' });

    // The form sends back what it read: blank secret and the *_set flag.
    const again = await s.call('PUT', PUT, { token: admin, body: { 'upload[key]': 'AKID2', 'upload[access]': '', 'upload[access_set]': 'true' } });
    expect(again.code).toBe(200);
    expect(await stored('upload')).toMatchObject({ key: 'AKID2', access: 'TOP-SECRET-1' });
    expect(await stored('upload')).not.toHaveProperty('access_set');

    await s.call('PUT', PUT, { token: admin, body: { 'sms[key]': 'SMSKEY', 'sms[secret]': 'SMSSECRET', 'amap[key]': 'MAPKEY', 'amap[security]': 'MAPSEC', 'kuaibao[appkey]': 'KBKEY' } });
    const read = await s.call('GET', `${GET}?name[]=sms&name[]=amap&name[]=kuaibao&name[]=upload`, { token: admin });
    const text = JSON.stringify(read.data);
    for (const secret of ['TOP-SECRET-1', 'SMSKEY', 'SMSSECRET', 'MAPKEY', 'MAPSEC', 'KBKEY']) expect(text).not.toContain(secret);
    expect(read.data.sms).toMatchObject({ key: '', key_set: true, secret: '', secret_set: true });
    expect(read.data.amap).toMatchObject({ key: '', key_set: true, security: '', security_set: true });
    const everything = JSON.stringify((await s.call('GET', GET, { token: admin })).data);
    for (const secret of ['TOP-SECRET-1', 'SMSKEY', 'SMSSECRET', 'MAPKEY', 'MAPSEC', 'KBKEY']) expect(everything).not.toContain(secret);
    // The public common endpoint gives the JS API key only: never the web-service key nor the security code.
    const common = await s.call('GET', '/api/common');
    expect(common.data.common.amap).toEqual({ jsapi: '', script: 'https://webapi.amap.com/maps?v=2.0' });
  });

  it('a secret is cleared only by its explicit marker; a blank save keeps it; nothing leaks', async () => {
    await s.call('PUT', PUT, { token: admin, body: { 'sms[key]': 'KEY-TO-CLEAR', 'sms[secret]': 'SECRET-TO-KEEP', 'sms[sign]': '商城' } });
    // A blank save keeps both (the form sends the blank inputs back).
    await s.call('PUT', PUT, { token: admin, body: { 'sms[key]': '', 'sms[secret]': '', 'sms[sign]': '商城' } });
    expect(await stored('sms')).toMatchObject({ key: 'KEY-TO-CLEAR', secret: 'SECRET-TO-KEEP' });
    // `key_clear` removes the key alone; the answer says so without giving anything back.
    const cleared = await s.call('PUT', PUT, { token: admin, body: { 'sms[key]': '', 'sms[key_clear]': '1', 'sms[secret]': '', 'sms[sign]': '商城' } });
    expect(cleared.code, cleared.msg).toBe(200);
    expect(cleared.data.sms).toMatchObject({ key: '', key_set: false, secret: '', secret_set: true });
    expect(JSON.stringify(cleared.data)).not.toContain('SECRET-TO-KEEP');
    expect(await stored('sms')).toEqual({ provider: 'aliyun', key: '', secret: 'SECRET-TO-KEEP', sign: '商城', app_id: '', region: '' });
    // A value typed with the marker wins; a false marker clears nothing; a bad one is refused.
    await s.call('PUT', PUT, { token: admin, body: { 'sms[key]': 'NEW-KEY', 'sms[key_clear]': '1' } });
    expect((await stored('sms')).key).toBe('NEW-KEY');
    await s.call('PUT', PUT, { token: admin, body: { 'sms[secret_clear]': '0' } });
    expect((await stored('sms')).secret).toBe('SECRET-TO-KEEP');
    expect((await s.call('PUT', PUT, { token: admin, body: { 'sms[secret_clear]': 'maybe' } })).code).toBe(422);
    // Sections too: one pay method's secret, the others untouched.
    await s.call('PUT', PUT, { token: admin, body: { 'pay[mch_secret_key]': 'SCAN-SECRET', many: 'true', many_name: 'alipayscan' } });
    await s.call('PUT', PUT, { token: admin, body: { 'pay[app_secret_cert]': 'CERT', many: 'true', many_name: 'alipayscan' } });
    await s.call('PUT', PUT, { token: admin, body: { 'pay[app_secret_cert_clear]': 'true', many: 'true', many_name: 'alipayscan' } });
    expect((await stored('pay')).alipayscan.app_secret_cert).toBe('');
    const read = await s.call('GET', `${GET}?name=pay&many=1&many_name=alipayscan`, { token: admin });
    expect(read.data).toMatchObject({ app_secret_cert: '', app_secret_cert_set: false });
    expect(read.data).not.toHaveProperty('app_secret_cert_clear');
    expect(await stored('pay')).not.toHaveProperty('alipayscan.app_secret_cert_clear');
  });

  it('a saved site name shows on /api/common at once (the public settings memo is cleared)', async () => {
    const before = (await s.call('GET', '/api/common')).data.common.web_name;
    expect(before).not.toBe('新名字商城');
    const saved = await s.call('PUT', PUT, { token: admin, body: { web_name: '新名字商城' } });
    expect(saved.code).toBe(200);
    expect((await s.call('GET', '/api/common')).data.common.web_name).toBe('新名字商城');
    await s.call('PUT', PUT, { token: admin, body: { web_name: before } });
  });

  it('pay and oauth: one section at a time with many/many_name, other sections untouched', async () => {
    const res = await s.call('PUT', PUT, {
      token: admin,
      body: { 'pay[mch_id]': '1900000001', 'pay[mch_secret_key]': 'PAYSECRET', 'pay[notify_url]': 'https://shop.example.com/notify', many: 'true', many_name: 'wechatscan' },
    });
    expect(res.code).toBe(200);
    expect(JSON.stringify(res.data)).not.toContain('PAYSECRET');
    const pay = await stored('pay');
    expect(pay.wechatscan).toMatchObject({ mch_id: '1900000001', mch_secret_key: 'PAYSECRET' });
    expect(pay.wechatwap.mch_id).toBe('');
    const section = await s.call('GET', `${GET}?name=pay&many=1&many_name=wechatscan`, { token: admin });
    expect(section.data).toMatchObject({ mch_id: '1900000001', mch_secret_key: '', mch_secret_key_set: true });
    await s.call('PUT', PUT, { token: admin, body: { 'pay[mch_id]': '1900000002', 'pay[mch_secret_key]': '', many: 'true', many_name: 'wechatscan' } });
    expect((await stored('pay')).wechatscan).toMatchObject({ mch_id: '1900000002', mch_secret_key: 'PAYSECRET' });

    await s.call('PUT', PUT, { token: admin, body: { 'oauth[client_id]': 'wx1', 'oauth[key]': 'OAUTHKEY', many: 'true', many_name: 'weixinweb' } });
    const oauth = await s.call('GET', `${GET}?name=oauth`, { token: admin });
    expect(oauth.data.weixinweb).toMatchObject({ client_id: 'wx1', key: '', key_set: true });
    expect(oauth.data.weixin).toMatchObject({ key_set: false });
  });

  it('store and task settings are validated; bad values are 422 and nothing is written', async () => {
    expect((await s.call('PUT', PUT, { token: admin, body: { 'store[cash]': '2.5', 'store[goods_verify]': 'true', 'task[cancel_minutes]': '45' } })).code).toBe(200);
    expect(await stored('store')).toEqual({ goods_verify: true, cash: '2.5', commission: '5' });
    expect((await stored('task')).cancel_minutes).toBe('45');

    const before = await snapshot();
    for (const body of <Record<string, string | number>[]>[
      { 'task[cancel_minutes]': '0' },
      { 'task[cancel_minutes]': '10081' },
      { 'task[cancel_minutes]': '1.5' },
      { 'task[confirm]': '1.5' },
      { 'task[settlement]': '-3' },
      { 'store[cash]': '101' },
      { 'store[cash]': 'abc' },
      { 'store[goods_verify]': 'maybe' },
      { close_status: '2' },
      { email: 'not-an-email' },
      { web_name: '' },
      { logo: 'javascript:alert(1)' },
      { 'upload[cdn]': 'ftp://cdn.example.com' },
      { 'upload[endpoint]': 'bad host!' },
      { 'pay[notify_url]': 'not a url', many: 'true', many_name: 'wechatscan' },
      { 'pay[mch_secret_cert]': '../../etc/passwd', many: 'true', many_name: 'wechatapp' },
      { 'pay[mch_id]': '1', many: 'true', many_name: 'nope' },
      { web_name: 'ok', 'task[cancel_minutes]': '0' },
      { nothing: 'here' },
    ]) {
      expect((await s.call('PUT', PUT, { token: admin, body })).code, JSON.stringify(body)).toBe(422);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('403 without the permission (nothing written), allowed with it; 401 for a seller token', async () => {
    const reader = await limitedAdmin(s, ['admin.configs']);
    const before = await snapshot();
    expect((await s.call('GET', `${GET}?name=web_name`, { token: reader.token })).code).toBe(200);
    expect((await s.call('PUT', PUT, { token: reader.token, body: { web_name: 'hacked' } })).code).toBe(403);
    expect(await snapshot()).toEqual(before);
    const writer = await limitedAdmin(s, ['admin.configs.update']);
    expect((await s.call('GET', GET, { token: writer.token })).code).toBe(403);
    expect((await s.call('PUT', PUT, { token: writer.token, body: { web_name: '可写' } })).code).toBe(200);
    expect(await stored('web_name')).toBe('可写');
    const seller = await loginOwnerSeller(s);
    expect((await s.call('GET', GET, { token: seller })).code).toBe(401);
    expect((await s.call('PUT', PUT, { token: seller, body: { web_name: 'x' } })).code).toBe(401);
  });
});
