import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configs, integral_earnings, money_logs, orders } from '../../../server/db/schema';
import { parsePointsRate, pointsFor } from '../../../server/modules/points/config';
import { changeOrderState } from '../../../server/modules/orders/states';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';
import { makeUser } from '../orders/fixtures';
import { makeOrder } from '../office-orders/fixtures';
import { pointsOf } from './fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

describe('points rate (pure)', () => {
  it('rounds down to whole points and reads the config with a fallback', () => {
    expect(pointsFor(9999, 100)).toBe(9900);
    expect(pointsFor(10000, 150)).toBe(15000);
    expect(pointsFor(99, 100)).toBe(0);
    expect(pointsFor(5000, 0)).toBe(0);
    expect(parsePointsRate('{"order_rate":"250"}')).toBe(250);
    expect(parsePointsRate('{"order_rate":"-1"}')).toBe(100);
    expect(parsePointsRate('broken')).toBe(100);
    expect(parsePointsRate(undefined)).toBe(100);
  });
});

describe('points earned when an order completes', () => {
  const complete = (orderId: number, from: 'comment' | 'afterSaleDone' = 'comment') =>
    s.db.transaction((tx) => changeOrderState(tx, { orderId, action: from, actor: 'system' }));

  it('credits the buyer once, through the ledger, at the configured rate, on the goods amount paid', async () => {
    const buyer = await makeUser(s);
    const order = await makeOrder(s, { storeId: 1, userId: buyer.id, status: 4 });
    await s.db.update(orders).set({ total_price: '125.50', freight_money: '10.00' }).where(eq(orders.id, order.id));
    const before = Number(await pointsOf(s, buyer.id));
    await complete(order.id);
    expect(Number(await pointsOf(s, buyer.id)) - before).toBe(115);
    const logs = await s.db.select().from(money_logs).where(and(eq(money_logs.user_id, buyer.id), eq(money_logs.is_type, 2)));
    expect(logs.map((l) => [l.name, l.money, l.info])).toEqual([['订单积分', '115.00', order.order_no]]);
    // the order cannot complete twice, and the earning row stands alone
    await expect(complete(order.id)).rejects.toMatchObject({ code: 422 });
    expect(await s.db.$count(integral_earnings, eq(integral_earnings.order_id, order.id))).toBe(1);
  });

  it('earns nothing more when an order reaches completed again after an after-sale', async () => {
    const buyer = await makeUser(s);
    const order = await makeOrder(s, { storeId: 1, userId: buyer.id, status: 4 });
    await complete(order.id);
    const earned = await pointsOf(s, buyer.id);
    await s.db.update(orders).set({ order_status: 5 }).where(eq(orders.id, order.id));
    await complete(order.id, 'afterSaleDone');
    expect(await pointsOf(s, buyer.id)).toBe(earned);
  });

  it('follows the rate the operator saves (PUT /Admin/configs/update), 0 earning nothing; a bad rate is a 422', async () => {
    const admin = await loginAdmin(s);
    const bad = await s.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'integral[order_rate]': 'lots' } });
    expect(bad.code).toBe(422);
    const saved = await s.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'integral[order_rate]': '200' } });
    expect(saved.code).toBe(200);
    const buyer = await makeUser(s);
    const order = await makeOrder(s, { storeId: 1, userId: buyer.id, status: 4 });
    await s.db.update(orders).set({ total_price: '10.00', freight_money: '0.00' }).where(eq(orders.id, order.id));
    await complete(order.id);
    expect(await pointsOf(s, buyer.id)).toBe('20.00');
    await s.db.update(configs).set({ content: '{"order_rate":"0"}' }).where(eq(configs.name, 'integral'));
    const other = await makeOrder(s, { storeId: 1, userId: buyer.id, status: 4 });
    await complete(other.id);
    expect(await pointsOf(s, buyer.id)).toBe('20.00');
    expect((await s.db.select().from(integral_earnings).where(eq(integral_earnings.order_id, other.id)))[0].points).toBe('0.00');
  });
});
