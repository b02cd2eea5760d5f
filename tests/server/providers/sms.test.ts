import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sms_logs, users } from '../../../server/db/schema';
import { aliyunSmsProvider } from '../../../server/modules/sms/providers/aliyun';
import { tencentSmsProvider } from '../../../server/modules/sms/providers/tencent';
import { SmsRefusal, type SmsMessage } from '../../../server/modules/sms/providers';
import { freshIp, loginAdmin, openTestServer, type TestServer } from '../helpers';
import { aliyunSms, tencentSms, type StandIn } from './standins';

/**
 * SMS providers against stand-ins of Aliyun's Dysmsapi and Tencent Cloud's SMS API that recompute
 * the signatures (ACS3-HMAC-SHA256, TC3-HMAC-SHA256): the adapters (official SDKs), then the whole
 * path — keys saved through PUT /api/Admin/configs/update, POST /api/sms, registration with the
 * delivered code, refusals written to sms_logs with the provider's code.
 */
const AK = 'LTAI5tTestAccessKey';
const AK_SECRET = 'aliyun-secret-0123456789';
const SID = 'AKIDtencentSecretId0001';
const SKEY = 'tencent-secret-key-0123';

let s: TestServer;
let admin: string;
let aliyun: StandIn;
let tencent: StandIn;
const saved = { aliyun: process.env.ALIYUN_SMS_ENDPOINT, tencent: process.env.TENCENT_SMS_ENDPOINT };

beforeAll(async () => {
  [s, aliyun, tencent] = await Promise.all([openTestServer(), aliyunSms(AK, AK_SECRET), tencentSms(SID, SKEY)]);
  process.env.ALIYUN_SMS_ENDPOINT = aliyun.url;
  process.env.TENCENT_SMS_ENDPOINT = tencent.url;
  admin = await loginAdmin(s);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  for (const [key, value] of [['ALIYUN_SMS_ENDPOINT', saved.aliyun], ['TENCENT_SMS_ENDPOINT', saved.tencent]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await Promise.all([s.close(), aliyun.close(), tencent.close()]);
});
beforeEach(() => {
  aliyun.mode = 'ok';
  tencent.mode = 'ok';
});

const message: SmsMessage = { phone: '13912345678', name: 'register', templateCode: 'SMS_123456789', sign: 'Souk商城', code: '042517' };

async function refusalOf(promise: Promise<unknown>): Promise<SmsRefusal> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsRefusal);
  return err as SmsRefusal;
}

