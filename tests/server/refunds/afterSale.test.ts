import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../server/db/money';
import { configs, goods_skus, money_logs, order_logs, orders, payment_refunds, refunds } from '../../../server/db/schema';
import { confirmReshippedRefunds } from '../../../server/jobs/refundTasks';
import { changeOrderState } from '../../../server/modules/orders/states';
import { readTaskConfig } from '../../../server/modules/orders/taskConfig';
import { devNotifyFields } from '../../../server/modules/payment/providers/dev';
import { freshIp, loginAdmin, loginOperator, loginOwner2Seller, loginOwnerSeller, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { balanceOf, DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from '../payment/fixtures';

/**
 * The after-sale flow over HTTP (docs/refunds.md): apply, the store's review, the return's
 * waybills both ways, withdrawal, the operator stepping in; each step a state change recorded in
 * the order's history, an illegal step a 422 naming the current stage, another's request a 404.
 */
let s: TestServer;
let demo: string;
let other: string;
let seller: string;
let seller2: string;
let admin: string;
let operator: string;
let sku: Awaited<ReturnType<typeof stockedSku>>;
let express: string;

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  demo = await s.login('demo');
  other = await s.login('13800000001');
  seller = await loginOwnerSeller(s);
  seller2 = await loginOwner2Seller(s);
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
  sku = await stockedSku(s.db, 50);
  expect(sku.storeId).toBe(1);
  await topUp(s.db, DEMO_USER_ID, 5_000_000);
  express = 'yd';
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

const call = (method: string, path: string, token: string | null, body?: Record<string, unknown>) =>
  method === 'GET' && body
    ? s.call(method, `${path}?${new URLSearchParams(body as Record<string, string>)}`, { token, ip: freshIp() })
    : s.call(method, path, { token, body: body as Record<string, string>, ip: freshIp() });
const orderRow = async (id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];
const requestsOf = (orderId: number) => s.db.select().from(refunds).where(eq(refunds.order_id, orderId)).orderBy(desc(refunds.id));
const historyOf = async (orderId: number) => (await s.db.select().from(order_logs).where(eq(order_logs.order_id, orderId)).orderBy(order_logs.id)).map((l) => l.action);
const skuStock = async () => (await s.db.select({ n: goods_skus.goods_stock }).from(goods_skus).where(eq(goods_skus.id, sku.skuId)))[0].n;

async function paidOrder(method: 'balance' | 'wechat' = 'balance', qty = 1): Promise<FixtureOrder> {
  const o = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId, qty }])) as FixtureOrder;
  const body: Record<string, string | number> = { order_id: o.id, payment_name: method };
  if (method === 'balance') body.pay_password = '123456';
  const res = await call('POST', '/api/user/order/pay', demo, body);
  expect(res.code).toBe(200);
  if (method === 'wechat') {
    const notify = await s.app.request('/api/payment/notify/dev', {
      method: 'POST',
      body: new URLSearchParams(devNotifyFields(TEST_SECRET, res.data.pay_no, toCents(o.total_price))).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notify.status).toBe(200);
  }
  return o;
}

const ship = (orderId: number) => s.db.transaction((tx) => changeOrderState(tx, { orderId, action: 'ship', actor: 'seller', set: { delivery_code: express, delivery_no: 'SF1000001' } }));
const receive = (orderId: number) => s.db.transaction((tx) => changeOrderState(tx, { orderId, action: 'receive', actor: 'user' }));
const apply = (orderId: number, extra: Record<string, unknown> = {}, token = demo) =>
  call('POST', '/api/user/order/refund', token, { order_id: orderId, refund_type: 0, refund_remark: '物品破损', ...extra });

