import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin_permissions, admin_to_permissions, stat_buyers, stat_days, stat_goods_days, stat_states, user_to_menus } from '../../../server/db/schema';
import { toCents } from '../../../server/db/money';
import { cancelOrder } from '../../../server/modules/orders/cancel';
import { newRefundNo, refundOrderPayment } from '../../../server/modules/payment/refund';
import { foldStatistics, rebuildStatistics } from '../../../server/modules/statistics/rollups';
import { rankedGoods } from '../../../server/modules/statistics/rankings';
import { addDays, monthStart, todayIn, weekStart } from '../../../server/modules/statistics/period';
import { SELLER_STAFF_ROLE_ID } from '../../../server/db/seed/rbac';
import { loginAdmin, loginOperator, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { makeGoods, makeOrder, makeStore, makeUser } from './fixtures';

/**
 * The dashboard routes against hand-computed figures (issue 26): two new stores, a paid order, a
 * partly and a wholly refunded one, a cancelled one, and orders either side of midnight in
 * TIME_ZONE (Asia/Shanghai in the tests: between 16:00 and 24:00 UTC its day is already the next).
 * Platform figures are compared as differences from before the fixtures, and with the orders
 * table's own sums.
 */
let s: TestServer;
let admin: string;
let sellerA: string;
let sellerB: string;
let today: string;
let yesterday: string;
const ids = { storeA: 0, storeB: 0, g1: 0, g2: 0, gB: 0, u1: 0, u2: 0, cancelled: 0 };
let before: Record<string, any>;
let beforeUser: Record<string, any>;
let beforeStore: Record<string, any>;
let beforePay: Record<string, any>;

const get = (path: string, token: string | null, query: Record<string, string | number> = {}) => s.call('GET', path, { token, body: query });
const at = (day: string, time: string) => `${day} ${time}`;
const point = (plot: { time: string }[], time: string) => plot.find((p) => p.time === time) as any;

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  today = todayIn(s.config.timeZone);
  yesterday = addDays(today, -1);
  before = (await get('/api/Admin/dashboard/all', admin)).data;
  beforeUser = (await get('/api/Admin/dashboard/user', admin)).data;
  beforeStore = (await get('/api/Admin/dashboard/store', admin)).data;
  beforePay = (await get('/api/Admin/dashboard/pay', admin)).data;

  const a = await makeStore(s.db, '统计甲店');
  const b = await makeStore(s.db, '统计乙店');
  ids.storeA = a.id;
  ids.storeB = b.id;
  ids.g1 = await makeGoods(s.db, a.id, '甲店商品一');
  ids.g2 = await makeGoods(s.db, a.id, '甲店商品二');
  ids.gB = await makeGoods(s.db, b.id, '乙店商品');
  ids.u1 = (await makeUser(s.db, '买家一')).id;
  ids.u2 = (await makeUser(s.db, '买家二')).id;
  // store A: 100.00 paid in the first seconds of today (60.00 of g1 ×2, 40.00 of g2)
  await makeOrder(s.db, { storeId: a.id, userId: ids.u1, status: 2, payTime: at(today, '00:00:05'), lines: [{ goodsId: ids.g1, qty: 2, cents: 6000 }, { goodsId: ids.g2, qty: 1, cents: 4000 }] });
  // 50.00 paid in the last second of yesterday
  await makeOrder(s.db, { storeId: a.id, userId: ids.u2, status: 2, payTime: at(yesterday, '23:59:59'), lines: [{ goodsId: ids.g2, qty: 1, cents: 5000 }] });
  // 80.00 paid today, 30.00 refunded below → 50.00
  const partly = await makeOrder(s.db, { storeId: a.id, userId: ids.u2, status: 2, payTime: at(today, '00:10:00'), lines: [{ goodsId: ids.g1, qty: 1, cents: 8000 }] });
  // 40.00 paid today, refunded whole below → 0.00 (its goods leave the goods figures)
  const whole = await makeOrder(s.db, { storeId: a.id, userId: ids.u1, status: 6, payTime: at(today, '00:20:00'), lines: [{ goodsId: ids.g2, qty: 1, cents: 4000 }] });
  // 70.00 never paid, cancelled below
  ids.cancelled = await makeOrder(s.db, { storeId: a.id, userId: ids.u1, status: 1, lines: [{ goodsId: ids.g1, qty: 1, cents: 7000 }] });
  // store B: 200.00 paid today
  await makeOrder(s.db, { storeId: b.id, userId: ids.u1, status: 2, payTime: at(today, '00:30:00'), lines: [{ goodsId: ids.gB, qty: 4, cents: 20000 }] });

  await s.db.transaction(async (tx) => {
    await refundOrderPayment(tx, { orderId: partly, cents: 3000, reason: 'test', refundNo: newRefundNo('Asia/Shanghai'), actor: 'admin' });
    await refundOrderPayment(tx, { orderId: whole, cents: 4000, reason: 'test', refundNo: newRefundNo('Asia/Shanghai'), actor: 'admin' });
    await cancelOrder(tx, { orderId: ids.cancelled, actor: 'system' });
  });
  sellerA = await s.login(a.owner.username, '123456', 'users', 'seller');
  sellerB = await s.login(b.owner.username, '123456', 'users', 'seller');
}, 120_000);
afterAll(() => s?.close());

