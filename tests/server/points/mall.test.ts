import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integral_goods, integral_goods_classes, integral_orders, money_logs } from '../../../server/db/schema';
import { loginAdmin, loginOperator, loginShopper, openTestServer, type TestServer } from '../helpers';
import { makeAddress, makeUser } from '../orders/fixtures';
import { makeClass, makePointsGoods, makePointsShopper, pointsOf, redeemKey } from './fixtures';

let s: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
});
afterAll(() => s.close());

type Row = Record<string, any>;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe('admin: points goods classes', () => {
  it('creates, lists, renames and deletes a class', async () => {
    const created = await s.call<Row>('POST', '/api/Admin/integral_goods_classes', { token: admin, body: { name: '测试分类甲' } });
    expect(created.code).toBe(200);
    const list = await s.call<Row>('GET', '/api/Admin/integral_goods_classes', { token: admin, body: { isAll: 1 } });
    expect(list.data.map((r: Row) => r.name)).toContain('测试分类甲');
    expect((await s.call('PUT', `/api/Admin/integral_goods_classes/${created.data.id}`, { token: admin, body: { name: '测试分类乙' } })).code).toBe(200);
    expect((await s.call('DELETE', `/api/Admin/integral_goods_classes/${created.data.id}`, { token: admin })).code).toBe(200);
  });

  it('an English name: written and read by the operator, shown by the shop\'s class list, home and goods page', async () => {
    const created = await s.call<Row>('POST', '/api/Admin/integral_goods_classes', { token: admin, body: { name: '测试分类英', ename: 'Test picks' } });
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect((await s.call<Row>('GET', `/api/Admin/integral_goods_classes/${id}`, { token: admin })).data).toMatchObject({ name: '测试分类英', ename: 'Test picks' });
    const goodsId = await makePointsGoods(s, { cid: id });
    expect((await s.call<Row>('GET', '/api/integral/class')).data.find((c: Row) => c.id === id)).toEqual({ id, name: '测试分类英', ename: 'Test picks' });
    expect((await s.call<Row>('GET', '/api/integral/home')).data.list.find((c: Row) => c.id === id)).toMatchObject({ name: '测试分类英', ename: 'Test picks' });
    expect((await s.call<Row>('GET', `/api/integral/goods/${goodsId}`)).data).toMatchObject({ class_name: '测试分类英', class_ename: 'Test picks' });
    // too long: a 422 naming the field, nothing changed
    const long = await s.call<Row>('PUT', `/api/Admin/integral_goods_classes/${id}`, { token: admin, body: { name: '测试分类英', ename: 'x'.repeat(21) } });
    expect(long.code).toBe(422);
    expect(JSON.stringify(long)).toContain('ename');
    expect((await s.db.select({ ename: integral_goods_classes.ename }).from(integral_goods_classes).where(eq(integral_goods_classes.id, id)))[0].ename).toBe('Test picks');
    // an operator without the permission changes nothing
    const refused = await s.call('PUT', `/api/Admin/integral_goods_classes/${id}`, { token: operator, body: { name: '测试分类英', ename: 'Hacked' } });
    expect(refused.code).toBe(403);
    expect((await s.db.select({ ename: integral_goods_classes.ename }).from(integral_goods_classes).where(eq(integral_goods_classes.id, id)))[0].ename).toBe('Test picks');
  });

  it('refuses a blank name naming the field, and writes nothing', async () => {
    const before = await s.db.$count(integral_goods_classes);
    const res = await s.call('POST', '/api/Admin/integral_goods_classes', { token: admin, body: { name: ' ' } });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('name');
    const taken = await s.call('POST', '/api/Admin/integral_goods_classes', { token: admin, body: { name: ' 数码好物 ' } });
    expect([taken.code, taken.data.field]).toEqual([422, 'name']);
    expect(await s.db.$count(integral_goods_classes)).toBe(before);
  });

  it('refuses to delete a class that still holds goods', async () => {
    const cid = await makeClass(s);
    await makePointsGoods(s, { cid });
    const res = await s.call('DELETE', `/api/Admin/integral_goods_classes/${cid}`, { token: admin });
    expect(res.code).toBe(422);
  });

  it('is closed to an operator without the permission, to a shopper and to nobody', async () => {
    const shopper = await loginShopper(s);
    expect((await s.call('POST', '/api/Admin/integral_goods_classes', { token: operator, body: { name: 'x' } })).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/integral_goods_classes', { token: shopper })).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/integral_goods_classes')).code).toBe(401);
  });
});