describe('apply (POST /api/user/order/refund)', () => {
  it('a paid order: one pending request with photos, the order moves to after-sale (5), recorded', async () => {
    const o = await paidOrder();
    const res = await apply(o.id, { 'images[0]': '/uploads/refund/a.jpg', 'images[1]': '/uploads/refund/b.jpg' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ order_id: o.id, refund_type: 0, refund_verify: 0, refund_step: 0, stage: 'pending', refund_remark: '物品破损', images: ['/uploads/refund/a.jpg', '/uploads/refund/b.jpg'], steps: ['cancel'], order_status: 5 });
    expect(res.data.refund_no).toMatch(/^R\d{20}$/);
    expect(await orderRow(o.id)).toMatchObject({ order_status: 5, refund_status: 0 });
    expect(await historyOf(o.id)).toEqual(['create', 'pay', 'afterSale']);
    // the same under /api/user/refunds
    expect((await call('GET', `/api/user/refunds/${o.id}`, demo)).data).toMatchObject({ id: res.data.id, stage: 'pending' });
  });

  it('bad input is a 422 naming the field, nothing written', async () => {
    const o = await paidOrder();
    const cases: [Record<string, unknown>, string][] = [
      [{ refund_remark: '' }, 'refund_remark'],
      [{ refund_remark: 'x'.repeat(201) }, 'refund_remark'],
      [{ refund_type: 2 }, 'refund_type'],
      [{ refund_type: 'abc' }, 'refund_type'],
      [Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`images[${i}]`, `/uploads/${i}.jpg`])), 'images'],
      [{ 'images[0]': 'javascript:alert(1)' }, 'images.0'],
      [{ order_id: 'x' }, 'order_id'],
    ];
    for (const [extra, field] of cases) {
      const res = await apply(o.id, extra);
      expect(res.code, field).toBe(422);
      expect(res.data.field, JSON.stringify(extra).slice(0, 60)).toBe(field);
    }
    expect(await requestsOf(o.id)).toEqual([]);
    expect((await orderRow(o.id)).order_status).toBe(2);
  });

  it('another shopper’s order is a 404 and no token a 401; nothing written', async () => {
    const o = await paidOrder();
    expect((await apply(o.id, {}, other)).code).toBe(404);
    expect((await apply(o.id, {}, null as unknown as string)).code).toBe(401);
    expect((await call('GET', `/api/user/order/refund/${o.id}`, other)).code).toBe(404);
    expect(await requestsOf(o.id)).toEqual([]);
  });

  it('refuses an unpaid order, a return before shipping, a second request, a settled order and one past the window after receipt', async () => {
    const unpaid = (await makeOrder(s.db, DEMO_USER_ID, [{ goodsId: sku.goodsId, skuId: sku.skuId }])) as FixtureOrder;
    const a = await apply(unpaid.id);
    expect(a.code).toBe(422);
    expect(a.msg).toContain('等待支付');

    const o = await paidOrder();
    const r = await apply(o.id, { refund_type: 1 });
    expect(r).toMatchObject({ code: 422, data: { field: 'refund_type' } });
    expect((await apply(o.id)).code).toBe(200);
    const again = await apply(o.id);
    expect(again.code).toBe(422);
    expect(await requestsOf(o.id)).toHaveLength(1);

    const settled = await paidOrder();
    await s.db.update(orders).set({ is_settlement: 1 }).where(eq(orders.id, settled.id));
    expect((await apply(settled.id)).code).toBe(422);

    const late = await paidOrder();
    await ship(late.id);
    await receive(late.id);
    await s.db.update(orders).set({ receipt_time: '2020-01-01 00:00:00' }).where(eq(orders.id, late.id));
    const closed = await apply(late.id);
    expect(closed).toMatchObject({ code: 422, data: { field: 'order_id' } });
    expect(closed.msg).toContain('7');
    // the window is a timed-task setting
    const [task] = await s.db.select().from(configs).where(eq(configs.name, 'task'));
    await s.db.update(configs).set({ content: JSON.stringify({ ...JSON.parse(task.content || '{}'), refund: 365 }) }).where(eq(configs.name, 'task'));
    await s.db.update(orders).set({ receipt_time: new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 19).replace('T', ' ') }).where(eq(orders.id, late.id));
    expect((await apply(late.id)).code).toBe(200);
    await s.db.update(configs).set({ content: task.content }).where(eq(configs.name, 'task'));
  });
});