describe('the shop day', () => {
  it('is the database session’s day in TIME_ZONE', async () => {
    const result = (await s.db.execute(sql`select current_date::text as d`)) as unknown as { rows: { d: string }[] };
    expect(result.rows[0].d).toBe(today);
  });
});

describe('GET /api/Seller/dashboard/all', () => {
  it('gives store A’s own figures, computed by hand', async () => {
    const res = await get('/api/Seller/dashboard/all', sellerA);
    expect(res.code).toBe(200);
    const d = res.data;
    const week = weekStart(today);
    const month = monthStart(today);
    const yesterdayIn = (from: string) => (yesterday >= from ? 5000 : 0);
    expect(d).toMatchObject({
      total_price: '200.00',
      today_price: '150.00',
      yesterday_price: '50.00',
      week_price: ((15000 + yesterdayIn(week)) / 100).toFixed(2),
      month_price: ((15000 + yesterdayIn(month)) / 100).toFixed(2),
      order_wait: 0,
      order_send: 3,
      order_complete: 1,
      order_refund: 0,
      day_rate: 200,
    });
    // last week / last month hold yesterday's order only when today starts a week / month
    expect(d.last_week_price).toBe(yesterday < week ? '50.00' : '0.00');
    expect(d.last_month_price).toBe(yesterday < month ? '50.00' : '0.00');
    expect(point(d.order_plot, today)).toEqual({ time: today, num: '150.00', orders: 3 });
    expect(point(d.order_plot, yesterday)).toEqual({ time: yesterday, num: '50.00', orders: 1 });
    expect(d.order_plot).toHaveLength(30);
    // the store's buyers: u1 and u2 today, u2 yesterday
    expect(point(d.user_plot, today)).toEqual({ time: today, num: 2 });
    expect(point(d.user_plot, yesterday)).toEqual({ time: yesterday, num: 1 });
    // goods of orders not wholly refunded: g1 60 + 80, g2 40 + 50
    expect(d.list.map((g: any) => [g.id, g.total_price, g.orders_count, g.quantity])).toEqual([
      [ids.g1, '140.00', 2, 3],
      [ids.g2, '90.00', 2, 2],
    ]);
    expect(d.summary).toMatchObject({ sales: '200.00', orders: 4, refunds: '70.00', previous_sales: '0.00', sales_rate: null });
    expect(d.todo).toMatchObject({ to_ship: 3, after_sales: 0 });
  });

  it('gives store B nothing of store A (isolation)', async () => {
    const d = (await get('/api/Seller/dashboard/all', sellerB)).data;
    expect(d).toMatchObject({ total_price: '200.00', today_price: '200.00', yesterday_price: '0.00', order_send: 1, order_wait: 0, order_complete: 0, day_rate: null });
    expect(d.list.map((g: any) => g.id)).toEqual([ids.gB]);
    expect(point(d.user_plot, today)).toEqual({ time: today, num: 1 });
    expect(JSON.stringify(d)).not.toContain('甲店');
  });

  it('by month and by year', async () => {
    const month = (await get('/api/Seller/dashboard/all', sellerA, { is_type: 1 })).data;
    expect(month.order_plot).toHaveLength(12);
    expect(month.order_plot.at(-1).time).toBe(today.slice(0, 7));
    const sameMonth = yesterday.slice(0, 7) === today.slice(0, 7);
    expect(month.order_plot.at(-1).num).toBe(sameMonth ? '200.00' : '150.00');
    const year = (await get('/api/Seller/dashboard/all', sellerA, { is_type: 2 })).data;
    expect(year.order_plot.map((p: any) => p.time)).toEqual([0, 1, 2, 3, 4].map((n) => String(Number(today.slice(0, 4)) - 4 + n)));
    expect(year.order_plot.reduce((sum: number, p: any) => sum + Math.round(Number(p.num) * 100), 0)).toBe(20000);
  });

  it('a range of one day: yesterday alone', async () => {
    const d = (await get('/api/Seller/dashboard/all', sellerA, { 'created_at[0]': yesterday, 'created_at[1]': yesterday })).data;
    expect(d.order_plot).toEqual([{ time: yesterday, num: '50.00', orders: 1 }]);
    expect(d.period).toMatchObject({ unit: 'day', from: yesterday, to: yesterday, previous_from: addDays(yesterday, -1), previous_to: addDays(yesterday, -1) });
    expect(d.list.map((g: any) => [g.id, g.total_price])).toEqual([[ids.g2, '50.00']]);
  });
});

