import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expresses, collective_logs, collective_members, orders, seckill_orders, seckills } from '../../../server/db/schema';
import { cancelUnpaidOrders } from '../../../server/jobs/orderTasks';
import { openTestServer, type TestServer } from '../helpers';
import { create, preview } from '../orders/fixtures';
import { buyPromo, makeOffer, makePayer, makeSale, payByBalance, promoStore, type Payer } from './fixtures';

/**
 * Flash-sale and group prices in the checkout (docs/seckill.md "Orders"): the price source of a
 * line, refused outside the window at create and at payment, units and seats taken and given
 * back, a group filling when every seat is paid, and no shipping before it fills.
 */
let s: TestServer;
let shop: Awaited<ReturnType<typeof promoStore>>;
let alice: Payer;
let bob: Payer;
let carol: Payer;
let EXPRESS = '';

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  shop = await promoStore(s);
  [alice, bob, carol] = [await makePayer(s), await makePayer(s), await makePayer(s)];
  const [express] = await s.db.select({ code: expresses.code }).from(expresses).where(isNull(expresses.deleted_at)).limit(1);
  EXPRESS = express.code;
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await s?.close();
});

const saleRow = async (id: number) => (await s.db.select().from(seckills).where(eq(seckills.id, id)))[0];
const orderRow = async (id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];
const groupRow = async (id: number) => (await s.db.select().from(collective_logs).where(eq(collective_logs.id, id)))[0];

describe('flash sale in the checkout', () => {
  it('preview prices the line at the flash price and shows the list price and discount line by line', async () => {
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods, discount: '20.00', stock: 5 });
    const res = await preview(s, alice.token, [{ goods_id: shop.goods, buy_num: 2, seckill_id: sale } as never]);
    expect(res.code).toBe(200);
    const line = res.data[0].goods_list[0];
    expect(line.goods_price).toBe('80.00');
    expect(line.total_price).toBe('160.00');
    expect(line.promo).toEqual({ kind: 'seckill', id: sale, discount: '20.00', list_price: '100.00', saved: '40.00' });
    expect(line.refusal).toBeNull();
  });

  it('create buys at the flash price, takes the sale units, and a cancel gives them back', async () => {
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods, stock: 3 });
    const res = await buyPromo(s, alice, { goods_id: shop.goods, buy_num: 2, seckill_id: sale });
    expect(res.code).toBe(200);
    const order = await orderRow(res.data.order_id[0]);
    expect(order.total_price).toBe('160.00');
    expect(order.order_price).toBe('160.00');
    expect((await saleRow(sale)).stock).toBe(1);
    expect((await saleRow(sale)).sold).toBe(2);
    const over = await buyPromo(s, bob, { goods_id: shop.goods, buy_num: 2, seckill_id: sale });
    expect(over.code).toBe(422);
    expect(over.data.lines[0]).toMatchObject({ code: 'saleSoldOut' });
    const cancel = await s.call('PUT', `/api/user/order/${order.id}`, { token: alice.token, body: { order_status: 0 } });
    expect(cancel.code).toBe(200);
    expect((await saleRow(sale)).stock).toBe(3);
    expect((await saleRow(sale)).sold).toBe(0);
    const [held] = await s.db.select().from(seckill_orders).where(eq(seckill_orders.order_id, order.id));
    expect(held.status).toBe(0);
  });

  it('outside the window (not started, ended, stopped) the flash price is refused at preview and create, nothing written', async () => {
    const later = await makeSale(s, { store: shop.store, goods: shop.goods, from: 600, to: 720 });
    const ended = await makeSale(s, { store: shop.store, goods: shop.goods, from: -300, to: -240 });
    const stopped = await makeSale(s, { store: shop.store, goods: shop.goods, from: -200, to: 800, status: 0 });
    for (const sale of [later, ended, stopped]) {
      const before = await s.db.$count(orders, eq(orders.user_id, bob.id));
      const p = await preview(s, bob.token, [{ goods_id: shop.goods, buy_num: 1, seckill_id: sale } as never]);
      expect(p.data[0].goods_list[0].refusal.code).toBe('saleClosed');
      const c = await buyPromo(s, bob, { goods_id: shop.goods, seckill_id: sale });
      expect(c.code).toBe(422);
      expect(c.data.lines[0].code).toBe('saleClosed');
      expect(await s.db.$count(orders, eq(orders.user_id, bob.id))).toBe(before);
    }
  });

  it('a sale of another goods, or a malformed id, is refused', async () => {
    const otherGoods = (await promoStore(s, '另一家店')).goods;
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods });
    const wrong = await buyPromo(s, bob, { goods_id: otherGoods, seckill_id: sale });
    expect(wrong.data.lines[0].code).toBe('saleClosed');
    const bad = await buyPromo(s, bob, { goods_id: shop.goods, seckill_id: 'x' as never });
    expect(bad.code).toBe(422);
    expect(bad.data.field).toBe('params');
  });

  it('payment is refused once the sale has ended (422 order_id, nothing paid); in the window it pays', async () => {
    const sale = await makeSale(s, { store: shop.store, goods: shop.goods, stock: 5 });
    const res = await buyPromo(s, carol, { goods_id: shop.goods, seckill_id: sale });
    const orderId = res.data.order_id[0];
    await s.db.update(seckills).set({ end_time: sql`localtimestamp(0) - interval '1 second'` as never }).where(eq(seckills.id, sale));
    const refused = await payByBalance(s, carol, orderId);
    expect(refused.code).toBe(422);
    expect(refused.data.field).toBe('order_id');
    expect((await orderRow(orderId)).order_status).toBe(1);
    // the unpaid-order task gives the units back
    await s.db.update(orders).set({ created_at: sql`now() - interval '3 days'` as never }).where(eq(orders.id, orderId));
    await cancelUnpaidOrders(s.db);
    expect((await saleRow(sale)).stock).toBe(5);

    const live = await makeSale(s, { store: shop.store, goods: shop.goods, stock: 5, from: 1, to: 2 });
    await s.db.update(seckills).set({ start_time: sql`localtimestamp(0) - interval '1 minute'` as never }).where(eq(seckills.id, live));
    const ok = await buyPromo(s, carol, { goods_id: shop.goods, seckill_id: live });
    expect((await payByBalance(s, carol, ok.data.order_id[0])).code).toBe(200);
    expect((await orderRow(ok.data.order_id[0])).order_status).toBe(2);
  });
});