describe('refund only: the store agrees or refuses', () => {
  it('agree before shipping: the balance is restored with a 售后退款 log, the stock goes back, the order completes as after-sale finished', async () => {
    const o = await paidOrder('balance', 2);
    expect((await apply(o.id)).code).toBe(200);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const stock = await skuStock();
    const res = await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'agree' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ stage: 'done', refund_verify: 1, refund_step: 3, refund_money: o.total_price, order_status: 6, steps: [] });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + toCents(o.total_price));
    const [log] = await s.db.select().from(money_logs).where(eq(money_logs.user_id, DEMO_USER_ID)).orderBy(desc(money_logs.id)).limit(1);
    expect(log).toMatchObject({ name: '售后退款', money: o.total_price });
    expect(await skuStock()).toBe(stock + 2);
    expect(await orderRow(o.id)).toMatchObject({ order_status: 6, refund_status: 2, refund_money: o.total_price });
    expect(await historyOf(o.id)).toEqual(['create', 'pay', 'afterSale', 'refund', 'afterSaleDone']);
    // a second agree: 422 naming the stage, nothing moves
    const again = await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { refund_verify: 1 });
    expect(again).toMatchObject({ code: 422, data: { field: 'refund_step', stage: 'done' } });
    expect(again.msg).toContain('售后完成');
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + toCents(o.total_price));
  });

  it('agree on a shipped order paid through a gateway (dev): refunded through the provider, not the balance; the stock stays', async () => {
    const o = await paidOrder('wechat');
    await ship(o.id);
    expect((await apply(o.id)).code).toBe(200);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const stock = await skuStock();
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'agree' })).code).toBe(200);
    const [row] = await s.db.select().from(payment_refunds).where(eq(payment_refunds.order_id, o.id));
    expect(row).toMatchObject({ payment_name: 'wechat', status: 1, money: o.total_price });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    expect(await skuStock()).toBe(stock);
  });

  it('refuse needs a reason (≤ 200); the order goes back to where it was and the buyer sees why', async () => {
    const o = await paidOrder();
    await ship(o.id);
    expect((await apply(o.id)).code).toBe(200);
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'refuse' })).data.field).toBe('refuse_remark');
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { refund_verify: 2, refuse_remark: 'x'.repeat(201) })).data.field).toBe('refuse_remark');
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'bogus' })).data.field).toBe('action');
    expect((await requestsOf(o.id))[0].refund_verify).toBe(0);
    const res = await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { refund_verify: 2, refuse_remark: '商品已使用' });
    expect(res.data).toMatchObject({ stage: 'refused', refuse_remark: '商品已使用', order_status: 3 });
    expect(await orderRow(o.id)).toMatchObject({ order_status: 3, refund_status: 0, refund_money: '0.00' });
    expect((await call('GET', `/api/user/order/refund/${o.id}`, demo)).data).toMatchObject({ stage: 'refused', refuse_remark: '商品已使用', steps: [] });
    expect((await historyOf(o.id)).slice(-2)).toEqual(['afterSale', 'backToShipped']);
    // a new request may follow a refused one
    expect((await apply(o.id)).code).toBe(200);
  });

  it('another store’s seller gets a 404 and changes nothing; the buyer cannot take the store’s steps', async () => {
    const o = await paidOrder();
    expect((await apply(o.id)).code).toBe(200);
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller2, { action: 'agree' })).code).toBe(404);
    expect((await call('GET', `/api/Seller/refunds/${o.id}`, seller2)).code).toBe(404);
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, demo, { action: 'agree' })).code).toBe(403); // the shopper's token reaches the seller centre (no area) and has no store
    expect((await requestsOf(o.id))[0].refund_verify).toBe(0);
    expect((await orderRow(o.id)).order_status).toBe(5);
  });
});

