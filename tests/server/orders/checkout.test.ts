import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, goods, goods_skus, order_checkouts, order_goods, order_logs, orders } from '../../../server/db/schema';
import { orderNumber } from '../../../server/modules/orders/create';
import { openTestServer, type TestServer } from '../helpers';
import {
  OTHER_PROVINCE,
  buildFixture,
  checkoutParams,
  countOrders,
  create,
  liveCart,
  makeAddress,
  makeFreights,
  makeGoods,
  makeOwnedStore,
  makeShopper,
  makeUser,
  newKey,
  preview,
  stockOf,
  type Fixture,
} from './fixtures';

let s: TestServer;
let f: Fixture;
let templates: { def: number; far: number };
beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
  templates = await makeFreights(s, f.store);
});
afterAll(async () => {
  await s.close();
});

const snapshot = async () => ({
  orders: await s.db.$count(orders),
  lines: await s.db.$count(order_goods),
  logs: await s.db.$count(order_logs),
  checkouts: await s.db.$count(order_checkouts),
  carts: await s.db.$count(carts),
  skus: (await s.db.select({ id: goods_skus.id, stock: goods_skus.goods_stock }).from(goods_skus).orderBy(goods_skus.id)).map((r) => `${r.id}:${r.stock}`).join(','),
});