describe('group buy in the checkout', () => {
  let offer: number;
  let groupGoods: number;
  let groupShop: Awaited<ReturnType<typeof promoStore>>;
  beforeAll(async () => {
    const g = await promoStore(s, '拼团测试店');
    groupShop = g;
    groupGoods = g.goods;
    offer = await makeOffer(s, { store: g.store, goods: g.goods, discount: '25.00', need: 2 });
  });

  it('opens a group at the group price, joins it, and fills when every seat is paid', async () => {
    const open = await buyPromo(s, alice, { goods_id: groupGoods, collective_id: -1 });
    expect(open.code).toBe(200);
    const opener = await orderRow(open.data.order_id[0]);
    expect(opener.total_price).toBe('75.00');
    expect(opener.collective_id).toBeGreaterThan(0);
    const groupId = opener.collective_id;
    expect(await groupRow(groupId)).toMatchObject({ collective_id: offer, user_id: alice.id, need: 2, joined: 1, paid: 0, status: 2 });

    // the opener cannot join their own group; a group line must be alone
    const own = await buyPromo(s, alice, { goods_id: groupGoods, collective_id: groupId });
    expect(own.data.lines[0].code).toBe('groupJoined');
    const mixed = await create(s, bob.token, { lines: [{ goods_id: groupGoods, buy_num: 1, collective_id: groupId } as never, { goods_id: shop.goods, buy_num: 1 }], address: bob.address });
    expect(mixed.code).toBe(422);
    expect(mixed.data.field).toBe('params');

    expect((await payByBalance(s, alice, opener.id)).code).toBe(200);
    expect((await groupRow(groupId)).paid).toBe(1);

    // the goods page and the group page tell the opener the group is theirs (no "Join"), nobody else
    const mineOf = async (token?: string) => {
      const promos = await s.call('GET', `/api/goods/${groupGoods}/promotions`, { token });
      const group = promos.data.groups.find((g: { id: number }) => g.id === groupId);
      const one = await s.call('GET', `/api/collective_groups/${groupId}`, { token });
      expect(one.data.mine).toBe(group.mine);
      expect(JSON.stringify(one.data.members)).not.toContain('user');
      return group.mine;
    };
    expect(await mineOf(alice.token)).toBe(true);
    expect(await mineOf(bob.token)).toBe(false);
    expect(await mineOf()).toBe(false);

    const join = await buyPromo(s, bob, { goods_id: groupGoods, collective_id: groupId });
    expect(join.code).toBe(200);
    expect((await groupRow(groupId)).joined).toBe(2);
    // full: a third shopper is refused
    const third = await buyPromo(s, carol, { goods_id: groupGoods, collective_id: groupId });
    expect(third.data.lines[0].code).toBe('groupFull');

    // not filled yet: the store cannot ship the opener's order
    const shipBody = { id: opener.id, status: 3, delivery_code: EXPRESS, delivery_no: 'SF123' };
    const ship = await s.call('PUT', '/api/Seller/orders/status/edit', { token: groupShop.sellerToken, body: shipBody });
    expect(ship.code).toBe(422);
    expect(ship.data.field).toBe('order_status');
    expect((await orderRow(opener.id)).order_status).toBe(2);

    expect((await payByBalance(s, bob, join.data.order_id[0])).code).toBe(200);
    const filled = await groupRow(groupId);
    expect(filled).toMatchObject({ paid: 2, status: 1 });
    expect(filled.filled_at).not.toBeNull();

    const shipped = await s.call('PUT', '/api/Seller/orders/status/edit', { token: groupShop.sellerToken, body: shipBody });
    expect(shipped.code).toBe(200);
    const shown = await s.call('GET', `/api/collective_groups/${groupId}`);
    expect(shown.data.status).toBe(1);
    expect(shown.data.members).toHaveLength(2);
    expect(shown.data.members.every((m: { paid: boolean; nickname: string }) => m.paid && m.nickname.includes('***'))).toBe(true);
  });

  it('a cancelled unpaid seat is freed for someone else', async () => {
    const open = await buyPromo(s, alice, { goods_id: groupGoods, collective_id: -1 });
    const groupId = (await orderRow(open.data.order_id[0])).collective_id;
    await payByBalance(s, alice, open.data.order_id[0]);
    const join = await buyPromo(s, bob, { goods_id: groupGoods, collective_id: groupId });
    expect((await groupRow(groupId)).joined).toBe(2);
    await s.call('PUT', `/api/user/order/${join.data.order_id[0]}`, { token: bob.token, body: { order_status: 0 } });
    expect((await groupRow(groupId)).joined).toBe(1);
    const [seat] = await s.db.select().from(collective_members).where(eq(collective_members.order_id, join.data.order_id[0]));
    expect(seat.status).toBe(0);
    const again = await buyPromo(s, bob, { goods_id: groupGoods, collective_id: groupId });
    expect(again.code).toBe(200);
  });

  it('an expired group refuses joins and payment; a goods without an offer cannot open one', async () => {
    const open = await buyPromo(s, carol, { goods_id: groupGoods, collective_id: -1 });
    const groupId = (await orderRow(open.data.order_id[0])).collective_id;
    await s.db.update(collective_logs).set({ expires_at: sql`localtimestamp(0) - interval '1 second'` as never }).where(eq(collective_logs.id, groupId));
    const late = await buyPromo(s, bob, { goods_id: groupGoods, collective_id: groupId });
    expect(late.data.lines[0].code).toBe('groupFull');
    const pay = await payByBalance(s, carol, open.data.order_id[0]);
    expect(pay.code).toBe(422);
    expect(pay.data.field).toBe('order_id');
    const none = await buyPromo(s, bob, { goods_id: shop.goods, collective_id: -1 });
    expect(none.data.lines[0].code).toBe('groupClosed');
  });
});