describe('return: waybills both ways', () => {
  it('agree → the buyer ships back → the store confirms arrival → re-ships (waybill shown, still open) → the buyer confirms receipt: finished, no money moved', async () => {
    const o = await paidOrder();
    await ship(o.id);
    await receive(o.id);
    expect((await apply(o.id, { refund_type: 1, refund_remark: '尺码错误' })).data).toMatchObject({ refund_type: 1, stage: 'pending' });
    expect((await orderRow(o.id)).refund_status).toBe(1);
    // shipping back before the store agreed: 422 naming the stage
    const early = await call('PUT', `/api/user/order/refund/${o.id}`, demo, { delivery_code: express, delivery_no: 'YT20260001' });
    expect(early).toMatchObject({ code: 422, data: { stage: 'pending' } });
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'agree' })).data).toMatchObject({ stage: 'awaitingReturn', order_status: 5 });
    expect((await call('GET', `/api/user/order/refund/${o.id}`, demo)).data.steps).toEqual(['cancel', 'shipBack']);
    const before = await balanceOf(s.db, DEMO_USER_ID);

    expect((await call('PUT', `/api/user/order/refund/${o.id}`, demo, { delivery_code: 'nope', delivery_no: 'YT20260001' })).data.field).toBe('delivery_code');
    expect((await call('PUT', `/api/user/order/refund/${o.id}`, demo, { delivery_code: express, delivery_no: 'a b' })).data.field).toBe('delivery_no');
    expect((await call('PUT', `/api/user/order/refund/${o.id}`, other, { delivery_code: express, delivery_no: 'YT20260001' })).code).toBe(404);
    const back = await call('PUT', `/api/user/refunds/${o.id}`, demo, { delivery_code: express, delivery_no: 'YT20260001' });
    expect(back.data).toMatchObject({ stage: 'returning', delivery_code: express, delivery_no: 'YT20260001' });
    expect(back.data.delivery_name).not.toBe('');

    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'reship', re_delivery_code: express, re_delivery_no: 'SF20260002' })).data.stage).toBe('returning');
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'arrive' })).data).toMatchObject({ stage: 'arrived', steps: ['refund', 'reship'] });
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'reship', re_delivery_code: express })).data.field).toBe('re_delivery_no');
    // confirming before anything was re-shipped: 422 naming the stage
    expect(await call('POST', `/api/user/order/refund/${o.id}/confirm`, demo)).toMatchObject({ code: 422, data: { stage: 'arrived' } });
    const reshipped = await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { re_delivery_code: express, re_delivery_no: 'SF20260002' });
    expect(reshipped.data).toMatchObject({ stage: 'reshipped', re_delivery_no: 'SF20260002', order_status: 5, steps: [] });
    expect(reshipped.data.re_delivery_name).not.toBe('');
    // the request stays open: the order waits in after-sale, the buyer's one step is to confirm
    expect(await orderRow(o.id)).toMatchObject({ order_status: 5, refund_status: 1 });
    expect((await call('GET', `/api/user/order/refund/${o.id}`, demo)).data).toMatchObject({ stage: 'reshipped', steps: ['confirm'], re_delivery_no: 'SF20260002' });
    expect((await call('GET', '/api/Seller/refunds', seller, { stage: 'reshipped' })).data.data.map((r: { order_id: number }) => r.order_id)).toContain(o.id);
    expect((await call('GET', '/api/Seller/refunds', seller, { stage: 'arrived' })).data.data.map((r: { order_id: number }) => r.order_id)).not.toContain(o.id);
    // the store cannot confirm for the buyer; another shopper gets a 404; no token a 401
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'confirm' })).code).toBe(422);
    expect((await call('POST', `/api/user/order/refund/${o.id}/confirm`, other)).code).toBe(404);
    expect((await call('POST', `/api/user/order/refund/${o.id}/confirm`, null)).code).toBe(401);
    expect((await call('POST', `/api/user/order/refund/abc/confirm`, demo)).code).toBe(404);
    expect((await orderRow(o.id)).order_status).toBe(5);
    const done = await call('POST', `/api/user/refunds/${o.id}/confirm`, demo);
    expect(done.data).toMatchObject({ stage: 'done', re_delivery_no: 'SF20260002', order_status: 6, steps: [] });
    expect(await orderRow(o.id)).toMatchObject({ order_status: 6, refund_status: 2, refund_money: '0.00' });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    expect((await historyOf(o.id)).slice(-5)).toEqual(['refund_agree', 'refund_ship_back', 'refund_arrive', 'refund_reship', 'afterSaleDone']);
    // confirmed once: a second confirm is a 422
    expect(await call('POST', `/api/user/order/refund/${o.id}/confirm`, demo)).toMatchObject({ code: 422, data: { stage: 'done' } });
  });

  it('a re-shipment the buyer does not confirm is confirmed by the timed task task.confirm days later, once', async () => {
    const o = await paidOrder();
    await ship(o.id);
    await apply(o.id, { refund_type: 1 });
    await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'agree' });
    await call('PUT', `/api/user/order/refund/${o.id}`, demo, { delivery_code: express, delivery_no: 'YT20260009' });
    await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'arrive' });
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'reship', re_delivery_code: express, re_delivery_no: 'SF20260009' })).data.stage).toBe('reshipped');
    const { confirmDays } = await readTaskConfig(s.db);
    const day = 86_400_000;
    const quiet = { log: () => {} };
    expect(await confirmReshippedRefunds(s.db, { ...quiet, now: new Date(Date.now() + (confirmDays - 1) * day) })).toMatchObject({ done: 0 });
    expect((await orderRow(o.id)).order_status).toBe(5);
    const later = new Date(Date.now() + (confirmDays + 1) * day);
    const runs = await Promise.all([confirmReshippedRefunds(s.db, { ...quiet, now: later }), confirmReshippedRefunds(s.db, { ...quiet, now: later })]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    expect(await orderRow(o.id)).toMatchObject({ order_status: 6, refund_status: 2 });
    expect((await requestsOf(o.id))[0]).toMatchObject({ refund_step: 3, refund_verify: 1 });
    const [last] = await s.db.select().from(order_logs).where(eq(order_logs.order_id, o.id)).orderBy(desc(order_logs.id)).limit(1);
    expect(last).toMatchObject({ action: 'afterSaleDone', actor: 'system', from_status: 5, to_status: 6 });
    expect(last.note).toContain('SF20260009');
    expect(await confirmReshippedRefunds(s.db, { ...quiet, now: later })).toMatchObject({ done: 0, failed: 0 });
  });

  it('agree → ship back → arrive → refund: the money goes back', async () => {
    const o = await paidOrder();
    await ship(o.id);
    await apply(o.id, { refund_type: 1 });
    await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'agree' });
    await call('PUT', `/api/user/order/refund/${o.id}`, demo, { delivery_code: express, delivery_no: 'YT20260003' });
    await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'arrive' });
    const before = await balanceOf(s.db, DEMO_USER_ID);
    expect((await call('PUT', `/api/Seller/refunds/${o.id}`, seller, { action: 'refund' })).data).toMatchObject({ stage: 'done', refund_money: o.total_price });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + toCents(o.total_price));
  });
});

