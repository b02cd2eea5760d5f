import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distribution_logs, integral_goods, integral_orders, money_logs, users } from '../../../server/db/schema';
import { payReferralCommissions } from '../../../server/modules/distribution/commission';
import { applyLedger } from '../../../server/modules/money/ledger';
import { hashPassword } from '../../../server/http/password';
import type { TestServer } from '../helpers';
import { makeOrder } from '../office-orders/fixtures';
import { makeAddress } from '../orders/fixtures';
import { inviteChain, moneyOf, setRates } from '../distribution/fixtures';
import { makeClass, makePointsGoods, pointsOf, redeemKey } from './fixtures';
import { PG_URL, makeShoppers, openPgServer } from '../pgServer';

/**
 * Points-mall and commission races on a real PostgreSQL (TEST_DATABASE_URL; its data is dropped
 * and reseeded): concurrent redemptions never sell more than the stock nor spend more points than
 * a buyer has; concurrent payouts of one order's commissions pay once.
 */

interface Shopper {
  id: number;
  token: string;
  address: number;
}

describe.skipIf(!PG_URL)('points mall on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let shoppers: Shopper[];

  beforeAll(async () => {
    s = await openPgServer({ pool: 40 });
    const made = await makeShoppers(s, 20, 'pgpoints', '积分买家');
    shoppers = [];
    for (const row of made) {
      await s.db.transaction((tx) => applyLedger(tx, { owner: 'user', id: row.id, type: 2, cents: 1_000_000, name: '系统处理' }));
      shoppers.push({ id: row.id, token: row.token, address: await makeAddress(s, row.id, { isDefault: true }) });
    }
  }, 180_000);
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('200 concurrent redemptions of a goods with 10 in stock make exactly 10 orders, stock 0', async () => {
    const g = await makePointsGoods(s, { cid: await makeClass(s), price: '100.00', stock: 10 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const shopper = shoppers[i % shoppers.length];
        return s.call('POST', '/api/integral/pay', { token: shopper.token, body: { id: g, buy_num: 1, address_id: shopper.address, idem_key: redeemKey() } });
      }),
    );
    const codes = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.code]: (acc[a.code] ?? 0) + 1 }), {});
    expect(codes).toEqual({ 200: 10, 422: 190 });
    const [row] = await s.db.select().from(integral_goods).where(eq(integral_goods.id, g));
    expect([row.goods_stock, row.goods_sale]).toEqual([0, 10]);
    expect(await s.db.$count(integral_orders, eq(integral_orders.goods_id, g))).toBe(10);
    // every order has its one debit
    const [{ debits }] = await s.db.select({ debits: sql<number>`count(*)::int` }).from(money_logs).where(sql`${money_logs.name} = '积分兑换' and ${money_logs.info} in (select order_no from integral_orders where goods_id = ${g})`);
    expect(debits).toBe(10);
  }, 300_000);

  it('a buyer with 250 points firing 20 concurrent redemptions of 100 gets exactly 2, keeping 50', async () => {
    const g = await makePointsGoods(s, { cid: await makeClass(s), price: '100.00', stock: 100 });
    const [poor] = await s.db.insert(users).values({ username: `pgpoor${Date.now() % 100000}`, password: await hashPassword('123456'), nickname: '积分不多' }).returning({ id: users.id, username: users.username });
    await s.db.transaction((tx) => applyLedger(tx, { owner: 'user', id: poor.id, type: 2, cents: 25_000, name: '系统处理' }));
    const token = await s.login(poor.username, '123456', 'users');
    const address = await makeAddress(s, poor.id, { isDefault: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.call('POST', '/api/integral/pay', { token, body: { id: g, buy_num: 1, address_id: address, idem_key: redeemKey() } })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.code === 422).every((a) => a.data.field === 'buy_num')).toBe(true);
    expect(await pointsOf(s, poor.id)).toBe('50.00');
    expect((await s.db.select().from(integral_goods).where(eq(integral_goods.id, g)))[0].goods_stock).toBe(98);
  }, 120_000);

  it('20 concurrent submits with one key make one order and spend once', async () => {
    const g = await makePointsGoods(s, { cid: await makeClass(s), price: '100.00', stock: 100 });
    const shopper = shoppers[0];
    const before = await pointsOf(s, shopper.id);
    const key = redeemKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.call('POST', '/api/integral/pay', { token: shopper.token, body: { id: g, buy_num: 1, address_id: shopper.address, idem_key: key } })));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.order_id)).size).toBe(1);
    expect(Number(before) - Number(await pointsOf(s, shopper.id))).toBe(100);
  }, 120_000);

  it('20 concurrent identical submits WITHOUT a key (the reference client, issue 25) make one order and spend once', async () => {
    const g = await makePointsGoods(s, { cid: await makeClass(s), price: '100.00', stock: 100 });
    const shopper = shoppers[1];
    const before = await pointsOf(s, shopper.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.call('POST', '/api/integral/pay', { token: shopper.token, body: { id: g, buy_num: 1, address_id: shopper.address, remark: '' } })));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.order_id)).size).toBe(1);
    expect(Number(before) - Number(await pointsOf(s, shopper.id))).toBe(100);
  }, 120_000);

  it('20 concurrent payouts of one order\'s commissions pay it once', async () => {
    const chain = await inviteChain(s);
    const order = await makeOrder(s, { storeId: 1, userId: chain.buyer.id, status: 6, buyNum: 1 });
    await setRates(s, 1, order.goodsId, ['10', '5', '2']);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => s.db.transaction((tx) => payReferralCommissions(tx, { id: order.id, order_no: order.order_no, user_id: chain.buyer.id, store_id: 1 }))),
    );
    const paid = results.filter((n) => n > 0);
    expect(paid).toHaveLength(1);
    expect(results.filter((n) => n === 0)).toHaveLength(19);
    const logs = await s.db.select().from(distribution_logs).where(eq(distribution_logs.order_id, order.id));
    expect(logs).toHaveLength(3);
    const sum = logs.reduce((total, l) => total + Math.round(Number(l.commission) * 100), 0);
    expect(sum).toBe(paid[0]);
    const credited = [chain.a.id, chain.b.id, chain.c.id].map((id) => moneyOf(s, id));
    expect((await Promise.all(credited)).reduce((total, m) => total + Math.round(Number(m) * 100), 0)).toBe(paid[0]);
  }, 120_000);
});