describe('Aliyun adapter (official Dysmsapi SDK)', () => {
  const provider = (secret = AK_SECRET, id = AK) => aliyunSmsProvider({ accessKeyId: id, accessKeySecret: secret, endpoint: aliyun.url, timeoutMs: 500 });

  it('sends SendSms signed with ACS3-HMAC-SHA256, the template code, sign and {"code"} parameter', async () => {
    aliyun.seen.length = 0;
    await provider().send(message);
    const [seen] = aliyun.seen;
    expect(seen.valid).toBe(true);
    expect(seen.headers['x-acs-action']).toBe('SendSms');
    expect(seen.query).toMatchObject({ PhoneNumbers: '13912345678', SignName: 'Souk商城', TemplateCode: 'SMS_123456789' });
    expect(JSON.parse(seen.query.TemplateParam)).toEqual({ code: '042517' });
  });

  it('turns flow control, a bad template, a wrong key and a wrong secret into refusals with Aliyun codes', async () => {
    aliyun.mode = 'refuse';
    expect(await refusalOf(provider().send(message))).toMatchObject({ kind: 'throttled', providerCode: 'isv.BUSINESS_LIMIT_CONTROL' });
    aliyun.mode = 'template';
    expect(await refusalOf(provider().send(message))).toMatchObject({ kind: 'rejected', providerCode: 'isv.SMS_TEMPLATE_ILLEGAL' });
    aliyun.mode = 'ok';
    expect(await refusalOf(provider(AK_SECRET, 'LTAIwrong').send(message))).toMatchObject({ kind: 'rejected', providerCode: 'InvalidAccessKeyId.NotFound' });
    const bad = await refusalOf(provider('wrong-secret').send(message));
    expect(bad).toMatchObject({ kind: 'rejected', providerCode: 'SignatureDoesNotMatch' });
    expect(aliyun.seen.at(-1)?.valid).toBe(false);
  });

  it('gives up on a provider that does not answer in time', async () => {
    aliyun.mode = 'hang';
    const started = Date.now();
    expect(await refusalOf(provider().send(message))).toMatchObject({ kind: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('Tencent adapter (official tencentcloud-sdk-nodejs SMS client)', () => {
  const provider = (key = SKEY, id = SID) => tencentSmsProvider({ secretId: id, secretKey: key, sdkAppId: '1400000001', endpoint: tencent.url, timeoutMs: 1000 });

  it('sends SendSms signed with TC3-HMAC-SHA256: +86 number, SmsSdkAppId, sign, template id, the code', async () => {
    tencent.seen.length = 0;
    await provider().send(message);
    const [seen] = tencent.seen;
    expect(seen.valid).toBe(true);
    expect(seen.headers['x-tc-action']).toBe('SendSms');
    expect(JSON.parse(seen.body)).toEqual({ PhoneNumberSet: ['+8613912345678'], SmsSdkAppId: '1400000001', SignName: 'Souk商城', TemplateId: 'SMS_123456789', TemplateParamSet: ['042517'] });
  });

  it('turns a per-number limit, a bad signature and an unknown SecretId into refusals with Tencent codes', async () => {
    tencent.mode = 'refuse';
    expect(await refusalOf(provider().send(message))).toMatchObject({ kind: 'throttled', providerCode: 'LimitExceeded.PhoneNumberDailyLimit' });
    tencent.mode = 'ok';
    expect(await refusalOf(provider('wrong').send(message))).toMatchObject({ kind: 'rejected', providerCode: 'AuthFailure.SignatureFailure' });
    expect(await refusalOf(provider(SKEY, 'AKIDother').send(message))).toMatchObject({ kind: 'rejected', providerCode: 'AuthFailure.SecretIdNotFound' });
  });

  it('gives up on a provider that does not answer in time', async () => {
    tencent.mode = 'hang';
    expect(await refusalOf(provider().send(message))).toMatchObject({ kind: 'unreachable' });
  });
});

let phoneCounter = 0;
const newPhone = () => `137${String(20_000_000 + ++phoneCounter).slice(-8)}`;
const latest = async (phone: string) =>
  (await s.db.select().from(sms_logs).where(eq(sms_logs.phone, phone)).orderBy(desc(sms_logs.id)).limit(1))[0];
const saveSms = (body: Record<string, string>) => s.call('PUT', '/api/Admin/configs/update', { token: admin, body });

describe('POST /api/sms with keys saved in the console', () => {
  it('saving sms[key], sms[secret], sms[sign] switches from test mode to Aliyun; a shopper registers with the delivered code', async () => {
    expect((await s.call('GET', '/api/common')).data.common.sms_test_mode).toBe(true);
    const status = async () => (await s.call('GET', '/api/Admin/configs/providers', { token: admin })).data.sms;
    expect(await status()).toEqual({ provider: 'aliyun', live: false });
    const save = await saveSms({ 'sms[key]': AK, 'sms[secret]': AK_SECRET, 'sms[sign]': '阿里云短信测试' });
    expect(save.code).toBe(200);
    expect(save.data.sms).toMatchObject({ key: '', key_set: true, secret: '', secret_set: true, sign: '阿里云短信测试' });
    expect(await status()).toEqual({ provider: 'aliyun', live: true });

    aliyun.seen.length = 0;
    const phone = newPhone();
    const sent = await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() });
    expect(sent.code).toBe(200);
    const [seen] = aliyun.seen;
    expect(seen.valid).toBe(true);
    expect(seen.query).toMatchObject({ PhoneNumbers: phone, SignName: '阿里云短信测试', TemplateCode: 'SMS_REGISTER' });
    const delivered = JSON.parse(seen.query.TemplateParam).code as string;
    const log = await latest(phone);
    expect(log).toMatchObject({ status: 1, provider: 'aliyun', content: delivered, provider_code: '' });

    const registered = await s.call('POST', '/api/register', { body: { username: phone, password: 'secret12', re_password: 'secret12', code: delivered }, ip: freshIp() });
    expect(registered.code).toBe(200);
    expect(registered.data.access_token).toBeTruthy();
    expect((await s.call('GET', '/api/common')).data.common.sms_test_mode).toBe(false);
  });

  it('a refusal reaches the shopper as a clear message, is logged with the provider code and the code is unusable', async () => {
    aliyun.mode = 'refuse';
    const phone = newPhone();
    const before = (await s.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const sent = await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() });
    expect(sent.code).toBe(422);
    expect(sent.msg).toBe('该手机号获取验证码过于频繁，请稍后再试。');
    expect(sent.data.field).toBe('phone');
    const log = await latest(phone);
    expect(log).toMatchObject({ status: 0, provider: 'aliyun', provider_code: 'isv.BUSINESS_LIMIT_CONTROL' });
    expect(log.error_msg).toContain('流控');
    const registered = await s.call('POST', '/api/register', { body: { username: phone, password: 'secret12', re_password: 'secret12', code: log.content }, ip: freshIp() });
    expect(registered.code).toBe(422);
    expect((await s.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n).toBe(before);

    aliyun.mode = 'template';
    const other = newPhone();
    const en = await s.call('POST', '/api/sms', { body: { phone: other, name: 'register' }, ip: freshIp(), lang: 'en' });
    expect(en.code).toBe(503);
    expect(en.msg).toBe('The SMS service is not available right now; please try again later or contact us.');
    expect(await latest(other)).toMatchObject({ status: 0, provider_code: 'isv.SMS_TEMPLATE_ILLEGAL' });
  });

  it('keeps the resend limit after a refusal (no second send within 30 s)', async () => {
    aliyun.mode = 'refuse';
    const phone = newPhone();
    const ip = freshIp();
    await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip });
    aliyun.mode = 'ok';
    const count = aliyun.seen.length;
    expect((await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip })).code).toBe(429);
    expect(aliyun.seen.length).toBe(count);
  });

  it('switches to Tencent with sms[provider]=tencent and app_id; a refusal is logged with its code', async () => {
    const save = await saveSms({ 'sms[provider]': 'tencent', 'sms[key]': SID, 'sms[secret]': SKEY, 'sms[app_id]': '1400000009', 'sms[sign]': '腾讯云测试' });
    expect(save.code).toBe(200);
    expect((await s.call('GET', '/api/Admin/configs/providers', { token: admin })).data.sms).toEqual({ provider: 'tencent', live: true });
    tencent.seen.length = 0;
    const phone = newPhone();
    expect((await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() })).code).toBe(200);
    expect(tencent.seen[0].valid).toBe(true);
    expect(JSON.parse(tencent.seen[0].body)).toMatchObject({ SmsSdkAppId: '1400000009', SignName: '腾讯云测试', TemplateId: 'SMS_REGISTER' });
    expect(await latest(phone)).toMatchObject({ status: 1, provider: 'tencent' });

    tencent.mode = 'refuse';
    const refused = newPhone();
    expect((await s.call('POST', '/api/sms', { body: { phone: refused, name: 'register' }, ip: freshIp() })).code).toBe(422);
    expect(await latest(refused)).toMatchObject({ status: 0, provider: 'tencent', provider_code: 'LimitExceeded.PhoneNumberDailyLimit' });
  });

  it('refuses a bad provider name and lets no one but an admin save or read the keys', async () => {
    const bad = await saveSms({ 'sms[provider]': 'twilio' });
    expect(bad.code).toBe(422);
    expect(JSON.stringify(bad.data)).toContain('provider');
    const shopper = await s.login('demo', '123456', 'users', 'user');
    expect((await s.call('PUT', '/api/Admin/configs/update', { token: shopper, body: { 'sms[key]': 'x' } })).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/configs/providers', { token: shopper })).code).toBe(401);
    const read = await s.call('GET', '/api/Admin/configs?name=sms', { token: admin });
    expect(read.data).toMatchObject({ key: '', secret: '', key_set: true, secret_set: true });
    expect(JSON.stringify(read.data)).not.toContain(SKEY);
  });

  it('clearing the keys goes back to test mode (dev provider, code in sms_logs)', async () => {
    expect((await saveSms({ 'sms[key_clear]': '1', 'sms[secret_clear]': '1' })).code).toBe(200);
    const phone = newPhone();
    const count = tencent.seen.length + aliyun.seen.length;
    expect((await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() })).code).toBe(200);
    expect(tencent.seen.length + aliyun.seen.length).toBe(count);
    expect(await latest(phone)).toMatchObject({ status: 1, provider: 'dev' });
    expect((await s.call('GET', '/api/common')).data.common.sms_test_mode).toBe(true);
  });
});
