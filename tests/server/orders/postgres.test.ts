import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goods_skus, order_checkouts, order_goods, order_logs, orders } from '../../../server/db/schema';
import { cancelUnpaidOrders } from '../../../server/jobs/orderTasks';
import type { TestServer } from '../helpers';
import { buildFixture, checkoutParams, makeAddress, makeGoods, newKey, type Fixture } from './fixtures';
import { PG_URL, makeShoppers, openPgServer } from '../pgServer';

/**
 * Checkout races on a real PostgreSQL (TEST_DATABASE_URL; its data is dropped and reseeded):
 * no oversell, one order set per idempotency key, stock returned once by racing cancels, and
 * timed tasks on several instances handling each order once. The app's pool is 50 connections.
 */

interface Shopper {
  id: number;
  token: string;
  address: number;
}

describe.skipIf(!PG_URL)('orders on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let f: Fixture;
  let shoppers: Shopper[];

  beforeAll(async () => {
    s = await openPgServer({ pool: 50 });
    f = await buildFixture(s);
    // 20 shoppers sharing one password hash (a hash costs tens of ms)
    const made = await makeShoppers(s, 20, 'pgbuyer', '并发买家');
    shoppers = [];
    for (const row of made) shoppers.push({ id: row.id, token: row.token, address: await makeAddress(s, row.id, { isDefault: true }) });
  }, 180_000);
  afterAll(() => s?.close());

  it('runs on PostgreSQL with a 50-connection pool', () => {
    expect(s.database.kind).toBe('postgres');
  });

  const createBody = (lines: Parameters<typeof checkoutParams>[0], address: number, key = newKey()) => ({ params: checkoutParams(lines), address_id: address, idem_key: key });

  it('1,000 concurrent checkouts of a SKU with 10 in stock make exactly 10 orders and leave stock 0', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '限量并发商品', goods_stock: 10, goods_price: '99.00' });
    const [sku] = await s.db.insert(goods_skus).values({ goods_id: g, sku_name: '唯一款', goods_stock: 10, goods_price: '99.00' }).returning({ id: goods_skus.id });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const shopper = shoppers[i % shoppers.length];
        return s.call('POST', '/api/user/order/create', { token: shopper.token, body: createBody([{ goods_id: g, sku_id: sku.id, buy_num: 1 }], shopper.address) });
      }),
    );
    const codes = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.code]: (acc[a.code] ?? 0) + 1 }), {});
    expect(codes).toEqual({ 200: 10, 422: 990 });
    for (const refused of answers.filter((a) => a.code === 422)) expect(refused.data.lines[0].code).toBe('overStock');
    const [skuRow] = await s.db.select({ stock: goods_skus.goods_stock }).from(goods_skus).where(eq(goods_skus.id, sku.id));
    const [goodsRow] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, g));
    expect(skuRow.stock).toBe(0);
    expect(goodsRow.stock).toBe(0);
    const lines = await s.db.select({ orderId: order_goods.order_id, n: order_goods.buy_num }).from(order_goods).where(eq(order_goods.goods_id, g));
    expect(lines).toHaveLength(10);
    expect(new Set(lines.map((l) => l.orderId)).size).toBe(10);
    const [{ negative }] = await s.db.select({ negative: sql<number>`count(*)::int` }).from(goods_skus).where(sql`${goods_skus.goods_stock} < 0`);
    expect(negative).toBe(0);
  }, 300_000);

  it('20 concurrent creates with one key make one order set, and all answer it', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '重复提交商品', goods_stock: 100 });
    const shopper = shoppers[0];
    const key = newKey();
    const body = createBody([{ goods_id: g, buy_num: 3 }], shopper.address, key);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.call('POST', '/api/user/order/create', { token: shopper.token, body })));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
    const first = answers[0].data;
    expect(first.order_id).toHaveLength(1);
    for (const a of answers) expect(a.data).toEqual(first);
    expect(await s.db.$count(order_goods, eq(order_goods.goods_id, g))).toBe(1);
    expect(await s.db.$count(order_checkouts, and(eq(order_checkouts.user_id, shopper.id), eq(order_checkouts.idem_key, key)))).toBe(1);
    const [row] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, g));
    expect(row.stock).toBe(97);
  }, 120_000);

  it('20 concurrent identical creates WITHOUT a key (the reference client, issue 25) make one order, all answered with it', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '无键重复提交商品', goods_stock: 100 });
    const shopper = shoppers[1];
    // what the reference's before.vue sends: no idem_key
    const body = { params: checkoutParams([{ goods_id: g, buy_num: 2 }]), address_id: shopper.address, coupon_id: '', remark: '' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.call('POST', '/api/user/order/create', { token: shopper.token, body })));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
    const first = answers[0].data;
    expect(first.order_id).toHaveLength(1);
    for (const a of answers) expect(a.data).toEqual(first);
    expect(await s.db.$count(order_goods, eq(order_goods.goods_id, g))).toBe(1);
    const [row] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, g));
    expect(row.stock).toBe(98);
  }, 120_000);

  it('racing cancels (the buyer five times and two timed-task runs) return the stock once', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '并发取消商品', goods_stock: 10 });
    const [sku] = await s.db.insert(goods_skus).values({ goods_id: g, sku_name: '默认', goods_stock: 10, goods_price: '10.00' }).returning({ id: goods_skus.id });
    const shopper = shoppers[1];
    const made = await s.call('POST', '/api/user/order/create', { token: shopper.token, body: createBody([{ goods_id: g, sku_id: sku.id, buy_num: 4 }], shopper.address) });
    expect(made.code, made.msg).toBe(200);
    const orderId = made.data.order_id[0];
    const later = new Date(Date.now() + 31 * 60_000);
    const [puts, jobs] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => s.call('PUT', `/api/user/order/${orderId}`, { token: shopper.token, body: { order_status: 0 } }))),
      Promise.all([cancelUnpaidOrders(s.db, { now: later, log: () => {} }), cancelUnpaidOrders(s.db, { now: later, log: () => {} })]),
    ]);
    const userWins = puts.filter((a) => a.code === 200).length;
    for (const a of puts.filter((p) => p.code !== 200)) expect(a).toMatchObject({ code: 422, data: { field: 'order_status', order_status: 0 } });
    expect(userWins).toBeLessThanOrEqual(1);
    const [skuRow] = await s.db.select({ stock: goods_skus.goods_stock }).from(goods_skus).where(eq(goods_skus.id, sku.id));
    const [goodsRow] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, g));
    expect(skuRow.stock).toBe(10);
    expect(goodsRow.stock).toBe(10);
    const cancels = await s.db.select().from(order_logs).where(and(eq(order_logs.order_id, orderId), eq(order_logs.action, 'cancel')));
    expect(cancels).toHaveLength(1);
    expect(cancels[0].actor).toBe(userWins === 1 ? 'user' : 'system');
    void jobs;
  }, 120_000);

  it('two instances running the cancel task at once handle each order once', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '多实例任务商品', goods_stock: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const shopper = shoppers[i % shoppers.length];
      const made = await s.call('POST', '/api/user/order/create', { token: shopper.token, body: createBody([{ goods_id: g, buy_num: 2 }], shopper.address) });
      expect(made.code, made.msg).toBe(200);
      ids.push(made.data.order_id[0]);
    }
    const later = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all(Array.from({ length: 3 }, () => cancelUnpaidOrders(s.db, { now: later, batch: 5, log: () => {} })));
    // the rest on a later tick
    while ((await cancelUnpaidOrders(s.db, { now: later, log: () => {} })).done > 0);
    expect(runs.every((r) => r.failed === 0)).toBe(true);
    const statuses = await s.db.select({ status: orders.order_status }).from(orders).where(inArray(orders.id, ids));
    expect(statuses.every((r) => r.status === 0)).toBe(true);
    const cancels = await s.db.select({ orderId: order_logs.order_id }).from(order_logs).where(and(inArray(order_logs.order_id, ids), eq(order_logs.action, 'cancel')));
    expect(cancels).toHaveLength(12);
    const [row] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, g));
    expect(row.stock).toBe(100);
  }, 120_000);
});
