import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../server/db/money';
import { goods, goods_skus, money_logs, order_logs, orders, payment_refunds, refunds } from '../../../server/db/schema';
import { confirmReshippedRefunds } from '../../../server/jobs/refundTasks';
import { changeOrderState } from '../../../server/modules/orders/states';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { newRefundNo, refundOrderPayment, sendPendingRefunds } from '../../../server/modules/payment/refund';
import { devNotifyFields } from '../../../server/modules/payment/providers/dev';
import { freshIp, loginOwnerSeller, TEST_SECRET, type TestServer } from '../helpers';
import { balanceOf, DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from '../payment/fixtures';
import { PG_URL, openPgServer } from '../pgServer';
import { gatedProvider } from './gateways';

/**
 * Refund races on a real PostgreSQL (TEST_DATABASE_URL; CI always sets it): many refunds of one
 * order at once refund it once; concurrent partial refunds never pass what was paid; two senders
 * of the pending refunds never send one twice.
 */

describe.skipIf(!PG_URL)('refunds on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let demo: string;
  let sku: Awaited<ReturnType<typeof stockedSku>>;

  beforeAll(async () => {
    s = await openPgServer({ mute: ['log', 'warn'] });
    demo = await s.login('demo');
    await topUp(s.db, DEMO_USER_ID, 1_000_000);
    sku = await stockedSku(s.db, 10);
    expect(sku.storeId).toBe(1);
  });
  afterAll(() => s?.close());

  const paid = async (method: 'balance' | 'wechat'): Promise<FixtureOrder> => {
    const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
    const body: Record<string, string | number> = { order_id: o.id, payment_name: method };
    if (method === 'balance') body.pay_password = '123456';
    const res = await s.call('POST', '/api/user/order/pay', { token: demo, body, ip: freshIp() });
    expect(res.code, res.msg).toBe(200);
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
      .transaction((tx) => refundOrderPayment(tx, { orderId, cents, reason: 'race', refundNo: newRefundNo('Asia/Shanghai'), actor: 'seller' }))
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

  it('senders racing (three timed tasks and the after-commit send) call the provider once per refund, with no row lock held during the slow call', async () => {
    const made = await Promise.all(Array.from({ length: 4 }, () => paid('wechat')));
    const refundNos: string[] = [];
    for (const o of made) {
      const a = await attempt(o.id, toCents(o.total_price));
      if (!a.ok) throw new Error(`refund refused: ${a.code}`);
      refundNos.push(a.r.refundNo);
    }
    let inFlight = 0;
    let maxInFlightPerRefund = 0;
    const perRefund = new Map<string, number>();
    const { provider, calls, release } = gatedProvider('PG', {
      onStart: (refundNo) => {
        inFlight++;
        perRefund.set(refundNo, (perRefund.get(refundNo) ?? 0) + 1);
        maxInFlightPerRefund = Math.max(maxInFlightPerRefund, perRefund.get(refundNo) ?? 0);
      },
      onEnd: (refundNo) => {
        inFlight--;
        perRefund.set(refundNo, (perRefund.get(refundNo) ?? 0) - 1);
      },
    });
    const ctx = { db: s.db, config: s.config, providerFor: async () => provider };
    // one row per run: each sender claims a different refund, so all four calls are in flight at once
    const one = { batch: 1 };
    const runs = Promise.all([sendPendingRefunds(ctx, one), sendPendingRefunds(ctx, one), sendPendingRefunds(ctx, { ...one, refundNos }), sendPendingRefunds(ctx, one)]);
    const until = Date.now() + 10_000;
    while (calls.length < refundNos.length && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    try {
      // every refund is at the provider; no transaction holds its row meanwhile
      const locked = await s.db.transaction((tx) =>
        tx.select({ id: payment_refunds.id }).from(payment_refunds).where(inArray(payment_refunds.refund_no, refundNos)).for('update', { noWait: true }),
      );
      expect(locked).toHaveLength(refundNos.length);
      expect(inFlight).toBe(refundNos.length);
    } finally {
      release();
    }
    const results = await runs;
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(refundNos.length);
    expect([...calls].sort()).toEqual([...refundNos].sort());
    expect(maxInFlightPerRefund).toBe(1);
    const rows = await s.db.select().from(payment_refunds).where(inArray(payment_refunds.refund_no, refundNos));
    for (const row of rows) expect(row).toMatchObject({ status: 1, attempts: 1, provider_refund_id: `PG${row.refund_no}` });
  });

  it('after-sales: 10 concurrent applications make one request; 20 concurrent agrees of it refund once', async () => {
    const seller = await loginOwnerSeller(s);
    const o = await paid('balance');
    const body = { order_id: o.id, refund_type: 0, refund_remark: '并发' };
    const applied = await Promise.all(Array.from({ length: 10 }, () => s.call('POST', '/api/user/order/refund', { token: demo, body, ip: freshIp() })));
    expect(applied.filter((a) => a.code === 200)).toHaveLength(1);
    expect(applied.filter((a) => a.code !== 200).every((a) => a.code === 422 || a.code === 409)).toBe(true);
    expect(await s.db.select().from(refunds).where(eq(refunds.order_id, o.id))).toHaveLength(1);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const agrees = await Promise.all(Array.from({ length: 20 }, () => s.call('PUT', `/api/Seller/refunds/${o.id}`, { token: seller, body: { action: 'agree' }, ip: freshIp() })));
    expect(agrees.filter((a) => a.code === 200)).toHaveLength(1);
    expect(agrees.filter((a) => a.code !== 200).every((a) => a.code === 422)).toBe(true);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + toCents(o.total_price));
    const [row] = await s.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ order_status: 6, refund_status: 2, refund_money: o.total_price });
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('a re-shipment confirmed at once by the buyer and by two timed-task runs finishes once (one afterSaleDone)', async () => {
    const seller = await loginOwnerSeller(s);
    const o = await paid('balance');
    await s.db.transaction((tx) => changeOrderState(tx, { orderId: o.id, action: 'ship', actor: 'seller', set: { delivery_code: 'yd', delivery_no: 'SF3000001' } }));
    const put = (body: Record<string, string | number>) => s.call('PUT', `/api/Seller/refunds/${o.id}`, { token: seller, body, ip: freshIp() });
    expect((await s.call('POST', '/api/user/order/refund', { token: demo, body: { order_id: o.id, refund_type: 1, refund_remark: '换货' }, ip: freshIp() })).code).toBe(200);
    expect((await put({ action: 'agree' })).code).toBe(200);
    expect((await s.call('PUT', `/api/user/refunds/${o.id}`, { token: demo, body: { delivery_code: 'yd', delivery_no: 'YT3000001' }, ip: freshIp() })).code).toBe(200);
    expect((await put({ action: 'arrive' })).code).toBe(200);
    expect((await put({ action: 'reship', re_delivery_code: 'yd', re_delivery_no: 'SF3000002' })).data.stage).toBe('reshipped');
    const later = new Date(Date.now() + 400 * 86_400_000);
    const quiet = { log: () => {} };
    const [byBuyer, ...runs] = await Promise.all([
      s.call('POST', `/api/user/refunds/${o.id}/confirm`, { token: demo, ip: freshIp() }),
      confirmReshippedRefunds(s.db, { ...quiet, now: later }),
      confirmReshippedRefunds(s.db, { ...quiet, now: later }),
    ]);
    expect((byBuyer.code === 200 ? 1 : 0) + runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    const done = (await s.db.select().from(order_logs).where(eq(order_logs.order_id, o.id))).filter((l) => l.action === 'afterSaleDone');
    expect(done).toHaveLength(1);
    const [row] = await s.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ order_status: 6, refund_status: 2 });
  });

  it('a random concurrent workload of payments, applications, agrees, partial and gateway refunds keeps every balance = Σ its logs and no refund above what was paid', async () => {
    const seller = await loginOwnerSeller(s);
    await s.db.update(goods_skus).set({ goods_stock: 500 }).where(eq(goods_skus.id, sku.skuId));
    await s.db.update(goods).set({ goods_stock: 500 }).where(eq(goods.id, sku.goodsId));
    await topUp(s.db, DEMO_USER_ID, 50_000_000);
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => paid(i % 3 === 0 ? 'wechat' : 'balance')));
    const jobs: Promise<unknown>[] = [];
    for (const [i, o] of made.entries()) {
      const total = toCents(o.total_price);
      if (i % 2 === 0) {
        jobs.push(
          s.call('POST', '/api/user/order/refund', { token: demo, body: { order_id: o.id, refund_type: 0, refund_remark: 'mix' }, ip: freshIp() }).then(() =>
            Promise.all(Array.from({ length: 3 }, () => s.call('PUT', `/api/Seller/refunds/${o.id}`, { token: seller, body: { action: 'agree' }, ip: freshIp() }))),
          ),
        );
      }
      jobs.push(...Array.from({ length: 4 }, () => attempt(o.id, Math.max(1, Math.floor(total / 3)))));
    }
    // more payments at the same time
    jobs.push(...Array.from({ length: 3 }, () => paid('balance')));
    await Promise.all(jobs);
    await sendPendingRefunds({ db: s.db, config: s.config });
    const rows = await s.db.select().from(orders).where(inArray(orders.id, made.map((o) => o.id)));
    for (const row of rows) expect(toCents(row.refund_money)).toBeLessThanOrEqual(toCents(row.total_price));
    for (const row of rows) {
      const paidBack = (await s.db.select().from(payment_refunds).where(eq(payment_refunds.order_id, row.id))).reduce((sum, r) => sum + toCents(r.money), 0);
      expect(paidBack).toBe(toCents(row.refund_money));
    }
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });
});