describe('POST /api/user/order/before (preview)', () => {
  it('prices lines per store from the database, with freight for the address province', async () => {
    const shopper = await makeShopper(s);
    const res = await preview(s, shopper.token, [
      { goods_id: f.plain, buy_num: 2, cart_id: 5 },
      { goods_id: f.withSkus, sku_id: f.skus.redM, buy_num: 1 },
    ]);
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(1);
    const [group] = res.data;
    expect(group.store_info).toEqual({ id: f.store, store_name: '鲸声测试旗舰店', store_logo: '' });
    expect(group.goods_list[0]).toMatchObject({
      goods_id: f.plain,
      sku_id: 0,
      cart_id: 5,
      goods_name: '鲸声无线蓝牙耳机',
      goods_image: '/uploads/goods/2024-01-01/master_150.jpg',
      goods_price: '199.00',
      buy_num: 2,
      total_price: '398.00',
      goods_stock: 5,
      refusal: null,
    });
    expect(group.goods_list[1]).toMatchObject({ sku_id: f.skus.redM, sku_name: '红色,M', goods_price: '309.00', total_price: '309.00', goods_image: '/uploads/goods/2024-01-01/sku_150.jpg' });
    // both goods weigh 0 kg: the default template's first price
    expect(group).toMatchObject({ store_total_price: '707.00', freight_money: '8.00', coupon_money: '0.00', total_price: '715.00', can_buy: true, coupons: [], is_coupon: 0, coupon_id: 0 });

    // goods on the province template: its price in that province, the default elsewhere
    const remote = await makeGoods(s, { store_id: f.store, goods_name: '偏远运费商品', goods_weight: '2.50', freight_id: templates.far });
    const far = await makeAddress(s, shopper.id, { province: OTHER_PROVINCE });
    const farRes = await preview(s, shopper.token, [{ goods_id: remote, buy_num: 1 }, { goods_id: f.plain, buy_num: 1 }], { address_id: far });
    expect(farRes.data[0]).toMatchObject({ freight_money: '28.00', store_total_price: '209.00', total_price: '237.00' });
    const near = await preview(s, shopper.token, [{ goods_id: remote, buy_num: 1 }, { goods_id: f.plain, buy_num: 1 }]);
    // 2.5 kg on the default template: 8.00 + 2 × 3.00
    expect(near.data[0]).toMatchObject({ freight_money: '14.00', total_price: '223.00' });
  });

  it('refuses each line that cannot be bought with its reason, without failing the preview', async () => {
    const shopper = await makeShopper(s);
    const own = await makeOwnedStore(s, '自家小店');
    const ownGoods = await makeGoods(s, { store_id: own.store, goods_name: '自家商品' });
    await makeAddress(s, own.ownerId, { isDefault: true });
    const cases: [Record<string, number | string>, string, string?][] = [
      [{ goods_id: f.deleted, buy_num: 1 }, 'gone'],
      [{ goods_id: 999999, buy_num: 1 }, 'gone'],
      [{ goods_id: f.offShelf, buy_num: 1 }, 'offShelf'],
      [{ goods_id: f.unapproved, buy_num: 1 }, 'notApproved'],
      [{ goods_id: f.pending, buy_num: 1 }, 'notApproved'],
      [{ goods_id: f.inClosedStore, buy_num: 1 }, 'storeClosed'],
      [{ goods_id: f.inPendingStore, buy_num: 1 }, 'storeClosed'],
      [{ goods_id: f.withSkus, buy_num: 1 }, 'skuRequired'],
      [{ goods_id: f.withSkus, sku_id: f.otherGoodsSku, buy_num: 1 }, 'badSku'],
      [{ goods_id: f.plain, sku_id: f.skus.redS, buy_num: 1 }, 'badSku'],
      [{ goods_id: f.withSkus, sku_id: f.skus.soldOut, buy_num: 1 }, 'overStock', '库存不足（剩余 0）'],
      [{ goods_id: f.withSkus, sku_id: f.skus.blueS, buy_num: 3 }, 'overStock', '库存不足（剩余 2）'],
      [{ goods_id: f.plain, buy_num: 0 }, 'buyNum'],
      [{ goods_id: f.plain, buy_num: -2 }, 'buyNum'],
      [{ goods_id: f.plain, buy_num: 1.5 }, 'buyNum'],
      [{ goods_id: f.plain, buy_num: 'abc' }, 'buyNum'],
      [{ goods_id: f.plain, buy_num: 10000 }, 'buyNum'],
    ];
    for (const [line, code, msg] of cases) {
      const res = await preview(s, shopper.token, [line as never, { goods_id: f.english, buy_num: 1 }]);
      expect(res.code, JSON.stringify(line)).toBe(200);
      const lines = res.data.flatMap((g: { goods_list: unknown[] }) => g.goods_list);
      const refused = lines.find((l: { goods_id: number }) => l.goods_id === line.goods_id);
      expect(refused.refusal?.code, JSON.stringify(line)).toBe(code);
      expect(refused.refusal.msg).toBeTruthy();
      if (msg) expect(refused.refusal.msg).toBe(msg);
      const group = res.data.find((g: { goods_list: { goods_id: number }[] }) => g.goods_list.some((l) => l.goods_id === line.goods_id));
      expect(group.can_buy).toBe(false);
    }
    const mine = await preview(s, own.token, [{ goods_id: ownGoods, buy_num: 1 }]);
    expect(mine.data[0].goods_list[0].refusal).toEqual({ code: 'ownStore', msg: '不能购买自己店铺的商品' });
    const en = await s.call('POST', '/api/user/order/before', { token: shopper.token, lang: 'en', body: { params: checkoutParams([{ goods_id: f.offShelf, buy_num: 1 }]) } });
    expect(en.data[0].goods_list[0].refusal.msg).toBe('This goods is off the shelf');
  });

  it('bad input is a 422 naming the field; no token 401; a sub-account 403; another user\'s address 422', async () => {
    const shopper = await makeShopper(s);
    const other = await makeShopper(s);
    for (const body of <Record<string, string>[]>[{}, { params: 'not base64!' }, { params: Buffer.from('[1]').toString('base64') }, { params: checkoutParams([]) }, { params: checkoutParams([{ goods_id: 0, buy_num: 1 }]) }, { params: checkoutParams([{ goods_id: 'x' as never, buy_num: 1 }]) }, { params: checkoutParams([{ goods_id: 1, sku_id: -1, buy_num: 1 }]) }, { params: checkoutParams(Array.from({ length: 51 }, () => ({ goods_id: f.plain, buy_num: 1 }))) }]) {
      const res = await s.call('POST', '/api/user/order/before', { token: shopper.token, body });
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.data.field).toBe('params');
    }
    const lines = [{ goods_id: f.plain, buy_num: 1 }];
    const theirs = await preview(s, shopper.token, lines, { address_id: other.address });
    expect(theirs.code).toBe(422);
    expect(theirs.data.field).toBe('address_id');
    expect((await s.call('POST', '/api/user/order/before', { body: { params: checkoutParams(lines) } })).code).toBe(401);
    const staff = await makeUser(s, { belongId: shopper.id });
    expect((await preview(s, staff.token, lines)).code).toBe(403);
  });
});

