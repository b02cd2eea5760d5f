import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../server/db/money';
import { goods, money_logs, order_logs, order_pays, orders, sms_logs, users } from '../../../server/db/schema';
import { cancelOrder } from '../../../server/modules/orders/cancel';
import { refusedNotifies } from '../../../server/modules/payment/notify';
import { devNotifyFields } from '../../../server/modules/payment/providers/dev';
import { freshIp, openTestServer, TEST_SECRET, type TestServer } from '../helpers';
import { balanceOf, DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from './fixtures';

let s: TestServer;
let demo: string;
let other: string;
let sku: Awaited<ReturnType<typeof stockedSku>>;

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  demo = await s.login('demo');
  other = await s.login('18888888889');
  sku = await stockedSku(s.db, 50);
  await topUp(s.db, DEMO_USER_ID, 10_000_000);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

const order = async (userId = DEMO_USER_ID, qty = 1) => (await makeOrder(s.db, userId, [{ goodsId: sku.goodsId, skuId: sku.skuId, qty }])) as FixtureOrder;
const pay = (token: string | null, body: Record<string, string | number>) => s.call('POST', '/api/user/order/pay', { token, body, ip: freshIp() });
const orderRow = async (id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];
const logsOf = (userId: number) => s.db.select().from(money_logs).where(and(eq(money_logs.user_id, userId), eq(money_logs.is_belong, 0))).orderBy(desc(money_logs.id));
const payRows = () => s.db.select().from(order_pays);
const saleOf = async (goodsId: number) => (await s.db.select({ n: goods.goods_sale }).from(goods).where(eq(goods.id, goodsId)))[0].n;

async function postNotify(kind: string, body: string, headers: Record<string, string> = {}) {
  const res = await s.app.request(`/api/payment/notify/${kind}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
}
const devBody = (payNo: string, totalCents: number) => new URLSearchParams(devNotifyFields(TEST_SECRET, payNo, totalCents)).toString();

describe('POST /api/user/order/pay — balance', () => {
  it('pays with the pay password: one debit with its log, order paid, sales counted', async () => {
    const o = await order(DEMO_USER_ID, 2);
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const saleBefore = await saleOf(sku.goodsId);
    const res = await pay(demo, { order_id: o.id, payment_name: 'balance', pay_password: '123456' });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ pay_no: expect.stringMatching(/^P\d{20}$/), paid: true });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before - toCents(o.total_price));
    const [log] = await logsOf(DEMO_USER_ID);
    expect(log).toMatchObject({ name: '订单支付', money: `-${o.total_price}`, is_type: 0, info: o.order_no });
    const row = await orderRow(o.id);
    const [payRow] = await s.db.select().from(order_pays).where(eq(order_pays.pay_no, res.data.pay_no));
    expect(row).toMatchObject({ order_status: 2, payment_name: 'balance', pay_id: payRow.id });
    expect(row.pay_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(payRow).toMatchObject({ pay_status: 1, total: o.total_price, balance: o.total_price, payment_name: 'balance', device: 'scan', belong_id: DEMO_USER_ID, order_ids: String(o.id), trade_no: '-' });
    expect(await saleOf(sku.goodsId)).toBe(saleBefore + 2);
    const history = await s.db.select().from(order_logs).where(eq(order_logs.order_id, o.id));
    expect(history.map((h) => [h.action, h.from_status, h.to_status, h.actor])).toEqual([
      ['create', -1, 1, 'user'],
      ['pay', 1, 2, 'system'],
    ]);
  });

  it('pays several orders at once, and refuses an order already paid (422 order_id)', async () => {
    const [a, b] = [await order(), await order()];
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const res = await pay(demo, { order_id: `${a.id},${b.id}`, payment_name: 'balance', pay_password: '123456' });
    expect(res.code).toBe(200);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before - toCents(a.total_price) - toCents(b.total_price));
    expect((await orderRow(a.id)).order_status).toBe(2);
    expect((await orderRow(b.id)).order_status).toBe(2);
    const again = await pay(demo, { order_id: a.id, payment_name: 'balance', pay_password: '123456' });
    expect(again.code).toBe(422);
    expect(again.data.field).toBe('order_id');
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before - toCents(a.total_price) - toCents(b.total_price));
  });

  it('a wrong pay password is a 422 on pay_password and changes nothing; the sixth try in a row is locked out', async () => {
    const o = await order();
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const pays = (await payRows()).length;
    for (let i = 0; i < 5; i += 1) {
      const res = await pay(demo, { order_id: o.id, payment_name: 'balance', pay_password: '654321' });
      expect(res.code).toBe(422);
      expect(res.data.field).toBe('pay_password');
    }
    const locked = await pay(demo, { order_id: o.id, payment_name: 'balance', pay_password: '123456' });
    expect(locked.code).toBe(429);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    expect((await orderRow(o.id)).order_status).toBe(1);
    expect((await payRows()).length).toBe(pays);
    await s.db.execute(sql`delete from rate_limits where key = ${`pay-password:${DEMO_USER_ID}`}`);
  });

  it('not enough balance: 422 on money, nothing written', async () => {
    // user 6.. are seeded shoppers with a pay password and no balance
    const [poor] = await s.db.select().from(users).where(eq(users.username, '18888888889'));
    const o = await order(poor.id);
    const pays = (await payRows()).length;
    const res = await pay(other, { order_id: o.id, payment_name: 'balance', pay_password: '123456' });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('money');
    expect(res.msg).toBe('余额不足');
    expect((await orderRow(o.id)).order_status).toBe(1);
    expect((await payRows()).length).toBe(pays);
    expect(await logsOf(poor.id)).toEqual([]);
  });

  it('a balance one cent short is refused in both languages, nothing written; the exact amount pays and leaves 0.00', async () => {
    const [poor] = await s.db.select().from(users).where(eq(users.username, '18888888889'));
    const o = await order(poor.id);
    const total = toCents(o.total_price);
    await s.db.update(users).set({ money: ((total - 1) / 100).toFixed(2) }).where(eq(users.id, poor.id));
    const pays = (await payRows()).length;
    const short = await pay(other, { order_id: o.id, payment_name: 'balance', pay_password: '123456' });
    expect(short).toMatchObject({ code: 422, msg: '余额不足', data: { field: 'money' } });
    const shortEn = await s.call('POST', '/api/user/order/pay', { token: other, body: { order_id: o.id, payment_name: 'balance', pay_password: '123456' }, ip: freshIp(), lang: 'en' });
    expect(shortEn.code).toBe(422);
    expect(shortEn.msg).toMatch(/balance/i);
    expect(await balanceOf(s.db, poor.id)).toBe(total - 1);
    expect((await orderRow(o.id)).order_status).toBe(1);
    expect((await payRows()).length).toBe(pays);
    await s.db.update(users).set({ money: o.total_price }).where(eq(users.id, poor.id));
    const exact = await pay(other, { order_id: o.id, payment_name: 'balance', pay_password: '123456' });
    expect(exact.code).toBe(200);
    expect(await balanceOf(s.db, poor.id)).toBe(0);
    expect((await orderRow(o.id)).order_status).toBe(2);
    await s.db.update(users).set({ money: '0.00' }).where(eq(users.id, poor.id));
    await s.db.delete(money_logs).where(eq(money_logs.user_id, poor.id));
  });

  it('no pay password set: 422 payPasswordUnset', async () => {
    await s.db.update(users).set({ pay_password: '' }).where(eq(users.username, '18888888889'));
    const [u] = await s.db.select().from(users).where(eq(users.username, '18888888889'));
    const o = await order(u.id);
    const res = await pay(other, { order_id: o.id, payment_name: 'balance', pay_password: '123456' });
    expect(res).toMatchObject({ code: 422, data: { field: 'pay_password', reason: 'payPasswordUnset' } });
    expect(res.msg).toBe('请先设置支付密码');
  });

  it('bad input is a 422 naming the field, nothing written', async () => {
    const o = await order();
    const pays = (await payRows()).length;
    const cases: [Record<string, string | number>, string][] = [
      [{ payment_name: 'balance', pay_password: '123456' }, 'order_id'],
      [{ order_id: 'abc', payment_name: 'balance', pay_password: '123456' }, 'order_id'],
      [{ order_id: '0', payment_name: 'balance', pay_password: '123456' }, 'order_id'],
      [{ order_id: o.id }, 'payment_name'],
      [{ order_id: o.id, payment_name: 'paypal' }, 'payment_name'],
      [{ order_id: o.id, payment_name: 'balance' }, 'pay_password'],
      [{ order_id: o.id, payment_name: 'balance', pay_password: '12ab56' }, 'pay_password'],
      [{ order_id: o.id, payment_name: 'alipay', device: 'wap' }, 'device'],
    ];
    for (const [body, field] of cases) {
      const res = await pay(demo, body);
      expect(res.status).toBe(200);
      expect([res.code, res.data.field]).toEqual([422, field]);
    }
    const many = await pay(demo, { order_id: Array.from({ length: 51 }, (_, i) => i + 1).join(','), payment_name: 'alipay' });
    expect([many.code, many.data.field]).toEqual([422, 'order_id']);
    expect((await payRows()).length).toBe(pays);
  });

  it('wrong user: another shopper’s order is a 404, no token a 401; nothing changes', async () => {
    const o = await order();
    const pays = (await payRows()).length;
    for (const method of ['balance', 'alipay', 'wechat']) {
      const res = await pay(other, { order_id: o.id, payment_name: method, pay_password: '123456' });
      expect([res.code, res.data.field]).toEqual([404, 'order_id']);
      expect(JSON.stringify(res.data)).not.toContain(o.order_no);
    }
    const mixed = await pay(demo, { order_id: `${o.id},999999`, payment_name: 'alipay' });
    expect(mixed.code).toBe(404);
    expect((await pay(null, { order_id: o.id, payment_name: 'alipay' })).code).toBe(401);
    expect((await orderRow(o.id)).order_status).toBe(1);
    expect((await payRows()).length).toBe(pays);
  });
});

describe('POST /api/user/order/pay — gateways in test mode (no keys)', () => {
  it('alipay: a test-mode QR to the confirm page; confirming pays once, ten notifies pay once', async () => {
    const o = await order();
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const res = await pay(demo, { order_id: o.id, payment_name: 'alipay' });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      pay_no: expect.stringMatching(/^P\d{20}$/),
      paid: false,
      code_url: `http://localhost/api/payment/dev/${res.data.pay_no}`,
      test_mode: true,
      expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      expires_in: expect.any(Number),
    });
    // seconds left by the server's clock: an integer within the 30 minutes
    expect(Number.isInteger(res.data.expires_in)).toBe(true);
    expect(res.data.expires_in).toBeGreaterThan(30 * 60 - 120);
    expect(res.data.expires_in).toBeLessThanOrEqual(30 * 60);
    const created = (await orderRow(o.id)).created_at;
    const minutes = (Date.parse(res.data.expires_at.replace(' ', 'T')) - Date.parse(created.replace(' ', 'T'))) / 60_000;
    expect(minutes).toBe(30);

    const page = await s.app.request(`/api/payment/dev/${res.data.pay_no}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('测试模式 · TEST MODE');
    expect(html).toContain(`¥${o.total_price}`);
    expect(html).toContain('action="/api/payment/notify/dev"');
    expect(html).toContain('确认支付 · Confirm payment');

    const check = () => s.call('POST', '/api/user/order/check', { token: demo, body: { order_id: o.id } });
    expect((await check()).data).toEqual({ code: 'fail', msg: '' });
    const body = devBody(res.data.pay_no, toCents(o.total_price));
    for (let i = 0; i < 10; i += 1) expect(await postNotify('dev', body)).toMatchObject({ status: 200, text: 'success' });
    expect((await check()).data).toEqual([]);
    const row = await orderRow(o.id);
    expect(row).toMatchObject({ order_status: 2, payment_name: 'alipay' });
    const history = await s.db.select().from(order_logs).where(and(eq(order_logs.order_id, o.id), eq(order_logs.action, 'pay')));
    expect(history).toHaveLength(1);
    // a gateway payment leaves the balance alone
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    const [payRow] = await s.db.select().from(order_pays).where(eq(order_pays.pay_no, res.data.pay_no));
    expect(payRow).toMatchObject({ pay_status: 1, trade_no: `DEV${res.data.pay_no.slice(1)}`, refunded: '0.00' });
    const after = await s.app.request(`/api/payment/dev/${res.data.pay_no}`);
    expect(await after.text()).toContain('已支付 · Paid');
  });

  it('the confirm page’s form post (a browser) is sent back to the page; a bad signature is refused and changes nothing', async () => {
    const o = await order();
    const res = await pay(demo, { order_id: o.id, payment_name: 'wechat' });
    expect(res.data.test_mode).toBe(true);
    const fields = devNotifyFields(TEST_SECRET, res.data.pay_no, toCents(o.total_price));
    const forged = [
      { ...fields, sign: fields.sign.slice(0, -2) + 'AA' },
      { ...fields, total: '0.01' },
      devNotifyFields('another-secret', res.data.pay_no, toCents(o.total_price)),
      { pay_no: res.data.pay_no, total: fields.total },
    ];
    for (const f of forged) expect(await postNotify('dev', new URLSearchParams(f).toString())).toMatchObject({ status: 400, text: 'fail' });
    expect((await orderRow(o.id)).order_status).toBe(1);
    const browser = await postNotify('dev', new URLSearchParams(fields).toString(), { accept: 'text/html' });
    expect(browser).toMatchObject({ status: 303, location: `/api/payment/dev/${res.data.pay_no}` });
    expect((await orderRow(o.id)).order_status).toBe(2);
  });

  it('a real gateway’s notify is refused while that method has no keys', async () => {
    const o = await order();
    const res = await pay(demo, { order_id: o.id, payment_name: 'alipay' });
    const alipay = await postNotify('alipay', `out_trade_no=${res.data.pay_no}&trade_status=TRADE_SUCCESS&total_amount=${o.total_price}&sign=x`);
    expect(alipay).toMatchObject({ status: 400, text: 'fail' });
    const wechat = await postNotify('wechat', '{}', { 'content-type': 'application/json' });
    expect(wechat.status).toBe(401);
    expect(JSON.parse(wechat.text)).toMatchObject({ code: 'FAIL' });
    expect((await orderRow(o.id)).order_status).toBe(1);
  });

  it('a flood of refused notifies is counted, and sampled in the log', async () => {
    const warn = vi.mocked(console.warn);
    warn.mockClear();
    const kind = 'refused dev notifies (bad signature or payload)';
    const before = refusedNotifies.counts()[kind] ?? 0;
    for (let i = 0; i < 30; i++) expect((await postNotify('dev', `pay_no=P${i}&total=1.00&sign=x`)).status).toBe(400);
    expect(refusedNotifies.counts()[kind]).toBe(before + 30);
    // at most the first of this minute (an earlier test may have opened the window)
    expect(warn.mock.calls.filter(([line]) => String(line).includes('refused a dev notify')).length).toBeLessThanOrEqual(1);
  });

  it('nothing to charge (discounts covered it all): paid at once, no QR', async () => {
    const o = await order();
    await s.db.update(orders).set({ total_price: '0.00', coupon_money: o.total_price }).where(eq(orders.id, o.id));
    const res = await pay(demo, { order_id: o.id, payment_name: 'wechat' });
    expect(res.data).toEqual({ pay_no: expect.stringMatching(/^P\d{20}$/), paid: true });
    expect(await orderRow(o.id)).toMatchObject({ order_status: 2, payment_name: 'wechat' });
  });

  it('the confirm page of an unknown payment is a 404 page', async () => {
    for (const payNo of ['P00000000000000000000', 'nonsense', '<script>']) {
      const page = await s.app.request(`/api/payment/dev/${encodeURIComponent(payNo)}`);
      expect(page.status).toBe(404);
      const html = await page.text();
      expect(html).toContain('TEST MODE');
      expect(html).not.toContain('<script>');
    }
  });
});

describe('an order paid twice is paid once; the other payment goes back to the balance', () => {
  it('QR payment confirmed after the order was paid with the balance: refunded to the balance (重复支付退款)', async () => {
    const o = await order();
    const qr = await pay(demo, { order_id: o.id, payment_name: 'alipay' });
    const before = await balanceOf(s.db, DEMO_USER_ID);
    expect((await pay(demo, { order_id: o.id, payment_name: 'balance', pay_password: '123456' })).code).toBe(200);
    expect(await postNotify('dev', devBody(qr.data.pay_no, toCents(o.total_price)))).toMatchObject({ status: 200, text: 'success' });
    const row = await orderRow(o.id);
    expect(row.payment_name).toBe('balance');
    expect(await s.db.select().from(order_logs).where(and(eq(order_logs.order_id, o.id), eq(order_logs.action, 'pay')))).toHaveLength(1);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before);
    const [refund] = await logsOf(DEMO_USER_ID);
    expect(refund).toMatchObject({ name: '重复支付退款', money: o.total_price });
    expect(refund.info).toContain(qr.data.pay_no);
    const [payRow] = await s.db.select().from(order_pays).where(eq(order_pays.pay_no, qr.data.pay_no));
    expect(payRow).toMatchObject({ pay_status: 1, refunded: o.total_price });
  });

  it('two QR payments of one order (two tabs, two methods): the second confirmed is refunded', async () => {
    const o = await order();
    const first = await pay(demo, { order_id: o.id, payment_name: 'wechat' });
    const second = await pay(demo, { order_id: o.id, payment_name: 'alipay' });
    const before = await balanceOf(s.db, DEMO_USER_ID);
    await postNotify('dev', devBody(second.data.pay_no, toCents(o.total_price)));
    await postNotify('dev', devBody(first.data.pay_no, toCents(o.total_price)));
    expect(await orderRow(o.id)).toMatchObject({ order_status: 2, payment_name: 'alipay' });
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + toCents(o.total_price));
  });

  it('a payment of two orders, one cancelled meanwhile: the other is paid, the cancelled one’s part refunded', async () => {
    const [a, b] = [await order(), await order()];
    const qr = await pay(demo, { order_id: `${a.id},${b.id}`, payment_name: 'wechat' });
    await s.db.transaction((tx) => cancelOrder(tx, { orderId: b.id, actor: 'user', actorId: DEMO_USER_ID }));
    const before = await balanceOf(s.db, DEMO_USER_ID);
    const total = toCents(a.total_price) + toCents(b.total_price);
    expect(await postNotify('dev', devBody(qr.data.pay_no, total))).toMatchObject({ text: 'success' });
    expect((await orderRow(a.id)).order_status).toBe(2);
    expect((await orderRow(b.id)).order_status).toBe(0);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + toCents(b.total_price));
    const [payRow] = await s.db.select().from(order_pays).where(eq(order_pays.pay_no, qr.data.pay_no));
    expect(payRow.refunded).toBe(b.total_price);
    // the QR of an order no longer awaiting payment is refused up front
    const late = await pay(demo, { order_id: b.id, payment_name: 'alipay' });
    expect([late.code, late.data.field]).toEqual([422, 'order_id']);
  });
});

describe('POST /api/user/order/check', () => {
  it('answers by pay_no too; bad input 422; another user’s order or payment 404', async () => {
    const o = await order();
    const qr = await pay(demo, { order_id: o.id, payment_name: 'alipay' });
    const check = (token: string | null, body: Record<string, string | number>) => s.call('POST', '/api/user/order/check', { token, body });
    expect((await check(demo, { pay_no: qr.data.pay_no })).data).toEqual({ code: 'fail', msg: '' });
    await postNotify('dev', devBody(qr.data.pay_no, toCents(o.total_price)));
    expect((await check(demo, { pay_no: qr.data.pay_no })).data).toEqual([]);
    for (const [body, field] of [
      [{}, 'order_id'],
      [{ order_id: 'x' }, 'order_id'],
      [{ pay_no: 'P1' }, 'pay_no'],
    ] as const) {
      const res = await check(demo, body);
      expect([res.code, res.data.field]).toEqual([422, field]);
    }
    expect((await check(other, { order_id: o.id })).code).toBe(404);
    expect((await check(other, { pay_no: qr.data.pay_no })).code).toBe(404);
    expect((await check(null, { order_id: o.id })).code).toBe(401);
  });
});

describe('PUT /api/user/pay_password', () => {
  const latestCode = async (phone: string) =>
    (await s.db.select().from(sms_logs).where(and(eq(sms_logs.phone, phone), eq(sms_logs.name, 'pay_password'))).orderBy(desc(sms_logs.id)).limit(1))[0].content;

  it('sets a new pay password with an SMS code; the old one stops working', async () => {
    const phone = '13800000000';
    expect((await s.call('POST', '/api/sms', { body: { phone, name: 'pay_password' }, ip: freshIp() })).code).toBe(200);
    const code = await latestCode(phone);
    const res = await s.call('PUT', '/api/user/pay_password', { token: demo, body: { code, pay_password: '246810' } });
    expect(res.code).toBe(200);
    expect(res.msg).toBe('支付密码已设置');
    const [u] = await s.db.select({ p: users.pay_password }).from(users).where(eq(users.id, DEMO_USER_ID));
    expect(u.p).toMatch(/^scrypt\$/);
    expect(u.p).not.toContain('246810');
    const o = await order();
    expect((await pay(demo, { order_id: o.id, payment_name: 'balance', pay_password: '123456' })).data.field).toBe('pay_password');
    expect((await pay(demo, { order_id: o.id, payment_name: 'balance', pay_password: '246810' })).code).toBe(200);
    // the code works once
    const reused = await s.call('PUT', '/api/user/pay_password', { token: demo, body: { code, pay_password: '123456' } });
    expect([reused.code, reused.data.field]).toEqual([422, 'code']);
  });

  it('the pay_password code goes only to a registered phone', async () => {
    const res = await s.call('POST', '/api/sms', { body: { phone: '13999999999', name: 'pay_password' }, ip: freshIp() });
    expect([res.code, res.data.field]).toEqual([404, 'phone']);
  });

  it('bad input 422 naming the field; no login 401; nothing changes', async () => {
    const [before] = await s.db.select({ p: users.pay_password }).from(users).where(eq(users.id, DEMO_USER_ID));
    for (const [body, field] of [
      [{ code: '123456' }, 'pay_password'],
      [{ code: '123456', pay_password: '12345' }, 'pay_password'],
      [{ code: '123456', pay_password: 'abcdef' }, 'pay_password'],
      [{ pay_password: '123456' }, 'code'],
      [{ code: '000000', pay_password: '123456' }, 'code'],
    ] as const) {
      const res = await s.call('PUT', '/api/user/pay_password', { token: demo, body });
      expect([res.code, res.data.field]).toEqual([422, field]);
    }
    expect((await s.call('PUT', '/api/user/pay_password', { body: { code: '123456', pay_password: '123456' } })).code).toBe(401);
    // another account's code does not work for the caller
    await s.call('POST', '/api/sms', { body: { phone: '18888888889', name: 'pay_password' }, ip: freshIp() });
    const theirs = await latestCode('18888888889');
    expect((await s.call('PUT', '/api/user/pay_password', { token: demo, body: { code: theirs, pay_password: '111111' } })).code).toBe(422);
    const [after] = await s.db.select({ p: users.pay_password }).from(users).where(eq(users.id, DEMO_USER_ID));
    expect(after.p).toBe(before.p);
  });
});

describe('fixture sanity', () => {
  it('topUp credits through the ledger', async () => {
    const before = await balanceOf(s.db, DEMO_USER_ID);
    await topUp(s.db, DEMO_USER_ID, 1234);
    expect(await balanceOf(s.db, DEMO_USER_ID)).toBe(before + 1234);
  });
});
