import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permissions, goods, goods_skus, orders } from '../../../server/db/schema';
import { loginAdmin, loginOperator, loginOwnerSeller, loginShopper, openTestServer, statementsOf, type TestServer } from '../helpers';
import { firstGoodsOf, logsOf, makeOrder, orderRow } from './fixtures';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
});
afterAll(() => s.close());

type Row = Record<string, any>;
type Page = { data: Row[]; total: number };

const stockOf = async (goodsId: number, skuId: number) => {
  const [g] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, goodsId));
  const [k] = skuId ? await s.db.select({ stock: goods_skus.goods_stock }).from(goods_skus).where(and(eq(goods_skus.id, skuId))) : [{ stock: 0 }];
  return [g.stock, k.stock];
};

describe('GET /api/Admin/orders', () => {
  it('lists every store\'s orders and searches by store name and buyer', async () => {
    const a = await makeOrder(s, { storeId: 1 });
    const b = await makeOrder(s, { storeId: 2 });
    const res = await s.call<Row[]>('GET', '/api/Admin/orders', { token: admin, body: { isAll: 1 } });
    expect(res.code).toBe(200);
    expect(res.data.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const storeTwo = res.data.find((r) => r.id === b.id)!;
    const byStore = await s.call<Page>('GET', '/api/Admin/orders', { token: admin, body: { store_name: storeTwo.store_name } });
    expect(byStore.data.data.map((r) => r.id)).toContain(b.id);
    expect(byStore.data.data.every((r) => r.store_name.includes(storeTwo.store_name))).toBe(true);
    const byBuyer = await s.call<Page>('GET', '/api/Admin/orders', { token: admin, body: { buyer: 'demo' } });
    expect(byBuyer.data.data.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('an unfiltered page takes its state tabs and total from the live rollup (exact, no count over orders); a filtered one counts', async () => {
    const live = async (where = sql`true`) => {
      const { rows } = (await s.db.execute(sql`select order_status, count(*)::int as n from orders where deleted_at is null and ${where} group by 1`)) as unknown as { rows: { order_status: number; n: number }[] };
      return Object.fromEntries(rows.map((r) => [String(r.order_status), r.n]));
    };
    await makeOrder(s, { storeId: 2 });
    let page: Page & { count: Record<string, number> } = undefined as never;
    const sent = await statementsOf(s.db, async () => {
      page = (await s.call<Page & { count: Record<string, number> }>('GET', '/api/Admin/orders', { token: admin })).data;
    });
    const expected = await live();
    for (const [state, n] of Object.entries(page.count)) if (state !== 'all') expect(n, state).toBe(expected[state] ?? 0);
    expect(page.total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    expect(sent.some((q) => /count\(\*\)/i.test(q.text) && /from "orders"/i.test(q.text))).toBe(false);
    // the store's tabs are its own store's
    const owner = await loginOwnerSeller(s);
    const own = (await s.call<Page & { count: Record<string, number> }>('GET', '/api/Seller/orders', { token: owner })).data;
    expect(own.total).toBe(Object.values(await live(sql`store_id = 1`)).reduce((a, b) => a + b, 0));
    // a filter the rollup does not know: counted from orders
    const filtered = await statementsOf(s.db, () => s.call('GET', '/api/Admin/orders', { token: admin, body: { store_id: 2 } }));
    expect(filtered.some((q) => /count\(\*\)/i.test(q.text) && /from "orders"/i.test(q.text))).toBe(true);
  });

  it('answers the number of matching orders as total, for every state, one state, a range of states and with other filters', async () => {
    await makeOrder(s, { storeId: 1, status: 2 });
    await makeOrder(s, { storeId: 2, status: 2 });
    await makeOrder(s, { storeId: 2, status: 1 });
    const live = await s.db.select({ status: orders.order_status, store: orders.store_id }).from(orders).where(isNull(orders.deleted_at));
    const cases: [Record<string, string>, (o: { status: number; store: number }) => boolean][] = [
      [{}, () => true],
      [{ order_status: '-1' }, () => true],
      [{ order_status: '2' }, (o) => o.status === 2],
      [{ order_status: '02' }, (o) => o.status === 2],
      [{ order_status: '9' }, () => false],
      [{ order_status: '1|gt' }, (o) => o.status > 1],
      [{ order_status: '2', store_id: '2' }, (o) => o.status === 2 && o.store === 2],
      [{ store_id: '2' }, (o) => o.store === 2],
    ];
    for (const [filter, matches] of cases) {
      const res = await s.call<Page & { count: Record<string, number> }>('GET', '/api/Admin/orders', { token: admin, body: { per_page: '5', ...filter } });
      expect(res.code, JSON.stringify(filter)).toBe(200);
      expect(res.data.total, JSON.stringify(filter)).toBe(live.filter(matches).length);
      // the state tabs count every state under the other filters
      const others = live.filter((o) => !filter.store_id || o.store === Number(filter.store_id));
      expect(res.data.count.all, JSON.stringify(filter)).toBe(others.length);
      expect(res.data.count['2'], JSON.stringify(filter)).toBe(others.filter((o) => o.status === 2).length);
    }
  });

  it('refuses a malformed filter naming it', async () => {
    const res = await s.call('GET', '/api/Admin/orders?store_id=x', { token: admin });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('store_id');
  });

  it('answers one order of any store; an unknown one is 404', async () => {
    const b = await makeOrder(s, { storeId: 2, status: 1 });
    const res = await s.call<Row>('GET', `/api/Admin/orders/${b.id}`, { token: admin });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id: b.id, store_id: 2, order_status_cn: '等待支付' });
    expect(res.data.order_goods).toHaveLength(1);
    expect((await s.call('GET', '/api/Admin/orders/99999999', { token: admin })).code).toBe(404);
  });
});

describe('PUT /api/Admin/orders/status/edit', () => {
  it('cancels an unpaid order: stock goes back, the history names the operator', async () => {
    const g = await firstGoodsOf(s, 1);
    const order = await makeOrder(s, { storeId: 1, status: 1, buyNum: 2 });
    const before = await stockOf(g.id, g.skuId);
    const res = await s.call<Row>('PUT', '/api/Admin/orders/status/edit', { token: admin, body: { id: order.id, status: 0 } });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ order_status: 0 });
    const after = await stockOf(g.id, g.skuId);
    expect(after[0]).toBe(before[0] + 2);
    if (g.skuId) expect(after[1]).toBe(before[1] + 2);
    expect((await orderRow(s, order.id)).cancel_time).not.toBeNull();
    expect((await logsOf(s, order.id)).at(-1)).toMatchObject({ action: 'cancel', actor: 'admin', actor_id: 1, actor_name: '超级管理员', from_status: 1, to_status: 0 });
    // a second cancel is refused with the current state, and no stock moves again
    const again = await s.call('PUT', '/api/Admin/orders/status/edit', { token: admin, body: { id: order.id, status: 0 } });
    expect(again.code).toBe(422);
    expect(again.data).toMatchObject({ field: 'order_status', order_status: 0 });
    expect(await stockOf(g.id, g.skuId)).toEqual(after);
  });

  it('ships a paid order of any store with a waybill', async () => {
    const order = await makeOrder(s, { storeId: 2, status: 2 });
    const res = await s.call<Row>('PUT', '/api/Admin/orders/status/edit', { token: admin, body: { id: order.id, status: '3', delivery_code: 'yd', delivery_no: 'YD-0001' } });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ order_status: 3, delivery_code: 'yd', delivery_no: 'YD-0001', delivery_name: '韵达快递' });
    expect((await logsOf(s, order.id)).at(-1)).toMatchObject({ action: 'ship', actor: 'admin', actor_name: '超级管理员' });
  });

  it('refuses a paid order\'s cancel, other states and bad waybills, naming the field; nothing changes', async () => {
    const paid = await makeOrder(s, { storeId: 1, status: 2 });
    const cancel = await s.call('PUT', '/api/Admin/orders/status/edit', { token: admin, body: { id: paid.id, status: 0 } });
    expect(cancel.code).toBe(422);
    expect(cancel.data).toMatchObject({ field: 'order_status', order_status: 2 });
    const cases: [Record<string, string | number>, string][] = [
      [{ id: paid.id, status: 4 }, 'status'],
      [{ id: paid.id, status: '' }, 'status'],
      [{ id: paid.id, status: 3, delivery_code: 'zz', delivery_no: 'YD-0001' }, 'delivery_code'],
      [{ id: paid.id, status: 3, delivery_code: 'yd', delivery_no: '中文单号1234' }, 'delivery_no'],
      [{ status: 0 }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await s.call('PUT', '/api/Admin/orders/status/edit', { token: admin, body });
      expect(res.code, field).toBe(422);
      expect(res.data.field).toBe(field);
    }
    expect((await orderRow(s, paid.id)).order_status).toBe(2);
    expect(await logsOf(s, paid.id)).toHaveLength(1);
    const missing = await s.call('PUT', '/api/Admin/orders/status/edit', { token: admin, body: { id: 99999999, status: 0 } });
    expect(missing.code).toBe(404);
  });
});

