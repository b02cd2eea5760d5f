import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../server/db/money';
import * as schema from '../../server/db/schema';
import { DEMO } from '../../server/db/seed/accounts';
import { verifyPassword } from '../../server/http/password';
import { loginShopper, openTestServer, type TestServer } from './helpers';

/** The demo shopper's orders, addresses and balance (server/db/seed/orders.ts). */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

const { addresses, money_logs, order_goods, order_logs, order_pays, orders, users } = schema;

describe('seeded orders of the demo shopper', () => {
  it('two addresses (Beijing the default), pay password 123456, balance 1,000.00 = Σ money logs', async () => {
    const rows = await s.db.select().from(addresses).where(eq(addresses.user_id, DEMO.shopper.id)).orderBy(asc(addresses.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.is_default === 1).map((r) => r.area_info)).toEqual(['北京市 北京市 朝阳区']);
    expect(rows[1].area_info).toBe('上海市 上海市 浦东新区');
    for (const r of rows) expect(r.province_id * r.city_id * r.region_id).toBeGreaterThan(0);

    const [demo] = await s.db.select().from(users).where(eq(users.id, DEMO.shopper.id));
    expect(demo.money).toBe('1000.00');
    expect(await verifyPassword('123456', demo.pay_password)).toBe(true);
    const sums = await s.db
      .select({ type: money_logs.is_type, total: sql<string>`sum(${money_logs.money})::text` })
      .from(money_logs)
      .where(and(eq(money_logs.user_id, DEMO.shopper.id), eq(money_logs.is_belong, 0)))
      .groupBy(money_logs.is_type);
    const byType = new Map(sums.map((r) => [r.type, toCents(r.total)]));
    expect(byType.get(0)).toBe(toCents(demo.money));
    expect(byType.get(2)).toBe(toCents(demo.integral));
  });

  it('one order in each state across stores 1 and 2, consistent totals, history, payments and logs', async () => {
    // the demo after-sales (seed/refunds.ts, tests/server/refunds/seedRefunds.test.ts) aside
    const afterSale = new Set((await s.db.select({ id: schema.refunds.order_id }).from(schema.refunds)).map((r) => r.id));
    const rows = (await s.db.select().from(orders).where(eq(orders.user_id, DEMO.shopper.id)).orderBy(asc(orders.id))).filter((r) => !afterSale.has(r.id));
    expect(rows.map((r) => r.order_status).sort()).toEqual([0, 1, 2, 3, 4, 6]);
    expect(new Set(rows.map((r) => r.store_id))).toEqual(new Set([DEMO.owner.storeId, DEMO.owner2.storeId]));
    const pays = (await s.db.select().from(order_pays).where(eq(order_pays.belong_id, DEMO.shopper.id))).filter((p) => !afterSale.has(Number(p.order_ids)));
    const logs = await s.db.select().from(money_logs).where(and(eq(money_logs.user_id, DEMO.shopper.id), eq(money_logs.name, '订单支付')));
    for (const order of rows) {
      expect(order.order_no).toMatch(/^\d{20}$/);
      expect(toCents(order.total_price)).toBe(toCents(order.order_price) + toCents(order.freight_money) - toCents(order.coupon_money));
      const lines = await s.db.select().from(order_goods).where(eq(order_goods.order_id, order.id));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, l) => sum + toCents(l.total_price), 0)).toBe(toCents(order.order_price));
      for (const l of lines) expect(toCents(l.total_price)).toBe(toCents(l.goods_price) * l.buy_num);
      const history = await s.db.select().from(order_logs).where(eq(order_logs.order_id, order.id)).orderBy(asc(order_logs.id));
      expect(history[0]).toMatchObject({ action: 'create', from_status: -1, to_status: 1 });
      expect(history.at(-1)!.to_status).toBe(order.order_status);
      for (let i = 1; i < history.length; i++) expect(history[i].from_status).toBe(history[i - 1].to_status);
      const paid = [2, 3, 4, 6].includes(order.order_status);
      if (paid) {
        const pay = pays.find((p) => p.id === order.pay_id)!;
        expect(pay).toMatchObject({ pay_status: 1, payment_name: 'balance', total: order.total_price, order_ids: String(order.id) });
        expect(order.pay_time).not.toBeNull();
        expect(logs.filter((l) => l.info === order.order_no).map((l) => l.money)).toEqual([`-${order.total_price}`]);
      } else {
        expect(order.pay_id).toBe(0);
        expect(logs.some((l) => l.info === order.order_no)).toBe(false);
      }
      if (order.order_status >= 3 && order.order_status !== 5) expect(order.delivery_no).not.toBe('');
    }
    expect(pays).toHaveLength(4);
  });

  it('the shopper sees them through the API, with counts per state', async () => {
    const token = await loginShopper(s);
    const res = await s.call('GET', '/api/user/orders', { token });
    expect(res.code).toBe(200);
    // one order per state, plus the four demo after-sales: one waiting (5), one returning (5), one refunded (6), one refused (back to 3)
    expect(res.data.counts).toEqual({ '0': 1, '1': 1, '2': 1, '3': 2, '4': 1, '5': 2, '6': 2, all: 10 });
    const unpaid = res.data.data.find((r: { order_status: number }) => r.order_status === 1);
    expect(unpaid.expires_at).not.toBeNull();
    const home = await s.call('GET', '/api/user/default', { token });
    expect(home.data.count).toEqual([1, 1, 2, 1, 2]);
    // the oldest shipped order (the newest is the demo whose refund was refused)
    const shipped = res.data.data.filter((r: { order_status: number }) => r.order_status === 3).at(-1);
    const detail = await s.call('GET', `/api/user/order/${shipped.id}`, { token });
    expect(detail.data).toMatchObject({ delivery_name: '顺丰速运', pay: { payment_name: 'balance' } });
    expect(detail.data.logs.map((l: { action: string }) => l.action)).toEqual(['create', 'pay', 'ship']);
  });

  it('every seeded order (the group buy\'s too): an order number in the YYYYMMDDHHMMSS form, a payment the office names, history at its own times', async () => {
    const all = await s.db.select().from(orders).orderBy(asc(orders.id));
    expect(all.length).toBeGreaterThan(0);
    for (const o of all) {
      expect(o.order_no, `order ${o.id}`).toMatch(/^\d{20}$/);
      // YYYYMMDDHHMMSS of about its creation (orderNumber's form), never a millisecond count
      const n = o.order_no;
      const numbered = Date.parse(`${n.slice(0, 4)}-${n.slice(4, 6)}-${n.slice(6, 8)}T${n.slice(8, 10)}:${n.slice(10, 12)}:${n.slice(12, 14)}Z`);
      expect(Number.isNaN(numbered), `order ${o.id} ${n}`).toBe(false);
      expect(Number(n.slice(0, 4)), `order ${o.id} ${n}`).toBeGreaterThanOrEqual(2020);
      if (o.pay_time) expect(['balance', 'wechat', 'alipay'], `order ${o.id}`).toContain(o.payment_name);
      const logs = await s.db.select().from(order_logs).where(eq(order_logs.order_id, o.id)).orderBy(asc(order_logs.id));
      const placed = logs.find((l) => l.action === 'create');
      if (placed) expect(String(placed.created_at), `order ${o.id}`).toBe(String(o.created_at));
      const paid = logs.find((l) => l.action === 'pay');
      if (paid && o.pay_time) expect(String(paid.created_at), `order ${o.id}`).toBe(String(o.pay_time));
    }
  });
});
