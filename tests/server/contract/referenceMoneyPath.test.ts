import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashes, goods, integral_orders, order_checkouts, orders, seckill_orders, seckills, user_checks } from '../../../server/db/schema';
import { applyLedger } from '../../../server/modules/money/ledger';
import type { TestServer } from '../helpers';
import { openTestServer } from '../helpers';
import { buildFixture, checkoutParams, makeGoods, newKey, type Fixture } from '../orders/fixtures';
import { params } from '../shop/fixtures';
import { makeClass, makePointsGoods, makePointsShopper, pointsOf } from '../points/fixtures';
import { makePayer, makeSale, promoStore, type Payer } from '../seckill/fixtures';

/**
 * Issue 25 "Contract II": the reference's own web client on the money path (screens §3.8–§3.9,
 * api.md §1.5, §6.2): every request is exactly what that client sends — a form body, the bearer
 * token of a login without `area`, nothing added (no idem_key).
 */
let s: TestServer;
let f: Fixture;
let buyer: Payer;

beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
  buyer = await makePayer(s);
});
afterAll(() => s?.close());

/** What before.vue posts to order/before: params only. */
const referencePreview = (who: Payer, goodsId: number, buyNum = 1) =>
  s.call('POST', '/api/user/order/before', { token: who.token, body: { params: checkoutParams([{ goods_id: goodsId, buy_num: buyNum }]) } });

/** What before.vue posts to order/create: params, address_id, coupon_id ('' when no store chose one), remark. */
const referenceCreate = (who: Payer, goodsId: number, buyNum = 1, remark = '') =>
  s.call('POST', '/api/user/order/create', {
    token: who.token,
    body: { params: checkoutParams([{ goods_id: goodsId, buy_num: buyNum }]), address_id: who.address, coupon_id: '', remark },
  });

const stockOf = async (goodsId: number) => (await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, goodsId)))[0].stock;
/** The buyer's derived keys age past their window. */
const ageDerivedKeys = (who: Payer) =>
  s.db.update(order_checkouts).set({ created_at: sql`localtimestamp(0) - interval '1 minute'` }).where(and(eq(order_checkouts.user_id, who.id), like(order_checkouts.idem_key, 'auto:%')));
const ordersOf = (who: Payer) => s.db.$count(orders, eq(orders.user_id, who.id));

