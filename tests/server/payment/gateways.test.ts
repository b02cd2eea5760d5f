import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../server/db/money';
import { configs, order_logs, order_pays, orders } from '../../../server/db/schema';
import { alipayConfig, alipayProvider } from '../../../server/modules/payment/providers/alipay';
import { gatewayFor } from '../../../server/modules/payment/providers';
import { privateKeyType } from '../../../server/modules/payment/providers/keys';
import { wechatConfig, wechatProvider } from '../../../server/modules/payment/providers/wechat';
import { freshIp, openTestServer, type TestServer } from '../helpers';
import { DEMO_USER_ID, makeOrder, stockedSku, type FixtureOrder } from './fixtures';
import { alipayGateway, alipayNotify, rsaKeys, wechatGateway, wechatNotify, type StandIn } from './standins';

/**
 * The real adapters (official alipay-sdk, wechatpay-axios-plugin) against local stand-ins of the
 * gateways: requests are checked for their signature and shape, answers and notifies are signed
 * with generated keys, and a bad signature is refused.
 */
let s: TestServer;
let demo: string;
let dir: string;
let sku: Awaited<ReturnType<typeof stockedSku>>;
const app = rsaKeys();
const alipayKeys = rsaKeys();
const merchant = rsaKeys();
const platform = { ...rsaKeys(), id: 'PUB_KEY_ID_0114232134912410000000000000' };
const stranger = rsaKeys();
const APIV3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';
const MCH = { mchid: '1900000109', serial: '3775B6A45ACD588826D15E583A95F5DD00000000' };
let alipay: StandIn;
let wechat: StandIn;
const saved = { alipay: process.env.ALIPAY_GATEWAY, wechat: process.env.WECHATPAY_BASE_URL };

