import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '../../../server/db/money';
import { order_pays } from '../../../server/db/schema';
import { newRefundNo, refundOrderPayment } from '../../../server/modules/payment/refund';
import { paySuccess } from '../../../server/modules/payment/success';
import { foldStatistics, rebuildStatistics } from '../../../server/modules/statistics/rollups';
import { todayIn } from '../../../server/modules/statistics/period';
import { loginAdmin, type TestServer } from '../helpers';
import { PG_URL, openPgServer } from '../pgServer';
import { makeGoods, makeOrder, makeStore, makeUser } from './fixtures';

/**
 * The rollups under concurrent payments, refunds and folds on a real PostgreSQL (TEST_DATABASE_URL):
 * payments of orders of two stores in both orders (the lock order that deadlocks hot counter
 * rows), refunds racing them and folds running all along; afterwards every figure equals the
 * orders table's own sums, and the incremental rollups equal a rebuild.
 */
type Rows<T> = { rows: T[] };

describe.skipIf(!PG_URL)('dashboard rollups on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openPgServer({ pool: 12, mute: ['log', 'warn'] });
    admin = await loginAdmin(s);
  }, 120_000);
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => expect(s.database.kind).toBe('postgres'));

  it('60 concurrent payments (two stores in one payment, in both orders), refunds and folds: figures equal the orders table', async () => {
    const today = todayIn(s.config.timeZone);
    const a = await makeStore(s.db, '并发甲店');
    const b = await makeStore(s.db, '并发乙店');
    const ga = await makeGoods(s.db, a.id, '并发甲货');
    const gb = await makeGoods(s.db, b.id, '并发乙货');
    const buyers = await Promise.all([0, 1, 2, 3].map((i) => makeUser(s.db, `并发买家${i}`)));
    const payments: { payNo: string; cents: number; orderIds: number[] }[] = [];
    for (let i = 0; i < 60; i++) {
      const user = buyers[i % buyers.length].id;
      const stores = i % 2 === 0 ? [a.id, b.id] : [b.id, a.id];
      const orderIds: number[] = [];
      let cents = 0;
      for (const storeId of stores) {
        const line = { goodsId: storeId === a.id ? ga : gb, qty: 1 + (i % 3), cents: 1000 + i * 7 };
        orderIds.push(await makeOrder(s.db, { storeId, userId: user, status: 1, lines: [line] }));
        cents += line.cents;
      }
      const payNo = `PC${Date.now()}${i}`.slice(0, 32);
      await s.db.insert(order_pays).values({ belong_id: user, pay_no: payNo, payment_name: 'alipay', total: fromCents(cents), pay_status: 0, order_ids: orderIds.join(',') });
      payments.push({ payNo, cents, orderIds });
    }
    let folding = true;
    const folds = (async () => {
      while (folding) await foldStatistics(s.db);
    })();
    const paid = await Promise.all(
      payments.map((p) => s.db.transaction((tx) => paySuccess(tx, { payNo: p.payNo, tradeNo: `T${p.payNo}`, paidCents: p.cents }))),
    );
    expect(paid.every((r) => r.applied)).toBe(true);
    // refunds of the first order of every third payment, all at once, while payments of the same
    // stores are folded
    await Promise.all(
      payments
        .filter((_, i) => i % 3 === 0)
        .map((p, i) => s.db.transaction((tx) => refundOrderPayment(tx, { orderId: p.orderIds[0], cents: 100 + i, reason: 'race', refundNo: newRefundNo('Asia/Shanghai'), actor: 'admin' }))),
    );
    folding = false;
    await folds;

    for (const [storeId, token] of [[a.id, await s.login(a.owner.username, '123456', 'users', 'seller')], [b.id, await s.login(b.owner.username, '123456', 'users', 'seller')]] as const) {
      const d = (await s.call('GET', '/api/Seller/dashboard/all', { token })).data;
      const own = (await s.db.execute(
        sql`select coalesce(sum(total_price - refund_money), 0)::text as sales, count(*)::int as orders,
                   count(distinct user_id)::int as buyers from orders where store_id = ${storeId} and pay_time::date = ${today}::date and deleted_at is null`,
      )) as unknown as Rows<{ sales: string; orders: number; buyers: number }>;
      expect(d.today_price).toBe(own.rows[0].sales);
      expect(d.order_plot.at(-1)).toMatchObject({ time: today, num: own.rows[0].sales, orders: 60 });
      expect(d.user_plot.at(-1)).toEqual({ time: today, num: own.rows[0].buyers });
      expect(d.order_send).toBe(60);
    }
    const platform = (await s.call('GET', '/api/Admin/dashboard/all', { token: admin })).data;
    const all = (await s.db.execute(
      sql`select coalesce(sum(total_price - refund_money), 0)::text as sales from orders where pay_time::date = ${today}::date and deleted_at is null`,
    )) as unknown as Rows<{ sales: string }>;
    expect(platform.today_price).toBe(all.rows[0].sales);

    // what the triggers and folds built equals a recount from the tables
    await foldStatistics(s.db);
    const dump = async () =>
      ((await s.db.execute(
        sql`select (select json_agg(d order by store_id, day) from stat_days d where paid_orders <> 0 or sales <> 0 or new_users <> 0 or new_stores <> 0 or refund_orders <> 0) as days,
                   (select json_agg(b order by store_id, day, user_id) from stat_buyers b where orders <> 0) as buyers,
                   (select json_agg(g order by goods_id, day) from stat_goods_days g where orders <> 0 or quantity <> 0) as goods,
                   (select json_agg(t order by store_id, order_status) from stat_states t where orders <> 0) as states`,
      )) as unknown as Rows<Record<string, unknown>>).rows[0];
    const incremental = await dump();
    await rebuildStatistics(s.db);
    expect(await dump()).toEqual(incremental);
  }, 120_000);
});