describe('POST /api/user/order/create without idem_key (issue 25 item 1)', () => {
  it('two identical creates at once answer 200 with the same orders: one order, stock taken once', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '双击下单商品', goods_stock: 10, goods_price: '30.00' });
    const before = await ordersOf(buyer);
    const [a, b] = await Promise.all([referenceCreate(buyer, g, 2, '请尽快发货'), referenceCreate(buyer, g, 2, '请尽快发货')]);
    expect(a.code).toBe(200);
    expect(b.code).toBe(200);
    expect(a.data.order_id).toHaveLength(1);
    expect(b.data).toEqual(a.data);
    expect(await ordersOf(buyer)).toBe(before + 1);
    expect(await stockOf(g)).toBe(8);
    // a third identical click a moment later: still the same orders
    const c = await referenceCreate(buyer, g, 2, '请尽快发货');
    expect(c.data).toEqual(a.data);
    expect(await stockOf(g)).toBe(8);
  });

  it('a different request (quantity, remark) within the window is another order', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '不同请求商品', goods_stock: 10 });
    const one = await referenceCreate(buyer, g, 1);
    const two = await referenceCreate(buyer, g, 2);
    const three = await referenceCreate(buyer, g, 1, '另一个备注');
    expect([one.code, two.code, three.code]).toEqual([200, 200, 200]);
    expect(new Set([one.data.order_id[0], two.data.order_id[0], three.data.order_id[0]]).size).toBe(3);
    expect(await stockOf(g)).toBe(6);
  });

  it('another shopper with the same request gets orders of their own', async () => {
    const other = await makePayer(s);
    const g = await makeGoods(s, { store_id: f.store, goods_name: '两人同买商品', goods_stock: 10 });
    const mine = await referenceCreate(buyer, g);
    const theirs = await referenceCreate(other, g);
    expect(theirs.data.order_id[0]).not.toBe(mine.data.order_id[0]);
    expect(await stockOf(g)).toBe(8);
  });

  it('after the window the same request is a new order (the key is derived for a few seconds only)', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '再次购买商品', goods_stock: 10 });
    const first = await referenceCreate(buyer, g);
    await ageDerivedKeys(buyer);
    const again = await referenceCreate(buyer, g);
    expect(again.code).toBe(200);
    expect(again.data.order_id[0]).not.toBe(first.data.order_id[0]);
    expect(await stockOf(g)).toBe(8);
    // the key's row now names the new order: a repeat now answers it
    expect((await referenceCreate(buyer, g)).data).toEqual(again.data);
  });

  it('a repeat refused by the stock within the window answers the first orders; later it is refused as usual', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '最后一件商品', goods_stock: 1 });
    const first = await referenceCreate(buyer, g);
    expect(first.code).toBe(200);
    expect((await referenceCreate(buyer, g)).data).toEqual(first.data);
    await ageDerivedKeys(buyer);
    const later = await referenceCreate(buyer, g);
    expect(later.code).toBe(422);
    expect(later.data.lines[0].code).toBe('overStock');
  });

  it('with a key, behaviour is as before: the key holds for good, a bad key is a 422 naming idem_key', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '带键下单商品', goods_stock: 10 });
    const key = newKey();
    const body = { params: checkoutParams([{ goods_id: g, buy_num: 1 }]), address_id: buyer.address, idem_key: key };
    const first = await s.call('POST', '/api/user/order/create', { token: buyer.token, body });
    await s.db.update(order_checkouts).set({ created_at: '2020-01-01 00:00:00' }).where(and(eq(order_checkouts.user_id, buyer.id), eq(order_checkouts.idem_key, key)));
    const again = await s.call('POST', '/api/user/order/create', { token: buyer.token, body });
    expect(again.data).toEqual(first.data);
    expect(await stockOf(g)).toBe(9);
    const bad = await s.call('POST', '/api/user/order/create', { token: buyer.token, body: { ...body, idem_key: 'a:b' } });
    expect(bad).toMatchObject({ code: 422, data: { field: 'idem_key' } });
    // derived keys never collide with a client's: they hold a ':'
    const derived = await s.db.select({ key: order_checkouts.idem_key }).from(order_checkouts).where(and(eq(order_checkouts.user_id, buyer.id), like(order_checkouts.idem_key, 'auto:%')));
    expect(derived.length).toBeGreaterThan(0);
  });

  it('no token: 401, nothing written', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '未登录商品', goods_stock: 3 });
    const answer = await s.call('POST', '/api/user/order/create', { body: { params: checkoutParams([{ goods_id: g, buy_num: 1 }]), address_id: buyer.address, coupon_id: '', remark: '' } });
    expect(answer.code).toBe(401);
    expect(await stockOf(g)).toBe(3);
  });
});

describe('POST /api/integral/pay without idem_key (the points mall of the reference client)', () => {
  it('two identical redemptions at once are one order, points and stock taken once; a different one is another', async () => {
    const g = await makePointsGoods(s, { cid: await makeClass(s), price: '100.00', stock: 5 });
    const who = await makePointsShopper(s, 1000);
    // Home/integral/info.vue: id, buy_num, address_id, remark
    const body = { id: g, buy_num: 2, address_id: who.address, remark: '' };
    const [a, b] = await Promise.all([1, 2].map(() => s.call('POST', '/api/integral/pay', { token: who.token, body })));
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(b.data.order_id).toBe(a.data.order_id);
    expect(await pointsOf(s, who.id)).toBe('800.00');
    const other = await s.call('POST', '/api/integral/pay', { token: who.token, body: { ...body, buy_num: 1 } });
    expect(other.data.order_id).not.toBe(a.data.order_id);
    expect(await s.db.$count(integral_orders, eq(integral_orders.user_id, who.id))).toBe(2);
    expect(await pointsOf(s, who.id)).toBe('700.00');
  });
});

