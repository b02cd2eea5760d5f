import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collective_logs, collective_members, orders, payment_refunds, seckill_orders, seckills } from '../../../server/db/schema';
import { expireGroups } from '../../../server/jobs/groupTasks';
import { balanceOf } from '../payment/fixtures';
import type { TestServer } from '../helpers';
import { makeAddress } from '../orders/fixtures';
import { topUp } from '../payment/fixtures';
import { buyPromo, makeOffer, makeSale, payByBalance, promoStore, type Payer } from './fixtures';
import { PG_URL, makeShoppers, openPgServer } from '../pgServer';

/**
 * Flash-sale units and group seats under concurrency on a real PostgreSQL (TEST_DATABASE_URL;
 * its data is dropped and reseeded): a sale of N units sells exactly N, a group fills exactly once.
 */

describe.skipIf(!PG_URL)('flash sales and groups on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let shoppers: Payer[];

  beforeAll(async () => {
    s = await openPgServer({ pool: 50 });
    const made = await makeShoppers(s, 20, 'pgseck', '秒杀买家', { payPassword: true });
    shoppers = [];
    for (const row of made) {
      await topUp(s.db, row.id, 1_000_000);
      shoppers.push({ id: row.id, username: row.username, token: row.token, address: await makeAddress(s, row.id, { isDefault: true }) });
    }
  }, 180_000);
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('a flash sale of 10 units under 1,000 concurrent orders sells exactly 10', async () => {
    const shop = await promoStore(s, '并发秒杀店');
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods, stock: 10, discount: '50.00' });
    await s.db.execute(sql`update goods set goods_stock = 5000 where id = ${shop.goods}`);
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => buyPromo(s, shoppers[i % shoppers.length], { goods_id: shop.goods, seckill_id: sale })));
    const codes = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.code]: (acc[a.code] ?? 0) + 1 }), {});
    expect(codes).toEqual({ 200: 10, 422: 990 });
    for (const refused of answers.filter((a) => a.code === 422)) expect(refused.data.lines[0].code).toBe('saleSoldOut');
    const [row] = await s.db.select().from(seckills).where(eq(seckills.id, sale));
    expect(row).toMatchObject({ stock: 0, sold: 10 });
    const held = await s.db.select().from(seckill_orders).where(eq(seckill_orders.seckill_id, sale));
    expect(held).toHaveLength(10);
    const made = await s.db.select({ total: orders.total_price }).from(orders).where(eq(orders.store_id, shop.store));
    expect(made).toHaveLength(10);
    expect(made.every((o) => o.total === '50.00')).toBe(true);
  }, 300_000);

  it('without seckill_id (the reference client, issue 25): a capped sale sells exactly its units at the flash price, an uncapped one down to the goods stock', async () => {
    const shop = await promoStore(s, '无编号并发秒杀店');
    const capped = await makeSale(s, { store: shop.store, goods: shop.goods, stock: 5, discount: '50.00' });
    await s.db.execute(sql`update goods set goods_stock = 1000 where id = ${shop.goods}`);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => buyPromo(s, shoppers[i % shoppers.length], { goods_id: shop.goods, buy_num: 1 + (i % 2) })));
    const sold = answers.filter((a) => a.code === 200);
    for (const refused of answers.filter((a) => a.code !== 200)) expect(refused.data.lines[0].code).toBe('saleSoldOut');
    const [row] = await s.db.select().from(seckills).where(eq(seckills.id, capped));
    const held = await s.db.select({ n: seckill_orders.buy_num }).from(seckill_orders).where(eq(seckill_orders.seckill_id, capped));
    expect(held.reduce((sum, h) => sum + h.n, 0)).toBe(row.sold);
    expect(row.stock).not.toBeNull();
    expect(row.stock! + row.sold).toBe(5);
    expect(row.stock).toBeLessThanOrEqual(1);
    expect(held).toHaveLength(sold.length);
    const made = await s.db.select({ total: orders.total_price, price: orders.order_price }).from(orders).where(eq(orders.store_id, shop.store));
    expect(made.every((o) => o.price === '50.00' || o.price === '100.00')).toBe(true);

    const open = await promoStore(s, '不限量并发秒杀店');
    const uncapped = await makeSale(s, { store: open.store, goods: open.goods, stock: null, discount: '10.00' });
    await s.db.execute(sql`update goods set goods_stock = 30 where id = ${open.goods}`);
    const rush = await Promise.all(Array.from({ length: 100 }, (_, i) => buyPromo(s, shoppers[i % shoppers.length], { goods_id: open.goods })));
    expect(rush.filter((a) => a.code === 200)).toHaveLength(30);
    for (const refused of rush.filter((a) => a.code !== 200)) expect(refused.data.lines[0].code).toBe('overStock');
    expect((await s.db.select().from(seckills).where(eq(seckills.id, uncapped)))[0]).toMatchObject({ stock: null, sold: 30 });
    const bought = await s.db.select({ price: orders.order_price }).from(orders).where(eq(orders.store_id, open.store));
    expect(bought.every((o) => o.price === '90.00')).toBe(true);
  }, 300_000);

  it('a group of 3 takes exactly 2 joiners out of 19 racing, and fills exactly once when they pay at the same time', async () => {
    const shop = await promoStore(s, '并发拼团店');
    await makeOffer(s, { store: shop.store, goods: shop.goods, need: 3, discount: '10.00' });
    const [opener, ...others] = shoppers;
    const open = await buyPromo(s, opener, { goods_id: shop.goods, collective_id: -1 });
    expect(open.code).toBe(200);
    const [{ groupId }] = await s.db.select({ groupId: orders.collective_id }).from(orders).where(eq(orders.id, open.data.order_id[0]));
    expect((await payByBalance(s, opener, open.data.order_id[0])).code).toBe(200);

    const joins = await Promise.all(others.map((who) => buyPromo(s, who, { goods_id: shop.goods, collective_id: groupId })));
    const joined = joins.filter((a) => a.code === 200);
    expect(joined).toHaveLength(2);
    for (const refused of joins.filter((a) => a.code !== 200)) expect(refused.data.lines[0].code).toBe('groupFull');
    const payers = others.filter((_, i) => joins[i].code === 200);
    const pays = await Promise.all(payers.map((who, i) => payByBalance(s, who, joined[i].data.order_id[0])));
    expect(pays.map((p) => p.code)).toEqual([200, 200]);

    const [group] = await s.db.select().from(collective_logs).where(eq(collective_logs.id, groupId));
    expect(group).toMatchObject({ need: 3, joined: 3, paid: 3, status: 1 });
    expect(group.filled_at).not.toBeNull();
    const seats = await s.db.select().from(collective_members).where(eq(collective_members.log_id, groupId));
    expect(seats).toHaveLength(3);
    expect(seats.every((m) => m.status === 2)).toBe(true);
  }, 300_000);

  it('five expiry runs at once fail each late group once and refund each paid seat exactly once', async () => {
    const shop = await promoStore(s, '过期并发拼团店');
    await makeOffer(s, { store: shop.store, goods: shop.goods, need: 5, discount: '10.00', hours: 1 });
    const openers = shoppers.slice(10, 16);
    const paidOrders: { who: Payer; orderId: number }[] = [];
    for (const who of openers) {
      const open = await buyPromo(s, who, { goods_id: shop.goods, collective_id: -1 });
      expect(open.code).toBe(200);
      await payByBalance(s, who, open.data.order_id[0]);
      paidOrders.push({ who, orderId: open.data.order_id[0] });
    }
    const before = new Map(await Promise.all(openers.map(async (who) => [who.id, await balanceOf(s.db, who.id)] as const)));
    const later = new Date(Date.now() + 2 * 3600_000);
    const runs = await Promise.all(Array.from({ length: 5 }, () => expireGroups({ db: s.db, config: s.config }, { now: later })));
    expect(runs.reduce((n, r) => n + r.failedGroups, 0)).toBe(openers.length);
    expect(runs.reduce((n, r) => n + r.refunded, 0)).toBe(openers.length);
    expect(runs.reduce((n, r) => n + r.errors, 0)).toBe(0);
    for (const { who, orderId } of paidOrders) {
      expect(await balanceOf(s.db, who.id)).toBe(before.get(who.id)! + 9000);
      const [order] = await s.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ order_status: 0, refund_money: '90.00' });
      expect(await s.db.$count(payment_refunds, eq(payment_refunds.order_id, orderId))).toBe(1);
    }
  }, 300_000);
});