describe('admin: points goods', () => {
  const body = (cid: number) => ({ cid, goods_name: '保温杯', goods_subname: '500ml', goods_price: '300', goods_market_price: '59.90', goods_stock: 20, 'goods_images[0]': '/uploads/goods/cup.jpg', 'goods_images[1]': '/uploads/goods/cup2.jpg', goods_status: 'true', is_recommend: 1, goods_content: '<p>好杯<script>x</script></p>' });

  it('creates goods: images joined, the first is the master image, the content sanitised', async () => {
    const cid = await makeClass(s);
    const res = await s.call<Row>('POST', '/api/Admin/integral_goods', { token: admin, body: body(cid) });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ goods_price: '300.00', goods_stock: 20, goods_status: 1, goods_images: ['/uploads/goods/cup.jpg', '/uploads/goods/cup2.jpg'] });
    const [row] = await s.db.select().from(integral_goods).where(eq(integral_goods.id, res.data.id));
    expect(row.goods_master_image).toBe('/uploads/goods/cup.jpg');
    expect(row.goods_content).not.toContain('script');
    const upd = await s.call<Row>('PUT', `/api/Admin/integral_goods/${res.data.id}`, { token: admin, body: { goods_stock: 5, goods_status: 0 } });
    expect(upd.data).toMatchObject({ goods_stock: 5, goods_status: 0 });
  });

  it('refuses an unknown class, fractional points, a negative stock and no images, each naming its field', async () => {
    const cid = await makeClass(s);
    const before = await s.db.$count(integral_goods);
    const cases: [Record<string, unknown>, string][] = [
      [{ cid: 99999999 }, 'cid'],
      [{ goods_price: '10.5' }, 'goods_price'],
      [{ goods_stock: -1 }, 'goods_stock'],
      [{ 'goods_images[0]': '', 'goods_images[1]': '' }, 'goods_images'],
    ];
    for (const [change, field] of cases) {
      const res = await s.call('POST', '/api/Admin/integral_goods', { token: admin, body: { ...body(cid), ...change } as Record<string, string | number> });
      expect(res.code, field).toBe(422);
      expect(res.data.field).toBe(field);
    }
    expect(await s.db.$count(integral_goods)).toBe(before);
  });

  it('is closed to an operator without the permission', async () => {
    const cid = await makeClass(s);
    expect((await s.call('POST', '/api/Admin/integral_goods', { token: operator, body: body(cid) })).code).toBe(403);
  });
});

describe('storefront: points mall', () => {
  it('home shows recommended goods and up to 4 goods per class, only on the shelf', async () => {
    const cid = await makeClass(s);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await makePointsGoods(s, { cid, recommend: 1 }));
    const off = await makePointsGoods(s, { cid, status: 0, recommend: 1 });
    const res = await s.call<Row>('GET', '/api/integral/home');
    expect(res.code).toBe(200);
    const cls = res.data.list.find((c: Row) => c.id === cid);
    expect(cls.integral_goods).toHaveLength(4);
    expect(res.data.recommend.map((g: Row) => g.id)).not.toContain(off);
    expect(res.data.recommend.map((g: Row) => g.id)).toContain(ids[4]);
  });

  it('searches by class, keyword and sort; a bad sort is a 422 naming it', async () => {
    const cid = await makeClass(s);
    const cheap = await makePointsGoods(s, { cid, price: '10.00', name: '便宜的小熊' });
    const dear = await makePointsGoods(s, { cid, price: '900.00', name: '昂贵的小熊' });
    const res = await s.call<Row>('GET', `/api/integral/goods?params=${b64({ cid, sort_type: 'goods_price', sort_order: 'asc' })}`);
    expect(res.data.data.map((g: Row) => g.id)).toEqual([cheap, dear]);
    const kw = await s.call<Row>('GET', `/api/integral/goods?params=${b64({ keywords: '昂贵的小熊' })}`);
    expect(kw.data.data.map((g: Row) => g.id)).toEqual([dear]);
    const bad = await s.call('GET', `/api/integral/goods?params=${b64({ sort_type: 'password' })}`);
    expect(bad.code).toBe(422);
    expect(bad.data.field).toBe('sort_type');
  });

  it('shows an on-shelf goods with its gallery; an off-shelf or unknown one is 404', async () => {
    const cid = await makeClass(s, '生活家居');
    const id = await makePointsGoods(s, { cid });
    const res = await s.call<Row>('GET', `/api/integral/goods/${id}`);
    expect(res.data).toMatchObject({ id, class_name: '生活家居', goods_images: ['/uploads/goods/a.jpg', '/uploads/goods/b.jpg'] });
    const off = await makePointsGoods(s, { cid, status: 0 });
    expect((await s.call('GET', `/api/integral/goods/${off}`)).code).toBe(404);
    expect((await s.call('GET', '/api/integral/goods/abc')).code).toBe(422);
  });
});