describe('POST /api/user/order/after (issue 25 item 2)', () => {
  it('answers the shopper’s own orders as the pay page reads them, by order_id or order_no', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '支付页商品', goods_stock: 10, goods_price: '25.50' });
    const created = await referenceCreate(buyer, g, 2, '支付页备注');
    // pay.vue sends base64 of the whole create answer ({order_id, order_no})
    const after = await s.call('POST', '/api/user/order/after', { token: buyer.token, body: { params: params(created.data) } });
    expect(after.code).toBe(200);
    expect(after.data).toHaveLength(1);
    const [row] = after.data;
    expect(row).toMatchObject({
      id: created.data.order_id[0],
      order_no: created.data.order_no[0],
      order_status: 1,
      order_price: '51.00',
      total_price: expect.stringMatching(/^\d+\.\d{2}$/),
      freight_money: expect.stringMatching(/^\d+\.\d{2}$/),
      coupon_money: '0.00',
      remark: '支付页备注',
      receive_name: expect.any(String),
    });
    expect(row.order_goods).toEqual([expect.objectContaining({ goods_name: '支付页商品', goods_price: '25.50', buy_num: 2, total_price: '51.00', goods_image: expect.any(String), sku_name: '' })]);
    // by order numbers only (the reference's queue mode polls with them)
    const byNo = await s.call('POST', '/api/user/order/after', { token: buyer.token, body: { params: params({ order_no: created.data.order_no }) } });
    expect(byNo.data.map((r: { id: number }) => r.id)).toEqual(created.data.order_id);
  });

  it('another shopper’s ids give nothing; bad params are a 422 naming params; no token is a 401', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '他人订单商品', goods_stock: 10 });
    const created = await referenceCreate(buyer, g);
    const other = await makePayer(s);
    const theirs = await s.call('POST', '/api/user/order/after', { token: other.token, body: { params: params({ order_id: created.data.order_id }) } });
    expect(theirs).toMatchObject({ code: 200, data: [] });
    for (const bad of ['not base64!', params({ order_id: ['x'] }), params({ order_id: 'a,b' }), params({ order_no: [{}] })]) {
      const answer = await s.call('POST', '/api/user/order/after', { token: buyer.token, body: { params: bad } });
      expect(answer).toMatchObject({ code: 422, data: { field: 'params' } });
    }
    expect((await s.call('POST', '/api/user/order/after', { token: buyer.token, body: {} })).data).toMatchObject({ field: 'params' });
    expect((await s.call('POST', '/api/user/order/after', { body: { params: params({ order_id: created.data.order_id }) } })).code).toBe(401);
  });
});

describe('the reference client’s checkout, request by request', () => {
  it('create without a key → order/after → balance payment → order/check', async () => {
    const g = await makeGoods(s, { store_id: f.store, goods_name: '完整流程商品', goods_stock: 5, goods_price: '12.00' });
    const created = await referenceCreate(buyer, g, 1);
    expect(created.code).toBe(200);
    const encoded = params(created.data);
    const after = await s.call('POST', '/api/user/order/after', { token: buyer.token, body: { params: encoded } });
    expect(after.data[0].order_status).toBe(1);
    const unpaid = await s.call('POST', '/api/user/order/check', { token: buyer.token, body: { order_id: created.data.order_id[0] } });
    expect(unpaid.data).toEqual({ code: 'fail', msg: '' });
    // pay.vue: order_id joined by ',', payment_name, device 'scan', pay_password
    const paid = await s.call('POST', '/api/user/order/pay', {
      token: buyer.token,
      body: { order_id: created.data.order_id.join(','), payment_name: 'balance', device: 'scan', pay_password: '123456' },
    });
    expect(paid.code).toBe(200);
    const check = await s.call('POST', '/api/user/order/check', { token: buyer.token, body: { order_id: created.data.order_id[0] } });
    expect(check).toMatchObject({ code: 200, data: [] });
    expect((await s.call('POST', '/api/user/order/after', { token: buyer.token, body: { params: encoded } })).data[0].order_status).toBe(2);
  });
});