describe('withdraw (DELETE) and the operator', () => {
  it('the buyer withdraws an open request: the order goes back; a finished or another’s request cannot be withdrawn', async () => {
    const o = await paidOrder();
    await apply(o.id);
    expect((await call('DELETE', `/api/user/order/refund/${o.id}`, other)).code).toBe(404);
    const res = await call('DELETE', `/api/user/refunds/${o.id}`, demo);
    expect(res.data).toMatchObject({ stage: 'withdrawn', order_status: 2 });
    expect((await orderRow(o.id)).order_status).toBe(2);
    expect((await call('DELETE', `/api/user/refunds/${o.id}`, demo)).code).toBe(422);
    expect((await call('DELETE', `/api/user/refunds/999999`, demo)).code).toBe(404);
  });

  it('lists: the store sees its own, the operator every store; filters by stage; a bad stage is a 422', async () => {
    const o = await paidOrder();
    await apply(o.id);
    const mine = await call('GET', '/api/Seller/refunds', seller, { stage: 'pending' });
    expect(mine.code).toBe(200);
    expect(mine.data.data.every((r: { stage: string; store_id: number }) => r.stage === 'pending' && r.store_id === 1)).toBe(true);
    expect(mine.data.data.some((r: { order_id: number }) => r.order_id === o.id)).toBe(true);
    expect(mine.data.count.pending).toBeGreaterThan(0);
    expect((await call('GET', '/api/Seller/refunds', seller2)).data.data.some((r: { order_id: number }) => r.order_id === o.id)).toBe(false);
    expect((await call('GET', '/api/Seller/refunds', seller, { stage: 'nope' })).code).toBe(422);
    expect((await call('GET', '/api/Seller/refunds', null)).code).toBe(401);
    expect((await call('GET', '/api/Seller/refunds', demo)).code).toBe(403);
    expect((await call('GET', '/api/Admin/refunds', operator)).code).toBe(403);
    expect((await call('GET', '/api/Admin/refunds', seller)).code).toBe(401);
    expect((await call('GET', '/api/user/refunds', null)).code).toBe(401);
    const all = await call('GET', '/api/Admin/refunds', admin, { order_no: o.order_no });
    expect(all.data.data.map((r: { order_id: number }) => r.order_id)).toEqual([o.id]);
    expect(all.data.data[0]).toMatchObject({ store_name: expect.any(String), buyer_name: expect.any(String), steps: ['agree', 'refuse'] });
    const own = await call('GET', '/api/user/refunds', demo);
    expect(own.data.data.every((r: { user_id: number }) => r.user_id === DEMO_USER_ID)).toBe(true);
    expect((await call('GET', '/api/user/refunds', other)).data.data.some((r: { order_id: number }) => r.order_id === o.id)).toBe(false);
  });

  it('the operator may step in (agree / refuse); an operator without the permission gets 403 and changes nothing', async () => {
    const o = await paidOrder();
    await apply(o.id);
    expect((await call('PUT', `/api/Admin/refunds/${o.id}`, operator, { action: 'refuse', refuse_remark: '平台介入' })).code).toBe(403);
    expect((await call('GET', `/api/Admin/refunds/${o.id}`, operator)).code).toBe(403);
    expect((await requestsOf(o.id))[0].refund_verify).toBe(0);
    const detail = await call('GET', `/api/Admin/refunds/${o.id}`, admin);
    expect(detail.data).toMatchObject({ order_id: o.id, stage: 'pending', order_goods: [expect.objectContaining({ goods_id: sku.goodsId })] });
    expect(detail.data.logs.map((l: { action: string }) => l.action)).toEqual(['create', 'pay', 'afterSale']);
    const res = await call('PUT', `/api/Admin/refunds/${o.id}`, admin, { action: 'refuse', refuse_remark: '平台介入：不符合售后条件' });
    expect(res.data).toMatchObject({ stage: 'refused', order_status: 2 });
    const [last] = await s.db.select().from(order_logs).where(and(eq(order_logs.order_id, o.id))).orderBy(desc(order_logs.id)).limit(1);
    expect(last).toMatchObject({ actor: 'admin', action: 'backToPaid' });
  });
});
