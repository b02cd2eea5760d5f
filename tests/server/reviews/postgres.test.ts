import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_comments, orders } from '../../../server/db/schema';
import { reviewReceivedOrders } from '../../../server/jobs/reviewTasks';
import { refreshGoodsRating } from '../../../server/modules/reviews/rating';
import { loginAdmin, type TestServer } from '../helpers';
import { makeGoods } from '../shop/fixtures';
import { linesBody, makeReceivedOrder, ratingOf } from './fixtures';
import { PG_URL, makeShoppers, openPgServer } from '../pgServer';

/**
 * Reviews on a real PostgreSQL (TEST_DATABASE_URL; its data is dropped and reseeded): the goods'
 * counts stay exact under concurrent reviews, hides and deletes of one goods; one order is
 * reviewed once however often it is submitted; two task runs review each order once.
 */

interface Shopper {
  id: number;
  token: string;
}

describe.skipIf(!PG_URL)('reviews on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let shoppers: Shopper[];
  let admin: string;
  const STORE = 1;

  beforeAll(async () => {
    s = await openPgServer({ pool: 50 });
    const made = await makeShoppers(s, 20, 'pgrev', '评论买家');
    shoppers = made;
    admin = await loginAdmin(s);
  }, 180_000);
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('20 concurrent reviews of different lines of one goods (and 2 lines of one order each) give exact counts', async () => {
    const g = await makeGoods(s, { store_id: STORE, goods_name: '并发评论商品' });
    // each shopper's order has two lines of the goods: 40 lines, 20 orders reviewed at once
    const list = await Promise.all(shoppers.map((b) => makeReceivedOrder(s, { userId: b.id, storeId: STORE, goodsIds: [g, g] })));
    const scoreOf = (i: number) => [5, 3, 1][i % 3];
    const answers = await Promise.all(
      shoppers.map((b, i) =>
        s.call('POST', '/api/user/comments', {
          token: b.token,
          body: {
            order_id: list[i].id,
            ...linesBody(list[i].lines.map((line, k) => ({ order_goods_id: line, score: scoreOf(i + k), agree: scoreOf(i + k), service: scoreOf(i + k), speed: scoreOf(i + k) }))),
          },
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
    const expected = { all: 40, good: 0, medium: 0, bad: 0 };
    for (let i = 0; i < 20; i++) for (let k = 0; k < 2; k++) {
      const sc = scoreOf(i + k) * 4;
      if (sc >= 15) expected.good++;
      else if (sc > 10) expected.medium++;
      else expected.bad++;
    }
    expect(await ratingOf(s, g)).toEqual(expected);
    const orderRows = await s.db.select({ status: orders.order_status }).from(orders).where(inArray(orders.id, list.map((o) => o.id)));
    expect(orderRows.every((o) => o.status === 6)).toBe(true);

    // concurrent hides and deletes of half of them, then the counts still equal a fresh recount
    const rows = await s.db.select({ id: order_comments.id }).from(order_comments).where(eq(order_comments.goods_id, g)).orderBy(order_comments.id);
    await Promise.all(
      rows.slice(0, 20).map((r, i) =>
        i % 2 ? s.call('PUT', `/api/Admin/comments/${r.id}`, { token: admin, body: { is_show: 0 } }) : s.call('DELETE', `/api/Admin/comments/${r.id}`, { token: admin }),
      ),
    );
    const after = await ratingOf(s, g);
    expect(after.all).toBe(20);
    await refreshGoodsRating(s.db, [g]);
    expect(await ratingOf(s, g)).toEqual(after);
    expect(after.good + after.medium + after.bad).toBe(20);
  }, 120_000);

  it('20 concurrent submissions of one order write its review once', async () => {
    const g = await makeGoods(s, { store_id: STORE, goods_name: '重复提交评论' });
    const buyer = shoppers[0];
    const order = await makeReceivedOrder(s, { userId: buyer.id, storeId: STORE, goodsIds: [g] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => s.call('POST', '/api/user/comments', { token: buyer.token, body: { order_id: order.id, ...linesBody([{ order_goods_id: order.lines[0] }]) } })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    // the others see the completed order (422 naming its state)
    expect(answers.filter((a) => a.code === 422 && a.data.field === 'order_status')).toHaveLength(19);
    expect(await s.db.$count(order_comments, eq(order_comments.order_id, order.id))).toBe(1);
    expect(await ratingOf(s, g)).toEqual({ all: 1, good: 1, medium: 0, bad: 0 });
  }, 60_000);

  it('two default-review runs at the same time, beside a shopper reviewing, review every order once', async () => {
    const g = await makeGoods(s, { store_id: STORE, goods_name: '默认好评并发' });
    const list = await Promise.all(shoppers.slice(0, 10).map((b) => makeReceivedOrder(s, { userId: b.id, storeId: STORE, goodsIds: [g, g], receivedDaysAgo: 30 })));
    const [r1, r2, own] = await Promise.all([
      reviewReceivedOrders(s.db, { batch: 5 }),
      reviewReceivedOrders(s.db, { batch: 5 }),
      s.call('POST', '/api/user/comments', { token: shoppers[0].token, body: { order_id: list[0].id, ...linesBody([{ order_goods_id: list[0].lines[0], score: 1, agree: 1, service: 1, speed: 1 }]) } }),
    ]);
    await reviewReceivedOrders(s.db);
    expect(r1.failed + r2.failed).toBe(0);
    const ids = list.map((o) => o.id);
    const rows = await s.db.select().from(order_comments).where(inArray(order_comments.order_id, ids));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.order_goods_id)).size).toBe(20);
    const statuses = await s.db.select({ status: orders.order_status }).from(orders).where(inArray(orders.id, ids));
    expect(statuses.every((o) => o.status === 6)).toBe(true);
    const bad = own.code === 200 ? 1 : 0;
    expect(await ratingOf(s, g)).toEqual({ all: 20, good: 20 - bad, medium: 0, bad });
    const system = await s.db.$count(order_comments, and(inArray(order_comments.order_id, ids), eq(order_comments.is_system, 1)));
    expect(system).toBe(20 - bad);
  }, 60_000);
});
