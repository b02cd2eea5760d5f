import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../server/db/money';
import { goods, goods_skus, money_logs, order_goods, order_logs, orders, users } from '../../../server/db/schema';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { cancelOrder } from '../../../server/modules/orders/cancel';
import { devNotifyFields } from '../../../server/modules/payment/providers/dev';
import { freshIp, TEST_SECRET, type TestServer } from '../helpers';
import { balanceOf, DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from './fixtures';
import { PG_URL, openPgServer } from '../pgServer';

/**
 * Payment races on a real PostgreSQL (TEST_DATABASE_URL; CI always sets it): concurrent balance
 * payments, concurrent notifies, and a random concurrent workload of orders, payments and
 * cancellations that must leave every balance = Σ its logs and no stock below zero.
 */

describe.skipIf(!PG_URL)('payment on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let sku: Awaited<ReturnType<typeof stockedSku>>;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    s = await openPgServer({ mute: ['log', 'warn'] });
    tokens.set(DEMO_USER_ID, await s.login('demo'));
    for (const username of ['13800000001', '13800000002', '13800000003']) {
      const [u] = await s.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      tokens.set(u.id, await s.login(username));
    }
    for (const id of tokens.keys()) await topUp(s.db, id, 500_000);
    sku = await stockedSku(s.db, 1);
  });
  afterAll(() => s?.close());

  const pay = (userId: number, body: Record<string, string | number>) => s.call('POST', '/api/user/order/pay', { token: tokens.get(userId), body, ip: freshIp() });
  const notify = async (body: Record<string, string>) => {
    const res = await s.app.request('/api/payment/notify/dev', { method: 'POST', body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return { status: res.status, text: await res.text() };
  };
  const payLogs = (orderId: number) => s.db.select().from(order_logs).where(and(eq(order_logs.order_id, orderId), eq(order_logs.action, 'pay')));
  const stockUp = async (n: number) => {
    await s.db.update(goods_skus).set({ goods_stock: n }).where(eq(goods_skus.id, sku.skuId));
    await s.db.update(goods).set({ goods_stock: n }).where(eq(goods.id, sku.goodsId));
  };

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('20 concurrent balance payments of one order debit once, with one money log', async () => {
    await stockUp(100);
    const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(DEMO_USER_ID, { order_id: o.id, payment_name: 'balance', pay_password: '123456' })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    // the others find the order paid; a right pay password is never "too many wrong tries" (issue 30)
    for (const a of answers.filter((x) => x.code !== 200)) expect(a.code).toBe(422);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before - toCents(o.total_price));
    const logs = await s.db.select().from(money_logs).where(and(eq(money_logs.user_id, DEMO_USER_ID), eq(money_logs.info, o.order_no)));
    expect(logs).toHaveLength(1);
    expect(await payLogs(o.id)).toHaveLength(1);
    await s.db.execute(sql`delete from rate_limits where key like 'pay-password:%'`);
  });

  it('the pay-password limit counts wrong passwords only: a burst of right ones all pay; concurrent wrong ones hash at most five', async () => {
    await stockUp(100);
    const list = [] as FixtureOrder[];
    for (let i = 0; i < 12; i += 1) list.push((await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder);
    await topUp(s.db, DEMO_USER_ID, list.reduce((sum, o) => sum + toCents(o.total_price), 0));
    const right = await Promise.all(list.map((o) => pay(DEMO_USER_ID, { order_id: o.id, payment_name: 'balance', pay_password: '123456' })));
    expect(right.map((a) => a.code)).toEqual(list.map(() => 200));
    const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
    const wrong = await Promise.all(Array.from({ length: 12 }, () => pay(DEMO_USER_ID, { order_id: o.id, payment_name: 'balance', pay_password: '000000' })));
    expect(wrong.filter((a) => a.code === 422)).toHaveLength(5);
    expect(wrong.filter((a) => a.code === 429)).toHaveLength(7);
    expect((await pay(DEMO_USER_ID, { order_id: o.id, payment_name: 'balance', pay_password: '123456' })).code).toBe(429);
    await s.db.execute(sql`delete from rate_limits where key like 'pay-password%'`);
  });

  it('ten concurrent deliveries of one notify pay once and are all answered success', async () => {
    const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId, qty: 2 }])) as FixtureOrder;
    const qr = await pay(DEMO_USER_ID, { order_id: o.id, payment_name: 'wechat' });
    const saleBefore = (await s.db.select({ n: goods.goods_sale }).from(goods).where(eq(goods.id, sku.goodsId)))[0].n;
    const fields = devNotifyFields(TEST_SECRET, qr.data.pay_no, toCents(o.total_price));
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(fields)));
    expect(answers.every((a) => a.status === 200 && a.text === 'success')).toBe(true);
    expect(await payLogs(o.id)).toHaveLength(1);
    expect((await s.db.select({ n: goods.goods_sale }).from(goods).where(eq(goods.id, sku.goodsId)))[0].n).toBe(saleBefore + 2);
  });

  it('a balance payment racing a QR payment’s notify for one order: paid once, the loser refunded to the balance', async () => {
    for (let round = 0; round < 5; round += 1) {
      const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
      const qr = await pay(DEMO_USER_ID, { order_id: o.id, payment_name: 'alipay' });
      const before = await balanceOf(s.db, DEMO_USER_ID);
      const [balance, dev] = await Promise.all([
        pay(DEMO_USER_ID, { order_id: o.id, payment_name: 'balance', pay_password: '123456' }),
        notify(devNotifyFields(TEST_SECRET, qr.data.pay_no, toCents(o.total_price))),
      ]);
      expect(dev.text).toBe('success');
      expect(await payLogs(o.id)).toHaveLength(1);
      const [row] = await s.db.select({ payment: orders.payment_name }).from(orders).where(eq(orders.id, o.id));
      // whoever won, the buyer paid exactly once in the end: a balance payment that lost got a 422
      // and debited nothing; one that won was debited and the QR payment went back to the balance
      expect(row.payment === 'balance').toBe(balance.code === 200);
      expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    }
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('a random concurrent workload of orders, payments and cancellations keeps balance = Σ logs and stock ≥ 0', async () => {
    await stockUp(40);
    const buyers = [...tokens.keys()];
    const opening = new Map<number, number>();
    for (const id of buyers) opening.set(id, await balanceOf(s.db, id));
    const logsBefore = (await s.db.select({ id: sql<number>`coalesce(max(${money_logs.id}), 0)::int` }).from(money_logs))[0].id;
    const ordersBefore = (await s.db.select({ id: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders))[0].id;
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const created: { id: number; userId: number; total: number }[] = [];
    const task = async (i: number) => {
      const userId = buyers[random(buyers.length)];
      const made = await makeOrder(s.db, userId, [{ goodsId: sku.goodsId, skuId: sku.skuId, qty: 1 + random(3) }]);
      if (!made) return;
      created.push({ id: made.id, userId, total: toCents(made.total_price) });
      const pick = created[random(created.length)];
      const moves = [
        () => pay(pick.userId, { order_id: pick.id, payment_name: 'balance', pay_password: '123456' }),
        async () => {
          const qr = await pay(pick.userId, { order_id: pick.id, payment_name: i % 2 ? 'alipay' : 'wechat' });
          if (qr.code === 200) await notify(devNotifyFields(TEST_SECRET, qr.data.pay_no, pick.total));
        },
        () => s.db.transaction((tx) => cancelOrder(tx, { orderId: pick.id, actor: 'user', actorId: pick.userId })).catch(() => undefined),
      ];
      await Promise.all([moves[random(3)](), moves[random(3)]()]);
    };
    await Promise.all(Array.from({ length: 40 }, (_, i) => task(i)));

    expect(await findLedgerMismatches(s.db)).toEqual([]);
    for (const id of buyers) {
      const [{ sum }] = await s.db
        .select({ sum: sql<string>`coalesce(sum(${money_logs.money}), 0)::text` })
        .from(money_logs)
        .where(and(eq(money_logs.user_id, id), eq(money_logs.is_belong, 0), eq(money_logs.is_type, 0), sql`${money_logs.id} > ${logsBefore}`));
      expect(await balanceOf(s.db, id)).toBe(opening.get(id)! + toCents(sum));
    }
    const [skuRow] = await s.db.select({ stock: goods_skus.goods_stock }).from(goods_skus).where(eq(goods_skus.id, sku.skuId));
    const [goodsRow] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, sku.goodsId));
    expect(skuRow.stock).toBeGreaterThanOrEqual(0);
    expect(goodsRow.stock).toBeGreaterThanOrEqual(0);
    // stock taken by the orders still standing is exactly what left the shelf
    const standing = await s.db
      .select({ qty: sql<number>`coalesce(sum(${order_goods.buy_num}), 0)::int` })
      .from(order_goods)
      .innerJoin(orders, eq(orders.id, order_goods.order_id))
      .where(and(sql`${orders.id} > ${ordersBefore}`, sql`${orders.order_status} <> 0`));
    expect(skuRow.stock + standing[0].qty).toBe(40);
    // every order is paid at most once, and a paid order has exactly one pay row
    const ids = created.map((c) => c.id);
    const pays = await s.db
      .select({ id: order_logs.order_id, n: sql<number>`count(*)::int` })
      .from(order_logs)
      .where(and(inArray(order_logs.order_id, ids), eq(order_logs.action, 'pay')))
      .groupBy(order_logs.order_id);
    expect(pays.every((p) => p.n === 1)).toBe(true);
    const paid = await s.db.select({ id: orders.id }).from(orders).where(and(inArray(orders.id, ids), sql`${orders.order_status} >= 2`));
    expect(new Set(pays.map((p) => p.id))).toEqual(new Set(paid.map((p) => p.id)));
    const cancelled = await s.db.select({ id: orders.id }).from(orders).where(and(inArray(orders.id, ids), eq(orders.order_status, 0)));
    expect(paid.length).toBeGreaterThan(0);
    expect(cancelled.length).toBeGreaterThan(0);
  });
});