describe('GET /api/Admin/dashboard/all', () => {
  it('adds both stores to the platform’s figures, and equals the orders table’s own sums', async () => {
    const d = (await get('/api/Admin/dashboard/all', admin)).data;
    const diff = (key: string) => Math.round((Number(d[key]) - Number(before[key])) * 100);
    expect(diff('today_price')).toBe(35000);
    expect(diff('yesterday_price')).toBe(5000);
    expect(diff('total_price')).toBe(40000);
    expect(d.order_send - before.order_send).toBe(4);
    expect(d.order_complete - before.order_complete).toBe(1);
    expect(d.order_wait - before.order_wait).toBe(0);
    const own = (await s.db.execute(
      sql`select coalesce(sum(total_price - refund_money), 0)::text as sales from orders where pay_time::date = ${today}::date and deleted_at is null`,
    )) as unknown as { rows: { sales: string }[] };
    expect(d.today_price).toBe(own.rows[0].sales);
    const month = (await s.db.execute(
      sql`select coalesce(sum(total_price - refund_money), 0)::text as sales from orders where pay_time >= ${monthStart(today)}::date and pay_time < ${addDays(today, 1)}::date and deleted_at is null`,
    )) as unknown as { rows: { sales: string }[] };
    expect(d.month_price).toBe(month.rows[0].sales);
    // new users today: 2 owners + 2 buyers
    expect(point(d.user_plot, today).num - point(before.user_plot, today).num).toBe(4);
    expect(d.list.map((x: any) => x.id)).toEqual(expect.arrayContaining([ids.storeB, ids.storeA]));
    expect(d.list.find((x: any) => x.id === ids.storeA)).toMatchObject({ store_name: '统计甲店', orders_count: 4, total_price: '200.00' });
  });
});