const settings = () => ({
  alipayscan: { app_id: '2021000000000001', app_secret_cert: app.privatePem, alipay_public_cert_path: join(dir, 'alipay_public.pem'), notify_url: '' },
  wechatscan: {
    mp_app_id: 'wx8888888888888888',
    mch_id: MCH.mchid,
    mch_secret_key: APIV3_KEY,
    mch_secret_cert: join(dir, 'apiclient_key.pem'),
    mch_serial_no: MCH.serial,
    wechat_public_key_path: join(dir, 'wechatpay_public.pem'),
    wechat_public_key_id: platform.id,
    notify_url: '',
  },
});

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  dir = mkdtempSync(join(tmpdir(), 'souk-pay-keys-'));
  writeFileSync(join(dir, 'alipay_public.pem'), alipayKeys.publicPem);
  writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privatePem);
  writeFileSync(join(dir, 'wechatpay_public.pem'), platform.publicPem);
  alipay = await alipayGateway(app.publicKey, alipayKeys);
  wechat = await wechatGateway(merchant.publicKey, MCH, platform);
  process.env.ALIPAY_GATEWAY = alipay.url;
  process.env.WECHATPAY_BASE_URL = wechat.url;
  await s.db.update(configs).set({ content: JSON.stringify(settings()) }).where(eq(configs.name, 'pay'));
  demo = await s.login('demo');
  sku = await stockedSku(s.db, 30);
});
afterAll(async () => {
  vi.restoreAllMocks();
  for (const [key, value] of [['ALIPAY_GATEWAY', saved.alipay], ['WECHATPAY_BASE_URL', saved.wechat]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await alipay?.close();
  await wechat?.close();
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  alipay.failNext = false;
  wechat.failNext = false;
});

const order = async () => (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
const pay = (method: string, orderId: number) => s.call('POST', '/api/user/order/pay', { token: demo, body: { order_id: orderId, payment_name: method }, ip: freshIp() });
const status = async (id: number) => (await s.db.select({ v: orders.order_status }).from(orders).where(eq(orders.id, id)))[0].v;
const payLogs = (id: number) => s.db.select().from(order_logs).where(and(eq(order_logs.order_id, id), eq(order_logs.action, 'pay')));
async function notify(kind: string, body: string, headers: Record<string, string>) {
  const res = await s.app.request(`/api/payment/notify/${kind}`, { method: 'POST', body, headers });
  return { status: res.status, text: await res.text() };
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('Alipay (alipay-sdk) against a local gateway', () => {
  it('precreate: a signed request of the right shape; the QR is the gateway’s qr_code', async () => {
    const o = await order();
    const res = await pay('alipay', o.id);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ paid: false, test_mode: false, code_url: `https://qr.alipay.com/test${res.data.pay_no}` });
    const req = alipay.requests.at(-1)!;
    expect(req.signatureValid).toBe(true);
    expect(req.params).toMatchObject({ method: 'alipay.trade.precreate', app_id: '2021000000000001', sign_type: 'RSA2', notify_url: 'http://localhost/api/payment/notify/alipay' });
    expect(req.body).toMatchObject({ out_trade_no: res.data.pay_no, total_amount: o.total_price, subject: expect.any(String), timeout_express: expect.stringMatching(/^(29|30)m$/) });
  });

  it('a notify signed with Alipay’s key pays once, however often it comes; each repeat is answered success', async () => {
    const o = await order();
    const { data } = await pay('alipay', o.id);
    const body = alipayNotify({ app_id: '2021000000000001', out_trade_no: data.pay_no, trade_no: '2026112622001400000000000001', trade_status: 'TRADE_SUCCESS', total_amount: o.total_price }, alipayKeys.privateKey);
    for (let i = 0; i < 10; i += 1) expect(await notify('alipay', body, FORM)).toEqual({ status: 200, text: 'success' });
    expect(await status(o.id)).toBe(2);
    expect(await payLogs(o.id)).toHaveLength(1);
    const [row] = await s.db.select().from(order_pays).where(eq(order_pays.pay_no, data.pay_no));
    expect(row).toMatchObject({ pay_status: 1, trade_no: '2026112622001400000000000001' });
  });

  it('refuses a bad signature, a changed amount, another app, an unknown payment; ignores an unpaid state', async () => {
    const o = await order();
    const { data } = await pay('alipay', o.id);
    const fields = { app_id: '2021000000000001', out_trade_no: data.pay_no, trade_no: '2026112622001400000000000002', trade_status: 'TRADE_SUCCESS', total_amount: o.total_price };
    const genuine = new URLSearchParams(alipayNotify(fields, alipayKeys.privateKey));
    const tampered = new URLSearchParams(genuine);
    tampered.set('total_amount', '0.01');
    const refused = [
      alipayNotify(fields, stranger.privateKey),
      tampered.toString(),
      alipayNotify({ ...fields, app_id: '2021000000000002' }, alipayKeys.privateKey),
      alipayNotify({ ...fields, total_amount: (toCents(o.total_price) / 100 + 1).toFixed(2) }, alipayKeys.privateKey),
      alipayNotify({ ...fields, out_trade_no: 'P20260101000000123456' }, alipayKeys.privateKey),
      genuine.toString().replace(/&sign=[^&]*/, ''),
    ];
    for (const body of refused) expect(await notify('alipay', body, FORM)).toEqual({ status: 400, text: 'fail' });
    expect(await notify('alipay', alipayNotify({ ...fields, trade_status: 'WAIT_BUYER_PAY' }, alipayKeys.privateKey), FORM)).toEqual({ status: 200, text: 'success' });
    expect(await status(o.id)).toBe(1);
    const [row] = await s.db.select().from(order_pays).where(eq(order_pays.pay_no, data.pay_no));
    expect(row.pay_status).toBe(0);
  });

  it('a gateway refusal is a clear 502 naming payment_name', async () => {
    const o = await order();
    alipay.failNext = true;
    const res = await pay('alipay', o.id);
    expect([res.code, res.data.field]).toEqual([502, 'payment_name']);
    expect(await status(o.id)).toBe(1);
    const [closed] = await s.db.select().from(order_pays).where(eq(order_pays.order_ids, String(o.id)));
    expect(closed.pay_status).toBe(2);
  });

  it('an answer not signed by Alipay is refused by the SDK', async () => {
    const forger = await alipayGateway(app.publicKey, stranger);
    try {
      const config = alipayConfig(settings().alipayscan, { dataDir: dir, gateway: forger.url })!;
      await expect(alipayProvider(config).createQr({ payNo: 'P20260101000000000001', subject: 'x', totalCents: 100, notifyUrl: 'http://localhost/n', expiresAt: new Date(Date.now() + 60_000) })).rejects.toThrow();
      expect(forger.requests).toHaveLength(1);
    } finally {
      await forger.close();
    }
  });

  it('refund: alipay.trade.refund with the amounts and our refund number', async () => {
    const { provider } = await gatewayFor({ db: s.db, config: s.config, origin: 'http://localhost' }, 'alipay');
    expect(provider.name).toBe('alipay');
    await expect(provider.refund({ payNo: 'P20260101000000000002', tradeNo: '2026T1', refundNo: 'R1', totalCents: 5000, refundCents: 1250, reason: '重复支付' })).resolves.toEqual({ refundId: 'R1' });
    const req = alipay.requests.at(-1)!;
    expect(req.signatureValid).toBe(true);
    expect(req.params.method).toBe('alipay.trade.refund');
    expect(req.body).toEqual({ out_trade_no: 'P20260101000000000002', trade_no: '2026T1', refund_amount: '12.50', out_request_no: 'R1', refund_reason: '重复支付' });
  });

  it('reads PKCS#1 and PKCS#8 keys, PEM or bare', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const bare = (pem: string) => pem.split('\n').filter((l) => l && !l.startsWith('-----')).join('');
    expect([privateKeyType(pkcs1), privateKeyType(pkcs8), privateKeyType(bare(pkcs1)), privateKeyType(bare(pkcs8))]).toEqual(['PKCS1', 'PKCS8', 'PKCS1', 'PKCS8']);
  });
});

describe('WeChat Pay APIv3 (wechatpay-axios-plugin) against a local gateway', () => {
  const transaction = (payNo: string, total: number, extra: Record<string, unknown> = {}) => ({
    mchid: MCH.mchid,
    appid: 'wx8888888888888888',
    out_trade_no: payNo,
    transaction_id: '4200000000202611260000000001',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
    ...extra,
  });

  it('Native order: a signed request of the right shape; the QR is the gateway’s code_url', async () => {
    const o = await order();
    const res = await pay('wechat', o.id);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ paid: false, test_mode: false, code_url: `weixin://wxpay/bizpayurl?pr=${res.data.pay_no}` });
    const req = wechat.requests.at(-1)!;
    expect(req.path).toBe('/v3/pay/transactions/native');
    expect(req.signatureValid).toBe(true);
    expect(req.body).toMatchObject({
      appid: 'wx8888888888888888',
      mchid: MCH.mchid,
      out_trade_no: res.data.pay_no,
      notify_url: 'http://localhost/api/payment/notify/wechat',
      amount: { total: toCents(o.total_price), currency: 'CNY' },
      time_expire: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/),
    });
  });

  it('a notify signed with the platform key and encrypted with the APIv3 key pays once; repeats answer SUCCESS', async () => {
    const o = await order();
    const { data } = await pay('wechat', o.id);
    const n = wechatNotify(transaction(data.pay_no, toCents(o.total_price)), APIV3_KEY, platform);
    for (let i = 0; i < 10; i += 1) {
      const res = await notify('wechat', n.body, n.headers);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'SUCCESS' });
    }
    expect(await status(o.id)).toBe(2);
    expect(await payLogs(o.id)).toHaveLength(1);
  });

  it('refuses a bad signature, another key id, a stale timestamp, a wrong APIv3 key, a changed body; ignores NOTPAY', async () => {
    const o = await order();
    const { data } = await pay('wechat', o.id);
    const tx = transaction(data.pay_no, toCents(o.total_price));
    const good = wechatNotify(tx, APIV3_KEY, platform);
    const refused = [
      wechatNotify(tx, APIV3_KEY, { id: platform.id, privateKey: stranger.privateKey }),
      wechatNotify(tx, APIV3_KEY, { id: 'PUB_KEY_ID_OTHER', privateKey: platform.privateKey }),
      wechatNotify(tx, APIV3_KEY, platform, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      wechatNotify(tx, 'zyxwvutsrqponmlkjihgfedcba543210', platform),
      wechatNotify({ ...tx, mchid: '1900000999' }, APIV3_KEY, platform),
      wechatNotify({ ...tx, amount: { total: 1 } }, APIV3_KEY, platform),
      { body: good.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESZ'), headers: good.headers },
    ];
    for (const n of refused) {
      const res = await notify('wechat', n.body, n.headers);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'FAIL' });
    }
    const notPaid = wechatNotify({ ...tx, trade_state: 'NOTPAY' }, APIV3_KEY, platform);
    expect((await notify('wechat', notPaid.body, notPaid.headers)).status).toBe(200);
    expect(await status(o.id)).toBe(1);
  });

  it('a gateway error is a clear 502 naming payment_name', async () => {
    const o = await order();
    wechat.failNext = true;
    const res = await pay('wechat', o.id);
    expect([res.code, res.data.field]).toEqual([502, 'payment_name']);
  });

  it('an answer not signed with the platform key is refused by the SDK', async () => {
    const forger = await wechatGateway(merchant.publicKey, MCH, { ...stranger, id: platform.id });
    try {
      const config = wechatConfig(settings().wechatscan, { dataDir: dir, baseURL: forger.url })!;
      await expect(wechatProvider(config).createQr({ payNo: 'P20260101000000000003', subject: 'x', totalCents: 100, notifyUrl: 'http://localhost/n', expiresAt: new Date(Date.now() + 60_000) })).rejects.toThrow();
      expect(forger.requests[0].signatureValid).toBe(true);
    } finally {
      await forger.close();
    }
  });

  it('refund: POST /v3/refund/domestic/refunds with the amounts in fen', async () => {
    const { provider } = await gatewayFor({ db: s.db, config: s.config, origin: 'http://localhost' }, 'wechat');
    expect(provider.name).toBe('wechat');
    const { refundId } = await provider.refund({ payNo: 'P20260101000000000004', tradeNo: '4200T', refundNo: 'R2', totalCents: 5000, refundCents: 1250, reason: '重复支付' });
    expect(refundId).toMatch(/^50000\d+$/);
    const req = wechat.requests.at(-1)!;
    expect(req.signatureValid).toBe(true);
    expect(req.body).toEqual({ out_trade_no: 'P20260101000000000004', transaction_id: '4200T', out_refund_no: 'R2', reason: '重复支付', amount: { refund: 1250, total: 5000, currency: 'CNY' } });
  });

  it('without every key the method stays in test mode', async () => {
    const partial = { ...settings().wechatscan, mch_secret_key: 'short' };
    expect(wechatConfig(partial, { dataDir: dir })).toBeNull();
    expect(alipayConfig({ ...settings().alipayscan, alipay_public_cert_path: '/no/such/file.pem' }, { dataDir: dir })).toBeNull();
  });
});
