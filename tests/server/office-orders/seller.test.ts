import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { logsOf, makeOrder, orderRow } from './fixtures';

let s: TestServer;
let owner: string;
let owner2: string;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
});
afterAll(() => s.close());

type Row = Record<string, any>;
type Page = { data: Row[]; total: number };

describe('GET /api/Seller/orders (the store\'s own orders)', () => {
  it('lists only the session store\'s orders, with buyer and store names and the state in words', async () => {
    const mine = await makeOrder(s, { storeId: 1, status: 2 });
    const theirs = await makeOrder(s, { storeId: 2, status: 2 });
    const res = await s.call<Page>('GET', '/api/Seller/orders', { token: owner, body: { per_page: 400 } });
    expect(res.code).toBe(200);
    const ids = res.data.data.map((row) => row.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.data.data.every((row) => row.store_id === 1)).toBe(true);
    const row = res.data.data.find((r) => r.id === mine.id)!;
    expect(row).toMatchObject({ order_no: mine.order_no, buyer_name: '演示买家', order_status: 2, order_status_cn: '等待发货', payment_name_cn: '余额支付' });
    expect(row.store_name).not.toBe('');
    const other = await s.call<Page>('GET', '/api/Seller/orders', { token: owner2, body: { per_page: 400 } });
    expect(other.data.data.map((r) => r.id)).toContain(theirs.id);
    expect(other.data.data.map((r) => r.id)).not.toContain(mine.id);
  });

  it('filters by state, order number, buyer and creation date; -1 is every state', async () => {
    const unpaid = await makeOrder(s, { storeId: 1, status: 1 });
    const paid = await makeOrder(s, { storeId: 1, status: 2 });
    const byStatus = await s.call<Page>('GET', '/api/Seller/orders', { token: owner, body: { order_status: 1, isAll: 1 } });
    const rows = byStatus.data as unknown as Row[];
    expect(rows.map((r) => r.id)).toContain(unpaid.id);
    expect(rows.every((r) => r.order_status === 1)).toBe(true);
    const all = await s.call<Row[]>('GET', '/api/Seller/orders', { token: owner, body: { order_status: -1, isAll: 1 } });
    expect(all.data.map((r) => r.id)).toEqual(expect.arrayContaining([unpaid.id, paid.id]));
    // a page counts the orders per state under the other filters (the state tabs)
    const counted = await s.call<Page & { count: Record<string, number> }>('GET', '/api/Seller/orders', { token: owner, body: { order_status: 1, buyer: '演示' } });
    expect(counted.data.count['1']).toBe(rows.length);
    expect(counted.data.count['2']).toBeGreaterThanOrEqual(1);
    expect(counted.data.count.all).toBe(all.data.length);
    const byNo = await s.call<Page>('GET', '/api/Seller/orders', { token: owner, body: { order_no: `${paid.order_no.slice(-8)}|like` } });
    expect(byNo.data.data.map((r) => r.id)).toEqual([paid.id]);
    const byBuyer = await s.call<Row[]>('GET', '/api/Seller/orders', { token: owner, body: { buyer: '演示', isAll: 1 } });
    expect(byBuyer.data.map((r) => r.id)).toEqual(expect.arrayContaining([unpaid.id, paid.id]));
    const byPhone = await s.call<Row[]>('GET', '/api/Seller/orders', { token: owner, body: { buyer: '13800000000', isAll: 1 } });
    expect(byPhone.data.map((r) => r.id)).toContain(paid.id);
    const nobody = await s.call<Row[]>('GET', '/api/Seller/orders', { token: owner, body: { buyer: 'no-such-buyer%', isAll: 1 } });
    expect(nobody.data).toEqual([]);
    const dated = await s.call<Row[]>('GET', '/api/Seller/orders?created_at[]=2000-01-01&created_at[]=2000-01-02&isAll=1', { token: owner });
    expect(dated.data).toEqual([]);
  });

  it('refuses a malformed filter with a 422 naming it', async () => {
    const res = await s.call('GET', '/api/Seller/orders?order_status=abc', { token: owner });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('order_status');
    const range = await s.call('GET', '/api/Seller/orders?created_at[]=2020-01-01', { token: owner });
    expect(range.code).toBe(422);
    expect(range.data.field).toBe('created_at');
    const buyer = await s.call('GET', '/api/Seller/orders?buyer[a]=1', { token: owner });
    expect(buyer.code).toBe(422);
    expect(buyer.data.field).toBe('buyer');
  });
});

describe('GET /api/Seller/orders/{id}', () => {
  it('answers the order with its lines, history and payment', async () => {
    const order = await makeOrder(s, { storeId: 1, status: 2, buyNum: 3 });
    const res = await s.call<Row>('GET', `/api/Seller/orders/${order.id}`, { token: owner });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id: order.id, receive_name: '张三', receive_area: '广东省 深圳市 南山区', delivery_name: '', pay: null });
    expect(res.data.order_goods).toHaveLength(1);
    expect(res.data.order_goods[0]).toMatchObject({ goods_id: order.goodsId, buy_num: 3 });
    expect(res.data.logs).toEqual([expect.objectContaining({ action: 'create', actor: 'user', from_status: -1, to_status: 1 })]);
  });

  it('another store\'s order, an unknown id and a malformed id are 404', async () => {
    const theirs = await makeOrder(s, { storeId: 2 });
    for (const path of [`/api/Seller/orders/${theirs.id}`, '/api/Seller/orders/99999999', '/api/Seller/orders/abc']) {
      const res = await s.call('GET', path, { token: owner });
      expect(res.code).toBe(404);
      expect(JSON.stringify(res.data)).not.toContain(theirs.order_no);
    }
  });
});