describe('analysis routes', () => {
  it('order: plot, top stores and goods of the window', async () => {
    const d = (await get('/api/Admin/dashboard/order', admin)).data;
    expect(point(d.plot, today).orders).toBe(point(before.order_plot, today).orders + 4);
    expect(d.store.find((x: any) => x.id === ids.storeB)).toMatchObject({ total_price: '200.00', orders_count: 1 });
    expect(d.goods.find((x: any) => x.id === ids.gB)).toMatchObject({ total_price: '200.00', quantity: 4, orders_count: 1 });
    expect(d.store.length).toBeLessThanOrEqual(10);
    const seller = (await get('/api/Seller/dashboard/order', sellerA)).data;
    expect(seller.store.map((g: any) => g.id)).toEqual([ids.g1, ids.g2]);
    expect(seller.goods.map((g: any) => g.id)).toEqual([ids.g1, ids.g2]);
    expect(JSON.stringify(seller)).not.toContain('乙店');
  });

  it('user: new users per bucket, the list of the window filtered by nickname', async () => {
    const d = (await get('/api/Admin/dashboard/user', admin)).data;
    expect(point(d.plot, today).num - point(beforeUser.plot, today).num).toBe(4);
    expect(d.list.total - beforeUser.list.total).toBe(4);
    const found = (await get('/api/Admin/dashboard/user', admin, { nickname: '买家|likeRight' })).data;
    expect(found.list.data.map((u: any) => u.id).sort()).toEqual([ids.u1, ids.u2].sort());
    expect(Object.keys(found.list.data[0]).sort()).toEqual(['avatar', 'created_at', 'id', 'nickname', 'phone', 'username']);
    const old = (await get('/api/Admin/dashboard/user', admin, { 'created_at[0]': '2001-01-01', 'created_at[1]': '2001-12-31' })).data;
    expect(old.list.total).toBe(0);
    expect(old.plot).toHaveLength(365);
  });

  it('store: new stores per bucket and their list', async () => {
    const d = (await get('/api/Admin/dashboard/store', admin)).data;
    expect(point(d.plot, today).num - point(beforeStore.plot, today).num).toBe(2);
    const found = (await get('/api/Admin/dashboard/store', admin, { store_name: '统计|likeRight' })).data;
    expect(found.list.data.map((x: any) => x.id).sort()).toEqual([ids.storeA, ids.storeB].sort());
  });

  it('pay: money paid per bucket with refunds, the payments of the window paged and filtered', async () => {
    const d = (await get('/api/Admin/dashboard/pay', admin)).data;
    const today0 = point(beforePay.plot, today);
    const today1 = point(d.plot, today);
    expect(Math.round((Number(today1.num) - Number(today0.num)) * 100)).toBe(10000 + 8000 + 4000 + 20000);
    expect(Math.round((Number(today1.refunds) - Number(today0.refunds)) * 100)).toBe(7000);
    const paged = (await get('/api/Admin/dashboard/pay', admin, { page: 1, per_page: 2 })).data;
    expect(paged.list).toMatchObject({ per_page: 2, current_page: 1 });
    expect(paged.list.data).toHaveLength(2);
    const balance = (await get('/api/Admin/dashboard/pay', admin, { payment_name: 'balance', pay_status: 1, isAll: 1 })).data;
    expect(Array.isArray(balance.list)).toBe(true);
    expect(balance.list.every((p: any) => p.payment_name === 'balance' && p.pay_status === 1)).toBe(true);
  });
});

describe('bad input: a clear 422 naming the field, never SQL', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['hostile', { 'created_at[0]': "2026-01-01' or 1=1 --", 'created_at[1]': '2026-01-02' }, 'created_at'],
    ['hostile second', { 'created_at[0]': '2026-01-01', 'created_at[1]': "2026-01-02'); drop table orders; --" }, 'created_at'],
    ['reversed', { 'created_at[0]': '2026-03-02', 'created_at[1]': '2026-03-01' }, 'created_at'],
    ['no such day', { 'created_at[0]': '2026-02-30', 'created_at[1]': '2026-03-01' }, 'created_at'],
    ['one date', { 'created_at[0]': '2026-03-01' }, 'created_at'],
    ['too long by day', { 'created_at[0]': '2020-01-01', 'created_at[1]': '2026-01-01' }, 'created_at'],
    ['is_type', { is_type: '3' }, 'is_type'],
    ['is_type text', { is_type: "0 or 1=1" }, 'is_type'],
  ];
  for (const [name, query, field] of cases) {
    it(`${name}: ${JSON.stringify(query)}`, async () => {
      for (const [path, token] of [['/api/Admin/dashboard/all', admin], ['/api/Admin/dashboard/pay', admin], ['/api/Seller/dashboard/order', sellerA]] as const) {
        const res = await get(path, token, query);
        expect(res.code, path).toBe(422);
        expect(res.data.field).toBe(field);
        expect(res.msg).not.toMatch(/select|insert|drop|syntax|relation|\bwhere\b/i);
      }
    });
  }

  it('the reversed range names both days, in English too', async () => {
    const res = await s.call('GET', '/api/Admin/dashboard/order', { token: admin, lang: 'en', body: { 'created_at[0]': '2026-03-02', 'created_at[1]': '2026-03-01' } });
    expect(res.msg).toBe('The first day 2026-03-02 is after the last day 2026-03-01.');
  });

  it('a bad list filter is a 422 too (page)', async () => {
    const res = await get('/api/Admin/dashboard/pay', admin, { page: 'x' });
    expect(res.code).toBe(422);
    expect(res.data.field).toBe('page');
  });
});

