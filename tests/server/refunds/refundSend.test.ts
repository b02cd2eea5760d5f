import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../server/db/money';
import { orders, payment_refunds } from '../../../server/db/schema';
import { devNotifyFields } from '../../../server/modules/payment/providers/dev';
import type { GatewayProvider } from '../../../server/modules/payment/providers';
import { claimDueRefunds, newRefundNo, REFUND_LEASE_SECONDS, refundOrderPayment, sendPendingRefunds } from '../../../server/modules/payment/refund';
import { freshIp, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from '../payment/fixtures';
import { alipayStandIn, gatedProvider } from './gateways';

/**
 * Sending gateway refunds never holds a transaction across the provider call (payment/refund.ts):
 * claim in a short transaction with a lease, call with nothing open, record conditionally. On the
 * embedded PGlite (one connection) a slow gateway must not freeze the other requests.
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

async function pendingGatewayRefund(method: 'alipay' | 'wechat', cents = 100) {
  const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
  const qr = await s.call('POST', '/api/user/order/pay', { token: demo, body: { order_id: o.id, payment_name: method }, ip: freshIp() });
  expect(qr.code).toBe(200);
  const res = await s.app.request('/api/payment/notify/dev', {
    method: 'POST',
    body: new URLSearchParams(devNotifyFields(TEST_SECRET, qr.data.pay_no, toCents(o.total_price))).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(200);
  const result = await s.db.transaction((tx) => refundOrderPayment(tx, { orderId: o.id, cents, reason: 'slow', refundNo: newRefundNo('Asia/Shanghai'), actor: 'seller' }));
  expect(result.status).toBe('pending');
  return { order: o, payNo: qr.data.pay_no as string, refundNo: result.refundNo };
}

const rowOf = async (refundNo: string) => (await s.db.select().from(payment_refunds).where(eq(payment_refunds.refund_no, refundNo)))[0];
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then((v) => ({ done: true as const, v })), new Promise<{ done: false }>((resolve) => setTimeout(() => resolve({ done: false }), ms))]);
const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('a slow Alipay refund call (stand-in gateway that waits)', () => {
  const alipay = alipayStandIn(() => s);

  it('other requests (reads, writes, the refunded order itself) proceed while the gateway has not answered; the refund is done once it does', async () => {
    const { order, payNo, refundNo } = await pendingGatewayRefund('alipay', 120);
    await alipay.configure();
    const gateway = alipay.gateway;
    let release!: () => void;
    gateway.hold = new Promise<void>((r) => (release = r));
    const sending = sendPendingRefunds({ db: s.db, config: s.config, env: { ...process.env, ALIPAY_GATEWAY: gateway.url } }, { refundNos: [refundNo] });
    try {
      await waitFor(() => gateway.requests.some((r) => r.params.method === 'alipay.trade.refund'));
      // the gateway is sitting on the call: the rest of the shop carries on
      const page = await within(s.call('GET', '/api/user/order/index', { token: demo, ip: freshIp() }), 3000);
      expect(page.done).toBe(true);
      const write = await within(
        s.db.transaction(async (tx) => tx.update(orders).set({ remark: 'touched while refunding' }).where(eq(orders.id, order.id)).returning({ id: orders.id })),
        3000,
      );
      expect(write).toEqual({ done: true, v: [{ id: order.id }] });
      // claimed: pending, attempt counted, not due again before the lease runs out
      const claimed = await rowOf(refundNo);
      expect(claimed).toMatchObject({ status: 0, attempts: 1 });
      expect(await claimDueRefunds(s.db, { refundNos: [refundNo] })).toEqual([]);
    } finally {
      release();
      gateway.hold = undefined;
    }
    expect(await sending).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(refundNo)).toMatchObject({ status: 1, attempts: 1, provider_refund_id: refundNo, last_error: '' });
    const calls = gateway.requests.filter((r) => r.params.method === 'alipay.trade.refund' && r.body.out_request_no === refundNo);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ out_trade_no: payNo, refund_amount: '1.20' });
  });
});

describe('claim, call, record', () => {
  it('a sender that dies between the call and the record: once the lease runs out the task resends the same refund number and records it', async () => {
    const { refundNo } = await pendingGatewayRefund('wechat');
    const first = gatedProvider('SLOW');
    first.release();
    // the claim and the call happen, the record never does (the process died)
    const [claimed] = await claimDueRefunds(s.db, { refundNos: [refundNo] });
    expect(claimed).toMatchObject({ refund_no: refundNo, attempts: 1, status: 0 });
    await first.provider.refund({ payNo: claimed.pay_no, tradeNo: claimed.trade_no, refundNo, totalCents: 0, refundCents: toCents(claimed.money), reason: '' });
    const retry = gatedProvider('SLOW');
    retry.release();
    const ctx = { db: s.db, config: s.config, providerFor: async () => retry.provider };
    // within the lease nobody touches it
    expect(await sendPendingRefunds(ctx, { now: new Date(Date.now() + (REFUND_LEASE_SECONDS - 30) * 1000) })).toEqual({ sent: 0, failed: 0 });
    expect(retry.calls).toEqual([]);
    const later = new Date(Date.now() + (REFUND_LEASE_SECONDS + 5) * 1000);
    expect(await sendPendingRefunds(ctx, { now: later })).toMatchObject({ sent: 1, failed: 0 });
    expect([...first.calls, ...retry.calls]).toEqual([refundNo, refundNo]);
    expect(await rowOf(refundNo)).toMatchObject({ status: 1, attempts: 2, provider_refund_id: `SLOW${refundNo}` });
  });

  it('a sender whose lease ran out does not record over the sender that claimed the row after it', async () => {
    const { refundNo } = await pendingGatewayRefund('wechat');
    const stale = gatedProvider('SLOW');
    const slowRun = sendPendingRefunds({ db: s.db, config: s.config, providerFor: async () => stale.provider }, { refundNos: [refundNo] });
    await waitFor(() => stale.calls.length === 1);
    const fresh = gatedProvider('SLOW');
    fresh.release();
    const later = new Date(Date.now() + (REFUND_LEASE_SECONDS + 5) * 1000);
    expect(await sendPendingRefunds({ db: s.db, config: s.config, providerFor: async () => fresh.provider }, { now: later })).toMatchObject({ sent: 1 });
    stale.release();
    expect(await slowRun).toEqual({ sent: 0, failed: 0 });
    expect(await rowOf(refundNo)).toMatchObject({ status: 1, attempts: 2 });
  });

  it('a failed call keeps the row pending and moves its next try by the growing delay, recorded against its own claim', async () => {
    const { refundNo } = await pendingGatewayRefund('wechat');
    const failing: GatewayProvider = { ...gatedProvider('SLOW').provider, refund: async () => Promise.reject(new Error('gateway down')) };
    const now = new Date();
    expect(await sendPendingRefunds({ db: s.db, config: s.config, providerFor: async () => failing }, { refundNos: [refundNo], now })).toEqual({ sent: 0, failed: 1 });
    const row = await rowOf(refundNo);
    expect(row).toMatchObject({ status: 0, attempts: 1, last_error: 'gateway down' });
    const [{ wait }] = await s.db
      .select({ wait: sql<string>`extract(epoch from ${payment_refunds.next_try_at} - ${now.toISOString()}::timestamptz)` })
      .from(payment_refunds)
      .where(eq(payment_refunds.refund_no, refundNo));
    expect(Math.abs(Number(wait) - 60)).toBeLessThanOrEqual(1);
  });
});
