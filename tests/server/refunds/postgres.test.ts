import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../server/db/money';
import { money_logs, orders, payment_refunds } from '../../../server/db/schema';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { newRefundNo, refundOrderPayment, sendPendingRefunds } from '../../../server/modules/payment/refund';
import { devNotifyFields } from '../../../server/modules/payment/providers/dev';
import { freshIp, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { balanceOf, DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from '../payment/fixtures';

/**
 * Refund races on a real PostgreSQL (TEST_DATABASE_URL; CI always sets it): many refunds of one
 * order at once refund it once; concurrent partial refunds never pass what was paid; two senders
 * of the pending refunds never send one twice.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('refunds on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let demo: string;
  let sku: Awaited<ReturnType<typeof stockedSku>>;

  beforeAll(async () => {
    s = await openTestServer({ databaseUrl: url });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    demo = await s.login('demo');
    await topUp(s.db, DEMO_USER_ID, 1_000_000);
    sku = await stockedSku(s.db, 10);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await s?.close();
  });

  const paid = async (method: 'balance' | 'wechat'): Promise<FixtureOrder> => {
    const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
    const body: Record<string, string | number> = { order_id: o.id, payment_name: method };
    if (method === 'balance') body.pay_password = '123456';
    const res = await s.call('POST', '/api/user/order/pay', { token: demo, body, ip: freshIp() });
    expect(res.code).toBe(200);
    if (method === 'wechat') {
      // what the dev provider's confirm page posts
      const notify = await s.app.request('/api/payment/notify/dev', {
        method: 'POST',
        body: new URLSearchParams(devNotifyFields(TEST_SECRET, res.data.pay_no, toCents(o.total_price))).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(notify.status).toBe(200);
    }
    return o;
  };
  const attempt = (orderId: number, cents: number) =>
    s.db
      .transaction((tx) => refundOrderPayment(tx, { orderId, cents, reason: 'race', refundNo: newRefundNo(), actor: 'seller' }))
      .then(
        (r) => ({ ok: true as const, r }),
        (e: { code?: number }) => ({ ok: false as const, code: e.code }),
      );

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('20 concurrent full refunds of one balance-paid order refund once: one log, balance up once, the rest 422', async () => {
    const o = await paid('balance');
    const cents = toCents(o.total_price);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(o.id, cents)));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && a.code === 422)).toBe(true);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + cents);
    const logs = (await s.db.select().from(money_logs).where(eq(money_logs.name, '售后退款'))).filter((l) => l.info.startsWith(o.order_no));
    expect(logs).toHaveLength(1);
    const [row] = await s.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row.refund_money).toBe(o.total_price);
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('20 concurrent partial refunds never pass what was paid (over-refund refused)', async () => {
    const o = await paid('balance');
    const total = toCents(o.total_price);
    const part = Math.max(1, Math.floor(total / 7));
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(o.id, part)));
    const okCount = answers.filter((a) => a.ok).length;
    expect(okCount).toBe(Math.min(20, Math.floor(total / part)));
    const [row] = await s.db.select().from(orders).where(eq(orders.id, o.id));
    expect(toCents(row.refund_money)).toBe(okCount * part);
    expect(toCents(row.refund_money)).toBeLessThanOrEqual(total);
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('20 concurrent refunds of one gateway order make one pending row; two senders at once send it once', async () => {
    const o = await paid('wechat');
    const cents = toCents(o.total_price);
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(o.id, cents)));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const ctx = { db: s.db, config: s.config };
    const runs = await Promise.all([sendPendingRefunds(ctx), sendPendingRefunds(ctx), sendPendingRefunds(ctx)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const rows = await s.db.select().from(payment_refunds).where(eq(payment_refunds.order_id, o.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 1, attempts: 1 });
  });
});