describe('POST /api/integral/pay', () => {
  it('redeems: stock and sales move, points leave through the ledger, the order holds the address', async () => {
    const cid = await makeClass(s);
    const g = await makePointsGoods(s, { cid, price: '150.00', stock: 5 });
    const buyer = await makePointsShopper(s, 500);
    const res = await s.call<Row>('POST', '/api/integral/pay', { token: buyer.token, body: { id: g, buy_num: 2, address_id: buyer.address, remark: '请包装', idem_key: redeemKey() } });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ total_price: '300.00', integral: '200.00', repeated: false });
    expect(await pointsOf(s, buyer.id)).toBe('200.00');
    const [goods] = await s.db.select().from(integral_goods).where(eq(integral_goods.id, g));
    expect([goods.goods_stock, goods.goods_sale]).toEqual([3, 2]);
    const [order] = await s.db.select().from(integral_orders).where(eq(integral_orders.id, res.data.order_id));
    expect(order).toMatchObject({ user_id: buyer.id, buy_num: 2, total_price: '300.00', order_status: 2, remark: '请包装', receive_area: '北京市 北京市 东城区' });
    const logs = await s.db.select().from(money_logs).where(and(eq(money_logs.user_id, buyer.id), eq(money_logs.is_type, 2), eq(money_logs.name, '积分兑换')));
    expect(logs.map((l) => l.money)).toEqual(['-300.00']);
  });

  it('answers a repeated key with the first order and spends nothing again', async () => {
    const cid = await makeClass(s);
    const g = await makePointsGoods(s, { cid, price: '100.00' });
    const buyer = await makePointsShopper(s, 300);
    const key = redeemKey();
    const first = await s.call<Row>('POST', '/api/integral/pay', { token: buyer.token, body: { id: g, buy_num: 1, address_id: buyer.address, idem_key: key } });
    const again = await s.call<Row>('POST', '/api/integral/pay', { token: buyer.token, body: { id: g, buy_num: 1, address_id: buyer.address, idem_key: key } });
    expect(again.data).toMatchObject({ order_id: first.data.order_id, repeated: true });
    expect(await pointsOf(s, buyer.id)).toBe('200.00');
  });

  it('refuses too few points, too little stock, a bad quantity, a missing key — nothing written', async () => {
    const cid = await makeClass(s);
    const g = await makePointsGoods(s, { cid, price: '100.00', stock: 2 });
    const buyer = await makePointsShopper(s, 150);
    const pay = (body: Record<string, string | number>) => s.call('POST', '/api/integral/pay', { token: buyer.token, body: { id: g, buy_num: 1, address_id: buyer.address, idem_key: redeemKey(), ...body } });
    const poor = await pay({ buy_num: 2 });
    expect([poor.code, poor.data.field]).toEqual([422, 'buy_num']);
    expect(poor.msg).toBe('积分不足');
    const stock = await pay({ buy_num: 3 });
    expect([stock.code, stock.data.field]).toEqual([422, 'buy_num']);
    for (const bad of [{ buy_num: 0 }, { buy_num: -2 }, { buy_num: 'x' }, { buy_num: 100 }]) expect((await pay(bad)).data.field).toBe('buy_num');
    expect((await pay({ idem_key: 'a:b' })).data.field).toBe('idem_key');
    expect((await pay({ id: 'x' })).data.field).toBe('id');
    expect((await pay({ remark: 'x'.repeat(151) })).data.field).toBe('remark');
    expect(await pointsOf(s, buyer.id)).toBe('150.00');
    expect((await s.db.select().from(integral_goods).where(eq(integral_goods.id, g)))[0].goods_stock).toBe(2);
    expect(await s.db.$count(integral_orders, eq(integral_orders.user_id, buyer.id))).toBe(0);
  });

  it('refuses someone else\'s address (422 address_id), off-shelf goods (404), a sub-account (403), nobody (401)', async () => {
    const cid = await makeClass(s);
    const g = await makePointsGoods(s, { cid });
    const buyer = await makePointsShopper(s, 500);
    const other = await makeUser(s);
    const theirs = await makeAddress(s, other.id);
    const a = await s.call('POST', '/api/integral/pay', { token: buyer.token, body: { id: g, buy_num: 1, address_id: theirs, idem_key: redeemKey() } });
    expect([a.code, a.data.field]).toEqual([422, 'address_id']);
    const off = await makePointsGoods(s, { cid, status: 0 });
    expect((await s.call('POST', '/api/integral/pay', { token: buyer.token, body: { id: off, buy_num: 1, address_id: buyer.address, idem_key: redeemKey() } })).code).toBe(404);
    const staff = await makeUser(s, { belongId: buyer.id });
    const staffAddress = await makeAddress(s, staff.id);
    expect((await s.call('POST', '/api/integral/pay', { token: staff.token, body: { id: g, buy_num: 1, address_id: staffAddress, idem_key: redeemKey() } })).code).toBe(403);
    expect((await s.call('POST', '/api/integral/pay', { body: { id: g, buy_num: 1, address_id: buyer.address, idem_key: redeemKey() } })).code).toBe(401);
    expect(await pointsOf(s, buyer.id)).toBe('500.00');
  });
});