describe('who may use the operator\'s order routes', () => {
  it('the route names are seeded as permissions', async () => {
    const rows = await s.db.select({ apis: admin_permissions.apis }).from(admin_permissions);
    expect(rows.map((r) => r.apis)).toEqual(expect.arrayContaining(['admin.orders.index', 'admin.orders.show', 'admin.order.edit']));
  });

  it('no token is 401, seller and shopper tokens are refused, an operator without the permission gets 403', async () => {
    const order = await makeOrder(s, { storeId: 1, status: 1 });
    expect((await s.call('GET', '/api/Admin/orders')).code).toBe(401);
    for (const token of [await loginOwnerSeller(s), await loginShopper(s)]) {
      expect((await s.call('GET', '/api/Admin/orders', { token })).code).toBe(401);
      expect((await s.call('PUT', '/api/Admin/orders/status/edit', { token, body: { id: order.id, status: 0 } })).code).toBe(401);
    }
    const operator = await loginOperator(s);
    expect((await s.call('GET', '/api/Admin/orders', { token: operator })).code).toBe(403);
    expect((await s.call('GET', `/api/Admin/orders/${order.id}`, { token: operator })).code).toBe(403);
    expect((await s.call('PUT', '/api/Admin/orders/status/edit', { token: operator, body: { id: order.id, status: 0 } })).code).toBe(403);
    expect((await orderRow(s, order.id)).order_status).toBe(1);
  });
});