describe('POST /api/user/order/create', () => {
  it('makes one order per store with its lines, history and totals, takes stock on the SKU and the goods', async () => {
    const shopper = await makeShopper(s);
    const own = await makeOwnedStore(s, '第二家店');
    const second = await makeGoods(s, { store_id: own.store, goods_name: '第二家商品', goods_price: '5.50', goods_stock: 7, goods_weight: '0.40', goods_master_image: '/uploads/goods/x/y.png' });
    const before = await stockOf(s, f.withSkus, f.skus.redM);
    const res = await create(s, shopper.token, {
      address: shopper.address,
      lines: [
        { goods_id: f.withSkus, sku_id: f.skus.redM, buy_num: 2 },
        { goods_id: second, buy_num: 3 },
      ],
      extra: { [`remark[${own.store}]`]: '请尽快发货', remark: '' },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.order_id).toHaveLength(2);
    expect(res.data.order_no).toHaveLength(2);
    for (const no of res.data.order_no) expect(no).toMatch(/^\d{20}$/);
    expect(new Set(res.data.order_no).size).toBe(2);

    const rows = await s.db.select().from(orders).where(eq(orders.user_id, shopper.id)).orderBy(orders.id);
    expect(rows.map((r) => r.store_id)).toEqual([f.store, own.store]);
    expect(rows[0]).toMatchObject({ order_status: 1, order_price: '618.00', freight_money: '8.00', coupon_money: '0.00', total_price: '626.00', order_name: '鲸声智能音箱', order_image: '/uploads/goods/2024-01-01/sku_150.jpg', remark: '', receive_tel: '13900000000', receive_area: '北京市 北京市 东城区' });
    // no templates in the second store: free shipping
    expect(rows[1]).toMatchObject({ order_price: '16.50', freight_money: '0.00', total_price: '16.50', remark: '请尽快发货', order_image: '/uploads/goods/x/y_150.png' });
    const [line] = await s.db.select().from(order_goods).where(eq(order_goods.order_id, rows[1].id));
    expect(line).toMatchObject({ goods_id: second, sku_id: 0, buy_num: 3, goods_price: '5.50', total_price: '16.50', total_weight: '1.20', user_id: shopper.id, store_id: own.store, goods_image: '/uploads/goods/x/y_150.png' });
    const logs = await s.db.select().from(order_logs).where(eq(order_logs.order_id, rows[0].id));
    expect(logs).toMatchObject([{ action: 'create', from_status: -1, to_status: 1, actor: 'user', actor_id: shopper.id }]);

    expect(await stockOf(s, f.withSkus, f.skus.redM)).toEqual({ goods: before.goods - 2, sku: before.sku! - 2 });
    expect(await stockOf(s, second)).toEqual({ goods: 4, sku: null });
  });

  it('is idempotent: a repeated key answers the same orders and writes nothing', async () => {
    const shopper = await makeShopper(s);
    const g = await makeGoods(s, { store_id: f.store, goods_name: '幂等商品', goods_stock: 10 });
    const key = newKey();
    const first = await create(s, shopper.token, { address: shopper.address, lines: [{ goods_id: g, buy_num: 2 }], key });
    expect(first.code).toBe(200);
    const before = await snapshot();
    const again = await create(s, shopper.token, { address: shopper.address, lines: [{ goods_id: g, buy_num: 5 }], key });
    expect(again.code).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(await snapshot()).toEqual(before);
    expect((await stockOf(s, g)).goods).toBe(8);
    // the same key of another shopper is another checkout
    const other = await makeShopper(s);
    const theirs = await create(s, other.token, { address: other.address, lines: [{ goods_id: g, buy_num: 1 }], key });
    expect(theirs.code).toBe(200);
    expect(theirs.data.order_id).not.toEqual(first.data.order_id);
  });

  it('removes the cart lines it used (the caller\'s only) when ifcart = 1', async () => {
    const shopper = await makeShopper(s);
    const other = await makeShopper(s);
    const g = await makeGoods(s, { store_id: f.store, goods_name: '购物车商品', goods_stock: 10 });
    const [mine] = await s.db.insert(carts).values({ user_id: shopper.id, goods_id: g, store_id: f.store, buy_num: 2 }).returning({ id: carts.id });
    const [kept] = await s.db.insert(carts).values({ user_id: shopper.id, goods_id: f.english, store_id: f.store, buy_num: 1 }).returning({ id: carts.id });
    const [theirs] = await s.db.insert(carts).values({ user_id: other.id, goods_id: g, store_id: f.store, buy_num: 1 }).returning({ id: carts.id });
    const res = await create(s, shopper.token, { address: shopper.address, ifcart: 1, lines: [{ goods_id: g, buy_num: 2, cart_id: mine.id }, { goods_id: g, buy_num: 1, cart_id: theirs.id }] });
    expect(res.code, res.msg).toBe(200);
    expect((await liveCart(s, shopper.id)).map((c) => c.id)).toEqual([kept.id]);
    expect((await liveCart(s, other.id)).map((c) => c.id)).toEqual([theirs.id]);
    expect((await stockOf(s, g)).goods).toBe(7);
    // ifcart = 0 leaves the cart alone
    const again = await create(s, shopper.token, { address: shopper.address, lines: [{ goods_id: f.english, buy_num: 1, cart_id: kept.id }] });
    expect(again.code).toBe(200);
    expect(await liveCart(s, shopper.id)).toHaveLength(1);
  });

  it('bad input and refused lines are 422 naming the field, and nothing is written', async () => {
    const shopper = await makeShopper(s);
    const other = await makeShopper(s);
    const g = await makeGoods(s, { store_id: f.store, goods_name: '拒绝商品', goods_stock: 2 });
    const ok = checkoutParams([{ goods_id: g, buy_num: 1 }]);
    const before = await snapshot();
    const cases: [Record<string, string | number>, string][] = [
      // no idem_key is allowed (a key derived from the request: tests/server/contract/referenceCheckout.test.ts)
      [{ params: ok, address_id: shopper.address, idem_key: 'short' }, 'idem_key'],
      [{ params: ok, address_id: shopper.address, idem_key: 'bad key with spaces' }, 'idem_key'],
      [{ params: ok, idem_key: newKey() }, 'address_id'],
      [{ params: ok, address_id: other.address, idem_key: newKey() }, 'address_id'],
      [{ params: ok, address_id: 'x', idem_key: newKey() }, 'address_id'],
      [{ address_id: shopper.address, idem_key: newKey() }, 'params'],
      [{ params: ok, address_id: shopper.address, idem_key: newKey(), remark: 'x'.repeat(151) }, 'remark'],
    ];
    for (const [body, field] of cases) {
      const res = await s.call('POST', '/api/user/order/create', { token: shopper.token, body });
      expect(res.code, JSON.stringify(body).slice(0, 100)).toBe(422);
      expect(res.data.field).toBe(field);
    }
    const key = newKey();
    const refused = await create(s, shopper.token, { address: shopper.address, key, lines: [{ goods_id: g, buy_num: 1 }, { goods_id: f.offShelf, buy_num: 1 }, { goods_id: g, buy_num: 2 }] });
    expect(refused.code).toBe(422);
    expect(refused.data).toEqual({
      field: 'params',
      lines: [
        { goods_id: f.offShelf, sku_id: 0, code: 'offShelf', msg: '商品已下架' },
        { goods_id: g, sku_id: 0, code: 'overStock', msg: '库存不足（剩余 1）' },
      ],
    });
    expect(await snapshot()).toEqual(before);
    expect((await stockOf(s, g)).goods).toBe(2);
    // the refused attempt left no key behind: the corrected checkout goes through with it
    const fixed = await create(s, shopper.token, { address: shopper.address, key, lines: [{ goods_id: g, buy_num: 2 }] });
    expect(fixed.code).toBe(200);
    expect((await stockOf(s, g)).goods).toBe(0);
  });

  it('a stock miss inside the transaction (stock changed after the pricing read) rolls everything back', async () => {
    const shopper = await makeShopper(s);
    const g = await makeGoods(s, { store_id: f.store, goods_name: '不一致商品', goods_stock: 3 });
    const [sku] = await s.db.insert(goods_skus).values({ goods_id: g, sku_name: '唯一', goods_stock: 3, goods_price: '10.00' }).returning({ id: goods_skus.id });
    // the goods' aggregate says 1 although the SKU has 3: the goods row refuses the decrement
    await s.db.update(goods).set({ goods_stock: 1 }).where(eq(goods.id, g));
    const before = await snapshot();
    const res = await create(s, shopper.token, { address: shopper.address, lines: [{ goods_id: g, sku_id: sku.id, buy_num: 2 }] });
    expect(res.code).toBe(422);
    expect(res.data.lines).toEqual([{ goods_id: g, sku_id: sku.id, code: 'overStock', msg: '库存不足（剩余 1）' }]);
    expect(await snapshot()).toEqual(before);
    expect(await stockOf(s, g, sku.id)).toEqual({ goods: 1, sku: 3 });
  });

  it('no token 401, a sub-account 403, nothing written', async () => {
    const shopper = await makeShopper(s);
    const staff = await makeUser(s, { belongId: shopper.id });
    const before = await snapshot();
    const body = { params: checkoutParams([{ goods_id: f.english, buy_num: 1 }]), address_id: shopper.address, idem_key: newKey() };
    expect((await s.call('POST', '/api/user/order/create', { body })).code).toBe(401);
    expect((await s.call('POST', '/api/user/order/create', { token: staff.token, body })).code).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await countOrders(s, staff.id)).toBe(0);
    expect(await s.db.$count(order_checkouts, and(eq(order_checkouts.user_id, staff.id)))).toBe(0);
  });
});

describe('orderNumber', () => {
  it('is the time in the configured zone and 6 random digits', () => {
    const at = new Date('2026-01-31T16:05:09Z');
    expect(orderNumber('Asia/Shanghai', at)).toMatch(/^20260201000509\d{6}$/);
    expect(orderNumber('UTC', at)).toMatch(/^20260131160509\d{6}$/);
    const many = new Set(Array.from({ length: 200 }, () => orderNumber('UTC', at)));
    expect(many.size).toBeGreaterThan(190);
  });
});
