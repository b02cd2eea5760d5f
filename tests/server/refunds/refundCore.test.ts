import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../server/db/money';
import { coupon_logs, money_logs, order_logs, orders, payment_refunds } from '../../../server/db/schema';
import { retryPendingRefunds } from '../../../server/jobs/refundTasks';
import { ApiError } from '../../../server/http/envelope';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { devNotifyFields } from '../../../server/modules/payment/providers/dev';
import { newRefundNo, refundOrderPayment, retryDelaySeconds, sendAfterCommit, sendPendingRefunds } from '../../../server/modules/payment/refund';
import { freshIp, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { balanceOf, DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from '../payment/fixtures';
import { alipayStandIn } from './gateways';

/**
 * The refund core (server/modules/payment/refund.ts): balance refunds through the ledger in the
 * transaction, gateway refunds as pending rows sent after the commit and retried by the timed task,
 * never more than paid − already refunded, a refund number applied once.
 */
let s: TestServer;
let demo: string;
let sku: Awaited<ReturnType<typeof stockedSku>>;

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  demo = await s.login('demo');
  sku = await stockedSku(s.db, 20);
  await topUp(s.db, DEMO_USER_ID, 1_000_000);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

const pay = (body: Record<string, string | number>) => s.call('POST', '/api/user/order/pay', { token: demo, body, ip: freshIp() });
const orderRow = async (id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];

async function paidWithBalance(qty = 1): Promise<FixtureOrder> {
  const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId, qty }])) as FixtureOrder;
  expect((await pay({ order_id: o.id, payment_name: 'balance', pay_password: '123456' })).code).toBe(200);
  return o;
}

