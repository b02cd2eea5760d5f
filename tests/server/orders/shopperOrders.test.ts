import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, order_logs, order_pays, orders } from '../../../server/db/schema';
import { changeOrderState } from '../../../server/modules/orders/states';
import { openTestServer, type TestServer } from '../helpers';
import { buildFixture, create, makeGoods, makeShopper, stockOf, type Fixture } from './fixtures';

let s: TestServer;
let f: Fixture;
beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
});
afterAll(async () => {
  await s.close();
});

/** A shopper with `n` orders of a fresh goods (stock 20, price 10.00), newest last. */
async function shopperWithOrders(n: number, name = '订单测试商品') {
  const shopper = await makeShopper(s);
  const g = await makeGoods(s, { store_id: f.store, goods_name: name, goods_stock: 20 });
  const ids: number[] = [];
  const nos: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await create(s, shopper.token, { address: shopper.address, lines: [{ goods_id: g, buy_num: 1 + (i % 2) }] });
    expect(res.code, res.msg).toBe(200);
    ids.push(res.data.order_id[0]);
    nos.push(res.data.order_no[0]);
  }
  return { ...shopper, goods: g, ids, nos };
}

/** Moves an order along as the system / store would (payment and shipping are other engineers' routes). */
async function move(orderId: number, action: 'pay' | 'ship', set: Record<string, unknown> = {}) {
  await s.db.transaction((tx) => changeOrderState(tx, { orderId, action, actor: action === 'pay' ? 'system' : 'seller', set }));
}