describe('flash sales as the reference has them (issue 25 item 4)', () => {
  const saleOf = async (id: number) => (await s.db.select().from(seckills).where(eq(seckills.id, id)))[0];

  it('the seller client creates a flash sale without stock (goods, discount, start, end): no cap', async () => {
    const shop = await promoStore(s, '无限秒杀店');
    // Seller/seckills/index.vue: goods_id, discount, start_time, end_time; a login without area
    const made = await s.call('POST', '/api/Seller/seckills', {
      token: shop.token,
      body: { goods_id: shop.goods, discount: '20', start_time: '2031-03-01 10:00:00', end_time: '2031-03-01 12:00:00' },
    });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ goods_id: shop.goods, discount: '20.00', stock: null });
    // a cap stays optional; a blank one removes it, a bad one is a 422 naming stock
    const capped = await s.call('PUT', `/api/Seller/seckills/${made.data.id}`, { token: shop.token, body: { stock: 5 } });
    expect(capped.data.stock).toBe(5);
    const uncapped = await s.call('PUT', `/api/Seller/seckills/${made.data.id}`, { token: shop.token, body: { stock: '' } });
    expect(uncapped.data.stock).toBeNull();
    const bad = await s.call('PUT', `/api/Seller/seckills/${made.data.id}`, { token: shop.token, body: { stock: 0 } });
    expect(bad.code).toBe(422);
    expect(JSON.stringify(bad.data)).toContain('stock');
    expect((await saleOf(made.data.id)).stock).toBeNull();
  });

  it('a goods inside a running sale is priced at the flash price without the client naming it, in order/before and order/create', async () => {
    const shop = await promoStore(s, '自动秒杀店');
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods, discount: '20.00', stock: null });
    const preview = await referencePreview(buyer, shop.goods, 2);
    expect(preview.code).toBe(200);
    const line = preview.data[0].goods_list[0];
    expect(line).toMatchObject({ goods_price: '80.00', total_price: '160.00', refusal: null, promo: { kind: 'seckill', id: sale, list_price: '100.00' } });
    const created = await referenceCreate(buyer, shop.goods, 2);
    expect(created.code).toBe(200);
    const [order] = await s.db.select().from(orders).where(eq(orders.id, created.data.order_id[0]));
    expect(order.order_price).toBe('160.00');
    const [held] = await s.db.select().from(seckill_orders).where(eq(seckill_orders.order_id, order.id));
    expect(held).toMatchObject({ seckill_id: sale, buy_num: 2, status: 1 });
    expect(await saleOf(sale)).toMatchObject({ stock: null, sold: 2 });
    expect(await stockOf(shop.goods)).toBe(48);
    // the shop shows the goods' own stock as the units left of an uncapped sale
    const shown = await s.call('GET', `/api/goods/${shop.goods}/promotions`);
    expect(shown.data.seckill).toMatchObject({ id: sale, stock: 48, capped: false, seckill_price: '80.00' });
    // a cancel gives the units back; the sale stays without a cap
    expect((await s.call('PUT', `/api/user/order/${order.id}`, { token: buyer.token, body: { order_status: 0 } })).code).toBe(200);
    expect(await saleOf(sale)).toMatchObject({ stock: null, sold: 0 });
  });

  it('a capped sale sells its units at the flash price, then refuses with a clear message (never the full price)', async () => {
    const shop = await promoStore(s, '限量秒杀店');
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods, discount: '50.00', stock: 2 });
    const first = await referenceCreate(buyer, shop.goods, 2);
    expect(first.code).toBe(200);
    expect((await s.db.select().from(orders).where(eq(orders.id, first.data.order_id[0])))[0].order_price).toBe('100.00');
    expect((await saleOf(sale)).stock).toBe(0);
    const other = await makePayer(s);
    const before = await ordersOf(other);
    const soldOut = await referenceCreate(other, shop.goods, 1);
    expect(soldOut.code).toBe(422);
    expect(soldOut.msg).toBe('秒杀商品已抢完（剩余 0）');
    expect(soldOut.data.lines[0]).toMatchObject({ goods_id: shop.goods, code: 'saleSoldOut' });
    expect(await ordersOf(other)).toBe(before);
    const previewed = await referencePreview(other, shop.goods, 1);
    expect(previewed.data[0].goods_list[0].refusal.code).toBe('saleSoldOut');
    // after the window the goods sells at its own price again
    await s.db.update(seckills).set({ end_time: sql`localtimestamp(0) - interval '1 second'` as never }).where(eq(seckills.id, sale));
    const later = await referenceCreate(other, shop.goods, 1);
    expect(later.code).toBe(200);
    expect((await s.db.select().from(orders).where(eq(orders.id, later.data.order_id[0])))[0].order_price).toBe('100.00');
  });

  it('an explicit seckill_id keeps working; a goods outside any sale keeps its price', async () => {
    const shop = await promoStore(s, '指定秒杀店');
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods, discount: '10.00', stock: 3 });
    const named = await s.call('POST', '/api/user/order/create', {
      token: buyer.token,
      body: { params: params({ order: [{ goods_id: shop.goods, sku_id: 0, buy_num: 1, seckill_id: sale }], ifcart: 0 }), address_id: buyer.address, idem_key: newKey() },
    });
    expect(named.code).toBe(200);
    expect((await saleOf(sale)).stock).toBe(2);
    const plain = await makeGoods(s, { store_id: shop.store, goods_name: '不参加秒杀', goods_price: '100.00', goods_stock: 5 });
    expect((await referencePreview(buyer, plain)).data[0].goods_list[0]).toMatchObject({ goods_price: '100.00', promo: null });
  });
});