async function paidWithGateway(method: 'alipay' | 'wechat'): Promise<{ order: FixtureOrder; payNo: string }> {
  const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
  const qr = await pay({ order_id: o.id, payment_name: method });
  expect(qr.code).toBe(200);
  const res = await s.app.request('/api/payment/notify/dev', {
    method: 'POST',
    body: new URLSearchParams(devNotifyFields(TEST_SECRET, qr.data.pay_no, toCents(o.total_price))).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(200);
  return { order: o, payNo: qr.data.pay_no };
}

const refund = (orderId: number, cents: number, refundNo = newRefundNo('Asia/Shanghai')) =>
  s.db.transaction((tx) => refundOrderPayment(tx, { orderId, cents, reason: '测试退款', refundNo, actor: 'seller', actorId: 1, actorName: 'store' }));

describe('refundOrderPayment — balance', () => {
  it('puts the money back on the balance with a 售后退款 log, counts it on the order, records it', async () => {
    const o = await paidWithBalance(2);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const cents = toCents(o.total_price);
    const result = await refund(o.id, cents, 'R20260101000000000001');
    expect(result).toEqual({ refundNo: 'R20260101000000000001', cents, channel: 'balance', method: 'balance', status: 'done', refundedCents: cents, repeated: false });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + cents);
    const [log] = await s.db.select().from(money_logs).where(eq(money_logs.user_id, DEMO_USER_ID)).orderBy(desc(money_logs.id)).limit(1);
    expect(log).toMatchObject({ name: '售后退款', money: o.total_price, is_type: 0, is_belong: 0 });
    expect(log.info).toContain(o.order_no);
    expect((await orderRow(o.id)).refund_money).toBe(o.total_price);
    const [row] = await s.db.select().from(payment_refunds).where(eq(payment_refunds.refund_no, 'R20260101000000000001'));
    expect(row).toMatchObject({ order_id: o.id, user_id: DEMO_USER_ID, payment_name: 'balance', money: o.total_price, status: 1, actor: 'seller' });
    const history = await s.db.select().from(order_logs).where(and(eq(order_logs.order_id, o.id), eq(order_logs.action, 'refund')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actor: 'seller', from_status: 2, to_status: 2 });
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('partial refunds add up to what was paid and no further; over-refunding is a 422 and moves nothing', async () => {
    const o = await paidWithBalance(1);
    const total = toCents(o.total_price);
    const first = Math.floor(total / 3);
    await refund(o.id, first);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const err = await refund(o.id, total - first + 1).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(422);
    expect(err.data).toMatchObject({ field: 'money' });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    expect(toCents((await orderRow(o.id)).refund_money)).toBe(first);
    const rest = await refund(o.id, total - first);
    expect(rest.refundedCents).toBe(total);
    expect((await refund(o.id, 1).catch((e) => e)).code).toBe(422);
  });

  it('a coupon used by the order stays used after a partial refund and is released when the refund completes', async () => {
    const o = await paidWithBalance(1);
    const total = toCents(o.total_price);
    const day = 86_400_000;
    const [log] = await s.db
      .insert(coupon_logs)
      .values({ coupon_id: 0, user_id: DEMO_USER_ID, store_id: 0, order_id: o.id, name: 'refund test', money: '1.00', use_money: '0.00', status: 1, start_time: new Date(Date.now() - day).toISOString(), end_time: new Date(Date.now() + day).toISOString() })
      .returning();
    const statusOf = async () => (await s.db.select().from(coupon_logs).where(eq(coupon_logs.id, log.id)))[0];
    await refund(o.id, total - 1);
    expect(await statusOf()).toMatchObject({ status: 1, order_id: o.id });
    await refund(o.id, 1);
    expect(await statusOf()).toMatchObject({ status: 0, order_id: 0 });
  });

  it('the same refund number twice: the first refund is answered, nothing moves again; reused for another amount is a 409', async () => {
    const o = await paidWithBalance(1);
    const no = newRefundNo('Asia/Shanghai');
    await refund(o.id, 100, no);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const again = await refund(o.id, 100, no);
    expect(again).toMatchObject({ repeated: true, status: 'done', refundedCents: 100 });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    expect((await refund(o.id, 200, no).catch((e) => e)).code).toBe(409);
  });

  it('refuses an unpaid order, a missing order, and amounts that are not whole positive cents', async () => {
    const unpaid = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
    expect((await refund(unpaid.id, 100).catch((e) => e)).code).toBe(422);
    expect((await refund(999_999, 100).catch((e) => e)).code).toBe(404);
    const o = await paidWithBalance(1);
    for (const bad of [0, -5, 1.5, Number.NaN]) expect((await refund(o.id, bad).catch((e) => e)).code).toBe(422);
    expect((await orderRow(o.id)).refund_money).toBe('0.00');
    expect(await s.db.select().from(payment_refunds).where(eq(payment_refunds.order_id, o.id))).toEqual([]);
  });
});

describe('refundOrderPayment — gateways', () => {
  it('a dev-provider (wechat) payment: a pending row in the transaction, sent after the commit and done; the balance is untouched', async () => {
    const { order, payNo } = await paidWithGateway('wechat');
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const cents = toCents(order.total_price);
    const result = await refund(order.id, cents);
    expect(result).toMatchObject({ channel: 'gateway', method: 'wechat', status: 'pending', refundedCents: cents });
    const [pending] = await s.db.select().from(payment_refunds).where(eq(payment_refunds.refund_no, result.refundNo));
    expect(pending).toMatchObject({ status: 0, pay_no: payNo, trade_no: `DEV${payNo.slice(1)}`, payment_name: 'wechat', money: order.total_price, pay_total: order.total_price });
    await sendAfterCommit({ db: s.db, config: s.config }, [result]);
    const [done] = await s.db.select().from(payment_refunds).where(eq(payment_refunds.refund_no, result.refundNo));
    expect(done).toMatchObject({ status: 1, attempts: 1, provider_refund_id: `DEV${result.refundNo}`, last_error: '' });
    expect(done.done_at).toMatch(/^\d{4}-/);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    // sending again finds nothing pending
    expect(await sendPendingRefunds({ db: s.db, config: s.config }, { refundNos: [result.refundNo] })).toEqual({ sent: 0, failed: 0 });
  });

  describe('a real adapter (Alipay stand-in) that fails, then accepts', () => {
    const alipay = alipayStandIn(() => s);

    it('stays pending with the error and a later try; the timed task resends it with the same refund number until it is done', async () => {
      const { order, payNo } = await paidWithGateway('alipay');
      // keys configured only now: the refund goes through the real adapter
      await alipay.configure();
      const gateway = alipay.gateway;
      const env = { ...process.env, ALIPAY_GATEWAY: gateway.url };
      const result = await refund(order.id, 150);
      gateway.failNext = true;
      expect(await sendPendingRefunds({ db: s.db, config: s.config, env }, { refundNos: [result.refundNo] })).toEqual({ sent: 0, failed: 1 });
      const [failed] = await s.db.select().from(payment_refunds).where(eq(payment_refunds.refund_no, result.refundNo));
      expect(failed).toMatchObject({ status: 0, attempts: 1 });
      expect(failed.last_error).toContain('ACQ.SYSTEM_ERROR');
      // not due yet: the task leaves it alone
      const prevEnv = process.env.ALIPAY_GATEWAY;
      process.env.ALIPAY_GATEWAY = gateway.url;
      try {
        gateway.failNext = false;
        expect(await retryPendingRefunds({ db: s.db, config: s.config }, { log: () => {} })).toEqual({ sent: 0, failed: 0 });
        const later = new Date(Date.now() + (retryDelaySeconds(1) + 5) * 1000);
        expect(await retryPendingRefunds({ db: s.db, config: s.config }, { now: later, log: () => {} })).toEqual({ sent: 1, failed: 0 });
      } finally {
        if (prevEnv === undefined) delete process.env.ALIPAY_GATEWAY;
        else process.env.ALIPAY_GATEWAY = prevEnv;
      }
      const [done] = await s.db.select().from(payment_refunds).where(eq(payment_refunds.refund_no, result.refundNo));
      expect(done).toMatchObject({ status: 1, attempts: 2, provider_refund_id: result.refundNo });
      const calls = gateway.requests.filter((r) => r.params.method === 'alipay.trade.refund');
      expect(calls).toHaveLength(2);
      for (const call of calls) expect(call.body).toMatchObject({ out_trade_no: payNo, out_request_no: result.refundNo, refund_amount: '1.50' });
    });
  });

  it('retry delays grow and are capped at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});
