import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribution_logs, distribution_orders, money_logs, order_goods, orders, users } from '../../../server/db/schema';
import { payReferralCommissions } from '../../../server/modules/distribution/commission';
import { basisPoints, commissionable, commissionOf, lineShare } from '../../../server/modules/distribution/rates';
import { openTestServer, type TestServer } from '../helpers';
import { makeOrder } from '../office-orders/fixtures';
import { inviteChain, moneyOf, setRates } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

describe('commission arithmetic (pure)', () => {
  it('reads percent rates as basis points and refuses anything else', () => {
    expect(basisPoints('10.5')).toBe(1050);
    expect(basisPoints('0')).toBe(0);
    expect(basisPoints('100')).toBe(10000);
    expect(basisPoints('100.01')).toBeNull();
    expect(basisPoints('-1')).toBeNull();
    expect(basisPoints('1.234')).toBeNull();
  });

  it('rounds every step down, so the total never exceeds the amount paid for the goods', () => {
    expect(commissionable({ totalCents: 11000, freightCents: 1000, orderPriceCents: 12000 })).toBe(10000);
    expect(commissionable({ totalCents: 500, freightCents: 1000, orderPriceCents: 12000 })).toBe(0);
    expect(commissionable({ totalCents: 20000, freightCents: 0, orderPriceCents: 12000 })).toBe(12000);
    expect(lineShare(3333, 9999, 9999)).toBe(3333);
    expect(lineShare(3333, 5000, 9999)).toBe(1666);
    expect(commissionOf(999, 1050)).toBe(104); // 104.895 → 104
    // 100 % split over three levels on awkward amounts: never above the share
    for (const share of [1, 7, 99, 101, 12345, 99999]) {
      const total = commissionOf(share, 3333) + commissionOf(share, 3333) + commissionOf(share, 3334);
      expect(total).toBeLessThanOrEqual(share);
    }
  });
});

describe('payReferralCommissions', () => {
  const pay = (order: { id: number; order_no: string }, buyerId: number) =>
    s.db.transaction((tx) => payReferralCommissions(tx, { id: order.id, order_no: order.order_no, user_id: buyerId, store_id: 1 }));

  it('credits three levels of inviters per the goods\' rates, once, and returns the cents', async () => {
    const chain = await inviteChain(s);
    const order = await makeOrder(s, { storeId: 1, userId: chain.buyer.id, status: 6, buyNum: 1 });
    await s.db.update(orders).set({ total_price: '200.00', order_price: '200.00' }).where(eq(orders.id, order.id));
    await s.db.update(order_goods).set({ total_price: '200.00' }).where(eq(order_goods.order_id, order.id));
    await setRates(s, 1, order.goodsId, ['10.5', '5', '1.25']);
    const paid = await pay(order, chain.buyer.id);
    expect(paid).toBe(2100 + 1000 + 250);
    expect(await moneyOf(s, chain.a.id)).toBe('21.00');
    expect(await moneyOf(s, chain.b.id)).toBe('10.00');
    expect(await moneyOf(s, chain.c.id)).toBe('2.50');
    expect(await moneyOf(s, chain.top.id)).toBe('0.00');
    const logs = await s.db.select().from(distribution_logs).where(eq(distribution_logs.order_id, order.id)).orderBy(distribution_logs.level);
    expect(logs.map((l) => [l.name, l.user_id, l.level, l.lev, l.commission, l.money])).toEqual([
      ['一级分销', chain.a.id, 1, '10.50', '21.00', '200.00'],
      ['二级分销', chain.b.id, 2, '5.00', '10.00', '200.00'],
      ['三级分销', chain.c.id, 3, '1.25', '2.50', '200.00'],
    ]);
    const ledger = await s.db.select().from(money_logs).where(eq(money_logs.user_id, chain.a.id));
    expect(ledger.map((l) => [l.name, l.money, l.is_type, l.info])).toEqual([['分销佣金', '21.00', 0, order.order_no]]);
    expect(await pay(order, chain.buyer.id)).toBe(0);
    expect(await moneyOf(s, chain.a.id)).toBe('21.00');
    expect((await s.db.select().from(distribution_orders).where(eq(distribution_orders.order_id, order.id)))[0].commission).toBe('33.50');
  });

  it('pays on what was paid for the goods: a discount and the freight shrink the base', async () => {
    const chain = await inviteChain(s);
    const order = await makeOrder(s, { storeId: 1, userId: chain.buyer.id, status: 6, buyNum: 1 });
    // goods 100.00, coupon 40.00, freight 5.00 → paid 65.00, of which 60.00 for the goods
    await s.db.update(orders).set({ order_price: '100.00', coupon_money: '40.00', freight_money: '5.00', total_price: '65.00' }).where(eq(orders.id, order.id));
    await s.db.update(order_goods).set({ total_price: '100.00' }).where(eq(order_goods.order_id, order.id));
    await setRates(s, 1, order.goodsId, ['100', '0', '0']);
    expect(await pay(order, chain.buyer.id)).toBe(6000);
  });

  it('pays nothing without inviters, without rates, and stops at a loop in the chain', async () => {
    const chain = await inviteChain(s);
    const lonely = await makeOrder(s, { storeId: 1, userId: chain.top.id, status: 6 });
    await setRates(s, 1, lonely.goodsId, ['10', '10', '10']);
    expect(await pay(lonely, chain.top.id)).toBe(0);
    // a ← buyer, and a invited by the buyer: only a is paid
    await s.db.update(users).set({ inviter_id: chain.buyer.id }).where(eq(users.id, chain.a.id));
    const looped = await makeOrder(s, { storeId: 1, userId: chain.buyer.id, status: 6, buyNum: 1 });
    const paid = await pay(looped, chain.buyer.id);
    const logs = await s.db.select().from(distribution_logs).where(eq(distribution_logs.order_id, looped.id));
    expect(logs.map((l) => l.user_id)).toEqual([chain.a.id]);
    expect(paid).toBe(Number(logs[0].commission.replace('.', '')));
    const other = await makeOrder(s, { storeId: 2, userId: chain.buyer.id, status: 6 });
    expect(await s.db.transaction((tx) => payReferralCommissions(tx, { id: other.id, order_no: other.order_no, user_id: chain.buyer.id, store_id: 2 }))).toBe(0);
  });

  it('rolls back with the caller\'s transaction: a failed settlement pays nothing and can run again', async () => {
    const chain = await inviteChain(s);
    const order = await makeOrder(s, { storeId: 1, userId: chain.buyer.id, status: 6, buyNum: 1 });
    await setRates(s, 1, order.goodsId, ['10', '0', '0']);
    await expect(
      s.db.transaction(async (tx) => {
        await payReferralCommissions(tx, { id: order.id, order_no: order.order_no, user_id: chain.buyer.id, store_id: 1 });
        throw new Error('settlement failed');
      }),
    ).rejects.toThrow('settlement failed');
    expect(await moneyOf(s, chain.a.id)).toBe('0.00');
    expect(await pay(order, chain.buyer.id)).toBeGreaterThan(0);
  });
});