describe('points orders: the buyer and the operator', () => {
  async function redeemed() {
    const cid = await makeClass(s);
    const g = await makePointsGoods(s, { cid });
    const buyer = await makePointsShopper(s, 100);
    const res = await s.call<Row>('POST', '/api/integral/pay', { token: buyer.token, body: { id: g, buy_num: 1, address_id: buyer.address, idem_key: redeemKey() } });
    return { buyer, orderId: res.data.order_id as number };
  }

  it('the buyer lists and opens own orders; another\'s is 404; nobody is 401', async () => {
    const { buyer, orderId } = await redeemed();
    const list = await s.call<Row>('GET', '/api/user/integral_orders', { token: buyer.token });
    expect(list.data.data.map((o: Row) => o.id)).toEqual([orderId]);
    expect((await s.call<Row>('GET', `/api/user/integral_orders/${orderId}`, { token: buyer.token })).data.order_status).toBe(2);
    const other = await makeUser(s);
    expect((await s.call('GET', `/api/user/integral_orders/${orderId}`, { token: other.token })).code).toBe(404);
    expect((await s.call<Row>('GET', '/api/user/integral_orders', { token: other.token })).data.total).toBe(0);
    expect((await s.call('GET', '/api/user/integral_orders')).code).toBe(401);
    expect((await s.call('GET', '/api/user/integral_orders?page=x', { token: buyer.token })).data.field).toBe('page');
  });

  it('the operator ships once with a courier and waybill; a second ship is 422', async () => {
    const { buyer, orderId } = await redeemed();
    const list = await s.call<Row>('GET', '/api/Admin/integral_orders', { token: admin, body: { user_id: buyer.id } });
    expect(list.data.data.map((o: Row) => o.id)).toEqual([orderId]);
    const bad = await s.call('PUT', `/api/Admin/integral_orders/${orderId}`, { token: admin, body: { delivery_code: 'nope', delivery_no: 'SF1234567' } });
    expect([bad.code, bad.data.field]).toEqual([422, 'delivery_code']);
    const badNo = await s.call('PUT', `/api/Admin/integral_orders/${orderId}`, { token: admin, body: { delivery_code: 'yd', delivery_no: '!' } });
    expect([badNo.code, badNo.data.field]).toEqual([422, 'delivery_no']);
    expect((await s.call('PUT', `/api/Admin/integral_orders/${orderId}`, { token: operator, body: { delivery_code: 'yd', delivery_no: 'YD12345678' } })).code).toBe(403);
    const shipped = await s.call<Row>('PUT', `/api/Admin/integral_orders/${orderId}`, { token: admin, body: { delivery_code: 'yd', delivery_no: 'YD12345678' } });
    expect(shipped.data).toMatchObject({ order_status: 3, delivery_code: 'yd', delivery_no: 'YD12345678' });
    expect(shipped.data.delivery_time).toBeTruthy();
    const twice = await s.call('PUT', `/api/Admin/integral_orders/${orderId}`, { token: admin, body: { delivery_code: 'yd', delivery_no: 'YD87654321' } });
    expect(twice.code).toBe(422);
    expect((await s.call('PUT', '/api/Admin/integral_orders/99999999', { token: admin, body: { delivery_code: 'yd', delivery_no: 'YD87654321' } })).code).toBe(404);
    // the buyer sees the waybill with the courier's name from the platform list, in the detail and the list
    expect((await s.call<Row>('GET', `/api/user/integral_orders/${orderId}`, { token: buyer.token })).data).toMatchObject({ delivery_code: 'yd', delivery_name: '韵达快递', delivery_no: 'YD12345678' });
    const mine = await s.call<{ data: Row[] }>('GET', '/api/user/integral_orders', { token: buyer.token });
    expect(mine.data.data.find((r) => r.id === orderId)).toMatchObject({ delivery_name: '韵达快递', delivery_no: 'YD12345678' });
  });
});