describe('PUT /api/Seller/orders/status/edit (ship)', () => {
  it('ships a paid order of the store: waybill stored, delivery time stamped, history names the owner', async () => {
    const order = await makeOrder(s, { storeId: 1, status: 2 });
    const res = await s.call<Row>('PUT', '/api/Seller/orders/status/edit', { token: owner, body: { id: order.id, status: 3, delivery_code: 'sf', delivery_no: 'SF1234567890' } });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ order_status: 3, delivery_code: 'sf', delivery_no: 'SF1234567890', delivery_name: '顺丰速运' });
    const row = await orderRow(s, order.id);
    expect(row.order_status).toBe(3);
    expect(row.delivery_time).not.toBeNull();
    const logs = await logsOf(s, order.id);
    expect(logs.at(-1)).toMatchObject({ action: 'ship', actor: 'seller', actor_id: 1, actor_name: '商家小王', from_status: 2, to_status: 3 });
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const order = await makeOrder(s, { storeId: 1, status: 2 });
    const cases: [Record<string, string | number>, string][] = [
      [{ id: order.id, status: 3, delivery_code: 'nope', delivery_no: 'SF1234567890' }, 'delivery_code'],
      [{ id: order.id, status: 3, delivery_code: '', delivery_no: 'SF1234567890' }, 'delivery_code'],
      [{ id: order.id, status: 3, delivery_code: 'sf', delivery_no: 'a b' }, 'delivery_no'],
      [{ id: order.id, status: 3, delivery_code: 'sf', delivery_no: '12' }, 'delivery_no'],
      [{ id: order.id, status: 3, delivery_code: 'sf' }, 'delivery_no'],
      [{ id: order.id, status: 0, delivery_code: 'sf', delivery_no: 'SF1234567890' }, 'status'],
      [{ id: 'x', status: 3, delivery_code: 'sf', delivery_no: 'SF1234567890' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await s.call('PUT', '/api/Seller/orders/status/edit', { token: owner, body, lang: 'en' });
      expect(res.code, field).toBe(422);
      expect(res.data.field).toBe(field);
      expect(res.msg).toContain(field);
    }
    expect((await orderRow(s, order.id)).order_status).toBe(2);
    expect(await logsOf(s, order.id)).toHaveLength(1);
  });

  it('an order not awaiting shipment is a 422 naming its state', async () => {
    const unpaid = await makeOrder(s, { storeId: 1, status: 1 });
    const res = await s.call('PUT', '/api/Seller/orders/status/edit', { token: owner, body: { id: unpaid.id, status: 3, delivery_code: 'sf', delivery_no: 'SF1234567890' } });
    expect(res.code).toBe(422);
    expect(res.data).toMatchObject({ field: 'order_status', order_status: 1 });
    expect(res.msg).toContain('等待支付');
    expect((await orderRow(s, unpaid.id)).order_status).toBe(1);
  });

  it('another store\'s order is a 404 and stays as it was', async () => {
    const theirs = await makeOrder(s, { storeId: 2, status: 2 });
    const res = await s.call('PUT', '/api/Seller/orders/status/edit', { token: owner, body: { id: theirs.id, status: 3, delivery_code: 'sf', delivery_no: 'SF1234567890' } });
    expect(res.code).toBe(404);
    const row = await orderRow(s, theirs.id);
    expect(row).toMatchObject({ order_status: 2, delivery_no: '' });
  });
});

describe('who may use the store\'s order routes', () => {
  it('no token, a shopper\'s or an admin\'s token is 401; staff without the orders page get 403', async () => {
    const order = await makeOrder(s, { storeId: 1, status: 2 });
    expect((await s.call('GET', '/api/Seller/orders')).code).toBe(401);
    const shopper = await loginShopper(s);
    const admin = await loginAdmin(s);
    const staff = await loginStaffSeller(s);
    // a shopper's session (no store) and an admin's are not seller sessions
    for (const token of [shopper, admin]) {
      expect((await s.call('GET', '/api/Seller/orders', { token })).code).toBe(401);
      expect((await s.call('GET', `/api/Seller/orders/${order.id}`, { token })).code).toBe(401);
    }
    expect((await s.call('GET', '/api/Seller/orders', { token: staff })).code).toBe(403);
    expect((await s.call('GET', `/api/Seller/orders/${order.id}`, { token: staff })).code).toBe(403);
    const ship = await s.call('PUT', '/api/Seller/orders/status/edit', { token: staff, body: { id: order.id, status: 3, delivery_code: 'sf', delivery_no: 'SF1234567890' } });
    expect(ship.code).toBe(403);
    expect((await orderRow(s, order.id)).order_status).toBe(2);
  });
});