describe('the wrong caller', () => {
  const adminPaths = ['all', 'order', 'user', 'pay', 'store'].map((p) => `/api/Admin/dashboard/${p}`);
  const sellerPaths = ['all', 'order'].map((p) => `/api/Seller/dashboard/${p}`);

  it('no token: 401 everywhere', async () => {
    for (const path of [...adminPaths, ...sellerPaths]) expect((await get(path, null)).code, path).toBe(401);
  });

  it('a shopper or a seller token on the admin routes, an admin token on the seller routes: 401, nothing leaked', async () => {
    const shopper = await loginShopper(s);
    for (const path of adminPaths) {
      for (const token of [shopper, sellerA]) {
        const res = await get(path, token);
        expect([401, 403], path).toContain(res.code);
        expect(JSON.stringify(res.data ?? '')).not.toContain('total_price');
      }
    }
    for (const path of sellerPaths) {
      for (const token of [admin, shopper]) expect([401, 403], path).toContain((await get(path, token)).code);
    }
  });

  it('staff see the seller dashboard only with a role granting its page', async () => {
    const staff = await loginStaffSeller(s);
    for (const path of sellerPaths) expect((await get(path, staff)).code, path).toBe(403);
    await s.db.insert(user_to_menus).values({ role_id: SELLER_STAFF_ROLE_ID, menu_id: 37 });
    expect((await get('/api/Seller/dashboard/all', staff)).code).toBe(200);
    expect((await get('/api/Seller/dashboard/order', staff)).code).toBe(403);
  });

  it('an operator sees the figures while the role grants them, and not after', async () => {
    const operator = await loginOperator(s);
    expect((await get('/api/Admin/dashboard/all', operator)).code).toBe(200);
    const granted = await s.db.select({ id: admin_permissions.id }).from(admin_permissions).where(inArray(admin_permissions.apis, ['admin.dashboard.all']));
    await s.db.delete(admin_to_permissions).where(and(inArray(admin_to_permissions.permission_id, granted.map((g) => g.id))));
    const res = await get('/api/Admin/dashboard/all', operator);
    expect(res.code).toBe(403);
    expect(JSON.stringify(res.data ?? '')).not.toContain('total_price');
  });
});