describe('GET /api/user/orders', () => {
  it('pages the caller\'s orders newest first with lines, store and counts per state; filters by state and keywords', async () => {
    const a = await shopperWithOrders(3, '独特关键词商品');
    const b = await shopperWithOrders(1);
    await move(a.ids[0], 'pay');
    const res = await s.call('GET', '/api/user/orders', { token: a.token });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(3);
    expect(res.data.data.map((r: { id: number }) => r.id)).toEqual([...a.ids].reverse());
    expect(res.data.counts).toEqual({ '0': 0, '1': 2, '2': 1, '3': 0, '4': 0, '5': 0, '6': 0, all: 3 });
    const row = res.data.data[2];
    expect(row).toMatchObject({
      id: a.ids[0],
      order_no: a.nos[0],
      order_name: '独特关键词商品',
      order_status: 2,
      order_status_cn: '等待发货',
      total_price: '10.00',
      store: { id: f.store, store_name: '鲸声测试旗舰店' },
      expires_at: null,
      order_goods: [{ goods_id: a.goods, sku_id: 0, goods_name: '独特关键词商品', buy_num: 1, goods_price: '10.00', total_price: '10.00', goods_image: '/uploads/goods/2024-01-01/master_150.jpg' }],
    });
    // unpaid: reserved for task.cancel_minutes (30 by default)
    const unpaid = res.data.data[0];
    const created = Date.parse(unpaid.created_at.replace(' ', 'T') + 'Z');
    expect(Date.parse(unpaid.expires_at.replace(' ', 'T') + 'Z') - created).toBe(30 * 60_000);

    const paid = await s.call('GET', '/api/user/orders', { token: a.token, body: { order_status: 2 } });
    expect(paid.data.data.map((r: { id: number }) => r.id)).toEqual([a.ids[0]]);
    expect(paid.data.total).toBe(1);
    const all = await s.call('GET', '/api/user/orders', { token: a.token, body: { order_status: -1, per_page: 2, page: 2 } });
    expect(all.data).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
    expect(all.data.data).toHaveLength(1);
    const byName = await s.call('GET', '/api/user/orders', { token: a.token, body: { keywords: '关键词' } });
    expect(byName.data.total).toBe(3);
    const byNo = await s.call('GET', '/api/user/orders', { token: a.token, body: { keywords: a.nos[1] } });
    expect(byNo.data.data.map((r: { id: number }) => r.id)).toEqual([a.ids[1]]);
    expect(byNo.data.counts.all).toBe(1);
    // b sees only b's order, even searching a's number
    const theirs = await s.call('GET', '/api/user/orders', { token: b.token, body: { keywords: a.nos[1] } });
    expect(theirs.data.total).toBe(0);
    expect((await s.call('GET', '/api/user/orders', { token: b.token })).data.data.map((r: { id: number }) => r.id)).toEqual(b.ids);
    const notTheirs = await s.call('GET', '/api/user/orders', { token: b.token, body: { keywords: '独特关键词' } });
    expect(notTheirs.data).toMatchObject({ total: 0, data: [], counts: { all: 0 } });
    const mixed = await shopperWithOrders(1, '另一件商品');
    const g2 = await makeGoods(s, { store_id: f.store, goods_name: '独特关键词二号', goods_stock: 5 });
    expect((await create(s, mixed.token, { address: mixed.address, lines: [{ goods_id: g2, buy_num: 1 }] })).code).toBe(200);
    const one = await s.call('GET', '/api/user/orders', { token: mixed.token, body: { keywords: '关键词二号' } });
    expect(one.data.total).toBe(1);
    expect(one.data.counts).toMatchObject({ '1': 1, all: 1 });
    const wild = await s.call('GET', '/api/user/orders', { token: a.token, body: { keywords: '%' } });
    expect(wild.data.total).toBe(0);
  });

  it('bad filters are 422; no token 401', async () => {
    const a = await shopperWithOrders(1);
    for (const body of <Record<string, string | number>[]>[{ order_status: 7 }, { order_status: 'x' }, { per_page: 0 }, { page: 'abc' }, { keywords: 'x'.repeat(61) }]) {
      const res = await s.call('GET', '/api/user/orders', { token: a.token, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect((await s.call('GET', '/api/user/orders')).code).toBe(401);
  });
});

describe('GET /api/user/default', () => {
  it('counts per state 1–5, the five newest orders and favourite goods', async () => {
    const a = await shopperWithOrders(6);
    await move(a.ids[0], 'pay');
    await move(a.ids[0], 'ship', { delivery_code: 'sf', delivery_no: 'SF123456' });
    await s.db.insert(favorites).values({ user_id: a.id, is_type: 0, out_id: f.plain });
    const res = await s.call('GET', '/api/user/default', { token: a.token });
    expect(res.code).toBe(200);
    expect(res.data.count).toEqual([5, 0, 1, 0, 0]);
    expect(res.data.order.map((r: { id: number }) => r.id)).toEqual(a.ids.slice(1).reverse());
    expect(res.data.fav).toMatchObject([{ out_id: f.plain, is_type: 0, goods_name: '鲸声无线蓝牙耳机', goods_price: '199.00', goods_master_image: '/uploads/goods/2024-01-01/master_150.jpg' }]);
    expect((await s.call('GET', '/api/user/default')).code).toBe(401);
  });
});

describe('GET /api/user/order/:id', () => {
  it('shows the caller\'s order with address, waybill, payment and history; another\'s is 404', async () => {
    const a = await shopperWithOrders(1);
    const b = await shopperWithOrders(1);
    const id = a.ids[0];
    const fresh = await s.call('GET', `/api/user/order/${id}`, { token: a.token });
    expect(fresh.code).toBe(200);
    expect(fresh.data).toMatchObject({ id, order_status: 1, receive_tel: '13900000000', receive_area: '北京市 北京市 东城区', pay: null, delivery_name: '', pay_time: null });
    expect(fresh.data.logs).toMatchObject([{ action: 'create', from_status: -1, to_status: 1, actor: 'user' }]);

    const [pay] = await s.db.insert(order_pays).values({ belong_id: a.id, pay_no: `P${a.nos[0]}`, order_ids: String(id), payment_name: 'balance', total: '10.00', pay_status: 1 }).returning({ id: order_pays.id });
    await move(id, 'pay', { pay_id: pay.id, payment_name: 'balance' });
    await move(id, 'ship', { delivery_code: 'sf', delivery_no: 'SF123456' });
    const shipped = await s.call('GET', `/api/user/order/${id}`, { token: a.token });
    expect(shipped.data).toMatchObject({ order_status: 3, order_status_cn: '等待收货', payment_name: 'balance', delivery_code: 'sf', delivery_name: '顺丰速运', delivery_no: 'SF123456', pay: { pay_no: `P${a.nos[0]}`, payment_name: 'balance', total: '10.00' }, expires_at: null });
    expect(shipped.data.pay_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(shipped.data.delivery_time).toMatch(/^\d{4}-/);
    expect(shipped.data.logs.map((l: { action: string }) => l.action)).toEqual(['create', 'pay', 'ship']);

    expect((await s.call('GET', `/api/user/order/${b.ids[0]}`, { token: a.token })).code).toBe(404);
    expect((await s.call('GET', `/api/user/order/999999`, { token: a.token })).code).toBe(404);
    expect((await s.call('GET', `/api/user/order/abc`, { token: a.token })).code).toBe(422);
    expect((await s.call('GET', `/api/user/order/${id}`)).code).toBe(401);
    const en = await s.call('GET', `/api/user/order/${id}`, { token: a.token, lang: 'en' });
    expect(en.data.order_status_cn).toBe('Shipped');
  });
});

describe('PUT /api/user/order/:id', () => {
  it('0 cancels an unpaid order and puts its stock back once; a second cancel is 422', async () => {
    const a = await shopperWithOrders(1);
    const before = await stockOf(s, a.goods);
    const res = await s.call('PUT', `/api/user/order/${a.ids[0]}`, { token: a.token, body: { order_status: 0 } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toEqual([0]);
    expect((await stockOf(s, a.goods)).goods).toBe(before.goods + 1);
    const again = await s.call('PUT', `/api/user/order/${a.ids[0]}`, { token: a.token, body: { order_status: 0 } });
    expect(again.code).toBe(422);
    expect(again.data).toEqual({ field: 'order_status', order_status: 0 });
    expect(again.msg).toContain('订单取消');
    expect((await stockOf(s, a.goods)).goods).toBe(before.goods + 1);
    const [row] = await s.db.select().from(orders).where(eq(orders.id, a.ids[0]));
    expect(row.cancel_time).not.toBeNull();
    const logs = await s.db.select().from(order_logs).where(eq(order_logs.order_id, a.ids[0])).orderBy(order_logs.id);
    expect(logs.map((l) => [l.action, l.from_status, l.to_status, l.actor])).toEqual([['create', -1, 1, 'user'], ['cancel', 1, 0, 'user']]);
  });

  it('4 confirms receipt of a shipped order; illegal transitions and 1 are 422 naming the state', async () => {
    const a = await shopperWithOrders(1);
    const id = a.ids[0];
    const put = (order_status: string | number) => s.call('PUT', `/api/user/order/${id}`, { token: a.token, body: { order_status } });
    const early = await put(4);
    expect(early.code).toBe(422);
    expect(early.data).toEqual({ field: 'order_status', order_status: 1 });
    for (const bad of [1, 2, 3, 5, 6, 'x', '']) {
      const res = await put(bad);
      expect(res.code, String(bad)).toBe(422);
      expect(res.data.field).toBe('order_status');
    }
    await move(id, 'pay');
    const paidCancel = await put(0);
    expect(paidCancel.code).toBe(422);
    expect(paidCancel.data.order_status).toBe(2);
    await move(id, 'ship', { delivery_code: 'sf', delivery_no: 'SF1' });
    const received = await put(4);
    expect(received.code).toBe(200);
    expect(received.data).toEqual([4]);
    const [row] = await s.db.select().from(orders).where(eq(orders.id, id));
    expect(row.receipt_time).not.toBeNull();
    expect((await put(4)).code).toBe(422);
  });

  it('another shopper\'s order is 404 and untouched; no token 401', async () => {
    const a = await shopperWithOrders(1);
    const b = await shopperWithOrders(1);
    const before = await stockOf(s, a.goods);
    const res = await s.call('PUT', `/api/user/order/${a.ids[0]}`, { token: b.token, body: { order_status: 0 } });
    expect(res.code).toBe(404);
    expect((await s.call('PUT', `/api/user/order/${a.ids[0]}`, { body: { order_status: 0 } })).code).toBe(401);
    const [row] = await s.db.select({ status: orders.order_status }).from(orders).where(eq(orders.id, a.ids[0]));
    expect(row.status).toBe(1);
    expect(await stockOf(s, a.goods)).toEqual(before);
    expect(await s.db.$count(order_logs, sql`${order_logs.order_id} = ${a.ids[0]} and ${order_logs.action} <> 'create'`)).toBe(0);
  });
});