describe('withdrawals paid to the real-name check (issue 25 item 3)', () => {
  const cashRows = () => s.db.$count(cashes);
  // Home/users/safe/check.vue: every field of the real-name form
  const CHECK = { name: '李四', card_no: '11010519900101123x', card_t: '/uploads/check/front.jpg', card_b: '/uploads/check/back.jpg', bank_no: '6222 0000 1111 2222', bank_name: '中国银行' };

  it('a shopper without a check is told to complete it first; with one, {money, remark} is paid to its name, bank and card', async () => {
    const shopper = await makePayer(s);
    expect((await s.call('GET', '/api/user/check', { token: shopper.token })).data).toBeNull();
    const rows = await cashRows();
    // Home/users/cashes/index.vue sends the amount only
    const refused = await s.call('POST', '/api/user/cashes', { token: shopper.token, body: { money: '50', remark: '' } });
    expect(refused).toMatchObject({ code: 422, data: { field: 'check' } });
    expect(refused.msg).toContain('实名认证');
    expect(await cashRows()).toBe(rows);

    const saved = await s.call('POST', '/api/user/check', { token: shopper.token, body: CHECK });
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ user_id: shopper.id, name: '李四', card_no: '11010519900101123X', bank_no: '6222000011112222', bank_name: '中国银行', card_t: CHECK.card_t });
    expect((await s.call('GET', '/api/user/check', { token: shopper.token })).data).toMatchObject({ name: '李四', bank_no: '6222000011112222' });

    const applied = await s.call('POST', '/api/user/cashes', { token: shopper.token, body: { money: '50', remark: '提现' } });
    expect(applied.code).toBe(200);
    expect(applied.data).toMatchObject({ user_id: shopper.id, name: '李四', bank_name: '中国银行', card_no: '6222000011112222', cash_status: 0, remark: '提现' });
    // a new check replaces the old one; one row per shopper
    expect((await s.call('POST', '/api/user/check', { token: shopper.token, body: { ...CHECK, bank_name: '招商银行' } })).data.bank_name).toBe('招商银行');
    expect(await s.db.$count(user_checks, eq(user_checks.user_id, shopper.id))).toBe(1);
  });

  it('a bad real-name form is a 422 naming the field, nothing saved; no token is a 401', async () => {
    const shopper = await makePayer(s);
    for (const [field, value] of [
      ['name', ''],
      ['card_no', '12'],
      ['bank_no', '12ab'],
      ['bank_name', ''],
      ['card_t', 'javascript:alert(1)'],
    ] as const) {
      const answer = await s.call('POST', '/api/user/check', { token: shopper.token, body: { ...CHECK, [field]: value } });
      expect(answer.code, field).toBe(422);
      expect(answer.data.field, field).toBe(field);
    }
    expect(await s.db.$count(user_checks, eq(user_checks.user_id, shopper.id))).toBe(0);
    expect((await s.call('POST', '/api/user/check', { body: CHECK })).code).toBe(401);
    expect((await s.call('GET', '/api/user/check')).code).toBe(401);
  });

  it('a store withdrawal is paid to its owner’s check (what the seller client types is not read); none → complete it first', async () => {
    const shop = await promoStore(s, '提现测试店');
    await s.db.transaction((tx) => applyLedger(tx, { owner: 'store', id: shop.store, type: 0, cents: 10_000, name: '测试', info: 'test' }));
    // Seller/cashes/index.vue: 真实姓名, 银行名称, 银行卡号, 提现资金 (a login without area)
    const typed = { money: '20', name: '别人', bank_name: '别的银行', card_no: '6225000000000000', remark: '' };
    const rows = await cashRows();
    const refused = await s.call('POST', '/api/Seller/cashes', { token: shop.token, body: typed });
    expect(refused).toMatchObject({ code: 422, data: { field: 'check' } });
    expect(refused.msg).toContain('店主');
    expect(await cashRows()).toBe(rows);
    expect((await s.call('GET', '/api/Seller/cashes/account', { token: shop.token })).data).toMatchObject({ checked: false });
    expect((await s.call('POST', '/api/user/check', { token: shop.token, body: CHECK })).code).toBe(200);
    const applied = await s.call('POST', '/api/Seller/cashes', { token: shop.token, body: typed });
    expect(applied.code).toBe(200);
    expect(applied.data).toMatchObject({ store_id: shop.store, name: '李四', bank_name: '中国银行', card_no: '6222000011112222' });
  });
});