describe('rollups', () => {
  const snapshot = async () => ({
    days: await s.db.select().from(stat_days).orderBy(stat_days.store_id, stat_days.day),
    buyers: (await s.db.select().from(stat_buyers).orderBy(stat_buyers.store_id, stat_buyers.day, stat_buyers.user_id)).filter((b) => b.orders !== 0),
    goods: await s.db.select().from(stat_goods_days).orderBy(stat_goods_days.goods_id, stat_goods_days.day),
    states: (await s.db.select().from(stat_states).orderBy(stat_states.store_id, stat_states.order_status)).filter((r) => r.orders !== 0),
  });

  it('folding changes no figure; the incremental rollups equal a rebuild from the orders table', async () => {
    const answer = (await get('/api/Admin/dashboard/all', admin)).data;
    await foldStatistics(s.db);
    const folded = await snapshot();
    expect((await get('/api/Admin/dashboard/all', admin)).data).toEqual(answer);
    await rebuildStatistics(s.db);
    const rebuilt = await snapshot();
    const nonZero = <T extends Record<string, unknown>>(rows: T[]) =>
      rows.filter((r) => Object.entries(r).some(([k, v]) => !['store_id', 'day', 'goods_id', 'user_id', 'order_status'].includes(k) && v !== 0 && v !== '0.00'));
    expect(nonZero(folded.days)).toEqual(nonZero(rebuilt.days));
    expect(folded.buyers).toEqual(rebuilt.buyers);
    expect(nonZero(folded.goods)).toEqual(nonZero(rebuilt.goods));
    expect(folded.states).toEqual(rebuilt.states);
    expect((await get('/api/Admin/dashboard/all', admin)).data).toEqual(answer);
  });

  it('a deleted order leaves every figure; a store’s order never shows in another store', async () => {
    const a = (await get('/api/Seller/dashboard/all', sellerA)).data;
    const orderId = await makeOrder(s.db, { storeId: ids.storeB, userId: ids.u2, status: 2, payTime: at(today, '01:00:00'), lines: [{ goodsId: ids.gB, qty: 1, cents: 1234 }] });
    const b = (await get('/api/Seller/dashboard/all', sellerB)).data;
    expect(b.today_price).toBe('212.34');
    expect((await get('/api/Seller/dashboard/all', sellerA)).data).toEqual(a);
    await s.db.execute(sql`update orders set deleted_at = now() where id = ${orderId}`);
    expect((await get('/api/Seller/dashboard/all', sellerB)).data.today_price).toBe('200.00');
    await s.db.update(user_to_menus).set({ deleted_at: sql`now()` }).where(eq(user_to_menus.menu_id, 37));
  });

  it('rankings are kept for RANKING_CACHE_MS (the figures stay live); with 0 they are read every time', async () => {
    const kept = { ms: 60_000 };
    const first = await rankedGoods(kept, s.db, ids.storeB, today, today, 6, 'amount');
    await makeOrder(s.db, { storeId: ids.storeB, userId: ids.u1, status: 2, payTime: at(today, '02:00:00'), lines: [{ goodsId: ids.gB, qty: 3, cents: 999 }] });
    expect(await rankedGoods(kept, s.db, ids.storeB, today, today, 6, 'amount')).toEqual(first);
    const live = await rankedGoods({ ms: 0 }, s.db, ids.storeB, today, today, 6, 'amount');
    expect(live[0].quantity).toBe(first[0].quantity + 3);
    expect((await get('/api/Seller/dashboard/all', sellerB)).data.today_price).toBe('209.99');
  });

  it('answers are kept per scope for DASHBOARD_CACHE_MS, access checked on every request, exports never kept', async () => {
    s.config.dashboardCacheMs = 60_000;
    let first: Record<string, any>;
    try {
      first = (await get('/api/Seller/dashboard/all', sellerB)).data;
      const otherStore = (await get('/api/Seller/dashboard/all', sellerA)).data;
      const platform = (await get('/api/Admin/dashboard/all', admin)).data;
      await makeOrder(s.db, { storeId: ids.storeB, userId: ids.u1, status: 2, payTime: at(today, '03:00:00'), lines: [{ goodsId: ids.gB, qty: 1, cents: 1000 }] });
      // the same figures for the kept period, each scope its own
      expect((await get('/api/Seller/dashboard/all', sellerB)).data).toEqual(first);
      expect((await get('/api/Seller/dashboard/all', sellerA)).data).toEqual(otherStore);
      expect((await get('/api/Admin/dashboard/all', admin)).data).toEqual(platform);
      expect(otherStore.today_price).not.toBe(first.today_price);
      // another period is another answer, read now
      const month = (await get('/api/Seller/dashboard/all', sellerB, { is_type: 1 })).data;
      expect(month.summary.sales).not.toBe(first.summary.sales);
      // no token, the wrong area: refused although an answer is kept
      expect((await get('/api/Seller/dashboard/all', null)).code).toBe(401);
      expect([401, 403]).toContain((await get('/api/Admin/dashboard/all', sellerB)).code);
      // the whole-table export is read every time
      const users = (await get('/api/Admin/dashboard/user', admin, { isAll: 1 })).data.list.length;
      await makeUser(s.db, '缓存后的会员');
      expect((await get('/api/Admin/dashboard/user', admin, { isAll: 1 })).data.list.length).toBe(users + 1);
    } finally {
      s.config.dashboardCacheMs = 0;
    }
    // off again: the order paid meanwhile is in the figures
    expect(toCents((await get('/api/Seller/dashboard/all', sellerB)).data.today_price)).toBe(toCents(first.today_price) + 1000);
  });
});
