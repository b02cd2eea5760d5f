import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupon_logs, coupons, full_reductions, order_discounts, orders } from '../../../server/db/schema';
import { loginAdmin, loginOperator, loginOwner2Seller, loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { buildFixture, create, makeGoods, makeShopper, makeUser, preview, type Fixture } from '../orders/fixtures';
import { makeCoupon, makeReduction, take } from './fixtures';

/**
 * Coupons and full reductions end to end on the in-process server (docs/marketing-api.md): taking,
 * the wallet tabs, the pricing in preview and create, the release on cancel, and the back-office
 * pages of the seller and the operator. Every route: success, bad input, wrong user.
 */
describe('coupons and full reductions', () => {
  let s: TestServer;
  let f: Fixture;
  beforeAll(async () => {
    s = await openTestServer();
    f = await buildFixture(s);
  }, 120_000);
  afterAll(async () => s?.close());

  const stockOf = async (id: number) => (await s.db.select({ stock: coupons.stock }).from(coupons).where(eq(coupons.id, id)))[0].stock;
  const logsOf = (couponId: number) => s.db.select().from(coupon_logs).where(eq(coupon_logs.coupon_id, couponId));

  describe('POST /api/user/coupon/receive', () => {
    it('takes one per shopper while the stock lasts, copying the coupon', async () => {
      const id = await makeCoupon(s, { store_id: f.store, money: '5.00', use_money: '50.00', stock: 2, name: '五元券' });
      const [a, b, c] = [await makeUser(s), await makeUser(s), await makeUser(s)];
      const first = await take(s, a.token, id);
      expect(first.code).toBe(200);
      expect(first.data.coupon_id).toBe(id);
      const again = await take(s, a.token, id);
      expect(again.code).toBe(409);
      expect(again.data.field).toBe('id');
      expect((await take(s, b.token, id)).code).toBe(200);
      const gone = await take(s, c.token, id, );
      expect(gone.code).toBe(422);
      expect(gone.msg).toMatch(/领完|all gone/);
      expect(await stockOf(id)).toBe(0);
      const logs = await logsOf(id);
      expect(logs.map((l) => l.user_id).sort()).toEqual([a.id, b.id].sort());
      expect(logs[0]).toMatchObject({ name: '五元券', money: '5.00', use_money: '50.00', status: 0, order_id: 0, store_id: f.store });
    });

    it('a second take tells the truth: still unused, or taken and used already (one per shopper per coupon), in both languages', async () => {
      const id = await makeCoupon(s, { store_id: f.store, stock: 5 });
      const user = await makeUser(s);
      expect((await take(s, user.token, id)).code).toBe(200);
      const unused = await take(s, user.token, id);
      expect(unused).toMatchObject({ code: 409, msg: '你已经领取过这张优惠券', data: { field: 'id', taken: 'unused' } });
      const [order] = await s.db.select({ id: orders.id }).from(orders).limit(1);
      await s.db.update(coupon_logs).set({ status: 1, order_id: order.id }).where(and(eq(coupon_logs.coupon_id, id), eq(coupon_logs.user_id, user.id)));
      const used = await take(s, user.token, id);
      expect(used).toMatchObject({ code: 409, data: { field: 'id', taken: 'used' } });
      expect(used.msg).toBe('这张优惠券你已领取并使用过，每人限领一张');
      const usedEn = await s.call('POST', '/api/user/coupon/receive', { token: user.token, body: { id }, lang: 'en' });
      expect(usedEn.msg).toBe('You already took this coupon and used it: one per shopper');
      expect(await stockOf(id)).toBe(4);
      expect(await logsOf(id)).toHaveLength(1);
    });

    it('refuses a coupon not started, ended, stopped or unknown, and writes nothing', async () => {
      const user = await makeUser(s);
      const early = await makeCoupon(s, { store_id: f.store, startHours: 2 });
      const late = await makeCoupon(s, { store_id: f.store, startHours: -48, endHours: -1 });
      const stopped = await makeCoupon(s, { store_id: f.store, stopped: 1 });
      for (const [id, pattern] of [
        [early, /尚未开始/],
        [late, /过期/],
        [stopped, /停用/],
      ] as const) {
        const answer = await take(s, user.token, id);
        expect(answer.code, String(id)).toBe(422);
        expect(answer.msg).toMatch(pattern);
        expect(await stockOf(id)).toBe(10);
        expect(await logsOf(id)).toEqual([]);
      }
      expect((await take(s, user.token, 99_999_999)).code).toBe(404);
    });

    it('bad input is a 422 naming id; anonymous 401; a store owner cannot take its own; sub-accounts 403', async () => {
      const user = await makeUser(s);
      for (const bad of ['', 'abc', '-1', '1.5']) {
        const answer = await take(s, user.token, bad);
        expect(answer.code, bad).toBe(422);
        expect(answer.data.field).toBe('id');
      }
      const id = await makeCoupon(s, { store_id: 1 });
      expect((await take(s, '', id)).code).toBe(401);
      const owner = await s.login('18888888888', '123456', 'users');
      const own = await take(s, owner, id);
      expect(own.code).toBe(422);
      const staff = await makeUser(s, { belongId: user.id });
      expect((await take(s, staff.token, id)).code).toBe(403);
      expect(await stockOf(id)).toBe(10);
      expect(await logsOf(id)).toEqual([]);
    });
  });

  describe('GET /api/user/coupons and the store promotions', () => {
    it('lists the caller’s own coupons by tab: unused, used, expired', async () => {
      const user = await makeShopper(s);
      const other = await makeUser(s);
      const live = await makeCoupon(s, { store_id: f.store, name: '可用券' });
      const old = await makeCoupon(s, { store_id: f.store, name: '旧券' });
      expect((await take(s, user.token, live)).code).toBe(200);
      expect((await take(s, user.token, old)).code).toBe(200);
      expect((await take(s, other.token, live)).code).toBe(200);
      await s.db.update(coupon_logs).set({ end_time: '2020-01-01 00:00:00' }).where(and(eq(coupon_logs.coupon_id, old), eq(coupon_logs.user_id, user.id)));
      const tab = async (status?: string) => s.call('GET', `/api/user/coupons${status ? `?status=${status}` : ''}`, { token: user.token });
      const unused = await tab();
      expect(unused.data.data.map((r: { name: string }) => r.name)).toEqual(['可用券']);
      expect(unused.data.total).toBe(1);
      expect((await tab('expired')).data.data.map((r: { name: string }) => r.name)).toEqual(['旧券']);
      expect((await tab('used')).data.data).toEqual([]);
      const bad = await tab('all');
      expect(bad.code).toBe(422);
      expect(bad.data.field).toBe('status');
      expect((await s.call('GET', '/api/user/coupons')).code).toBe(401);
      // another shopper sees only its own
      const theirs = await s.call('GET', '/api/user/coupons', { token: other.token });
      expect(theirs.data.data.every((r: { id: number }) => !unused.data.data.some((m: { id: number }) => m.id === r.id))).toBe(true);
      expect(theirs.data.total).toBe(1);
    });

    it('GET /api/user/coupon/taken says which of the asked coupons the caller took, unused or used; nothing of others; bad ids 422; no token 401', async () => {
      const user = await makeUser(s);
      const other = await makeUser(s);
      const [kept, spent, never] = [await makeCoupon(s, { store_id: f.store }), await makeCoupon(s, { store_id: f.store }), await makeCoupon(s, { store_id: f.store })];
      expect((await take(s, user.token, kept)).code).toBe(200);
      expect((await take(s, user.token, spent)).code).toBe(200);
      expect((await take(s, other.token, never)).code).toBe(200);
      const [order] = await s.db.select({ id: orders.id }).from(orders).limit(1);
      await s.db.update(coupon_logs).set({ status: 1, order_id: order.id }).where(and(eq(coupon_logs.coupon_id, spent), eq(coupon_logs.user_id, user.id)));
      const ask = (token: string | undefined, ids: string) => s.call('GET', `/api/user/coupon/taken?ids=${ids}`, { token });
      const mine = await ask(user.token, `${kept},${spent},${never}`);
      expect(mine.code).toBe(200);
      expect(mine.data).toEqual({ [kept]: 'unused', [spent]: 'used' });
      // the other shopper's take of `never` says nothing about this one, and vice versa
      expect((await ask(other.token, `${kept},${spent},${never}`)).data).toEqual({ [never]: 'unused' });
      for (const bad of ['', 'x', '0', '1,-2', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
        const answer = await ask(user.token, bad);
        expect(answer.code, bad).toBe(422);
        expect(answer.data.field).toBe('ids');
      }
      expect((await ask(undefined, String(kept))).code).toBe(401);
      const seller = await loginOwnerSeller(s);
      expect((await s.call('GET', `/api/user/coupon/taken?ids=${kept}`, { token: seller })).code).not.toBe(200);
    });

    it('the goods page and GET /api/store_promotions/:id show what can be taken now and the running full reductions', async () => {
      const store = (await import('../orders/fixtures')).makeOwnedStore;
      const { store: storeId } = await store(s, '促销测试店');
      const goodsId = await makeGoods(s, { store_id: storeId, class_id: f.classes.leaf, goods_name: '促销商品' });
      const open = await makeCoupon(s, { store_id: storeId, name: '开放券' });
      await makeCoupon(s, { store_id: storeId, name: '领完券', stock: 0 });
      await makeCoupon(s, { store_id: storeId, name: '停用券', stopped: 1 });
      await makeCoupon(s, { store_id: storeId, name: '未开始', startHours: 3 });
      await makeReduction(s, { store_id: storeId, money: '20.00', use_money: '200.00' });
      await makeReduction(s, { store_id: storeId, money: '5.00', use_money: '50.00', endHours: -1, startHours: -5 });
      const answer = await s.call('GET', `/api/store_promotions/${storeId}`);
      expect(answer.data.coupons.map((c: { id: number }) => c.id)).toEqual([open]);
      expect(answer.data.full_reductions.map((r: { money: string }) => r.money)).toEqual(['20.00']);
      const detail = await s.call('GET', `/api/goods/${goodsId}`);
      expect(detail.data.coupons.map((c: { id: number }) => c.id)).toEqual([open]);
      expect(detail.data.full_reductions).toHaveLength(1);
      expect((await s.call('GET', `/api/store_promotions/${f.closedStore}`)).data).toEqual({ coupons: [], full_reductions: [] });
      expect((await s.call('GET', '/api/store_promotions/x')).code).toBe(422);
    });
  });

  describe('checkout: preview, create, cancel', () => {
    it('preselects the best coupon, applies the best full reduction, shows each discount and records them on the order', async () => {
      const user = await makeShopper(s);
      const g = await makeGoods(s, { store_id: f.store, class_id: f.classes.leaf, goods_name: '满减商品', goods_price: '100.00', goods_stock: 50 });
      const small = await makeCoupon(s, { store_id: f.store, money: '5.00', use_money: '0.00', name: '小券' });
      const big = await makeCoupon(s, { store_id: f.store, money: '30.00', use_money: '200.00', name: '大券' });
      const tooHigh = await makeCoupon(s, { store_id: f.store, money: '80.00', use_money: '900.00', name: '门槛高' });
      for (const id of [small, big, tooHigh]) expect((await take(s, user.token, id)).code).toBe(200);
      await makeReduction(s, { store_id: f.store, money: '10.00', use_money: '100.00' });
      await makeReduction(s, { store_id: f.store, money: '25.00', use_money: '400.00' });
      await makeReduction(s, { store_id: f.store, money: '90.00', use_money: '300.00', stopped: 1 });
      const [bigLog] = await s.db.select({ id: coupon_logs.id }).from(coupon_logs).where(and(eq(coupon_logs.coupon_id, big), eq(coupon_logs.user_id, user.id)));
      const [smallLog] = await s.db.select({ id: coupon_logs.id }).from(coupon_logs).where(and(eq(coupon_logs.coupon_id, small), eq(coupon_logs.user_id, user.id)));

      const lines = [{ goods_id: g, buy_num: 3 }];
      const answer = await preview(s, user.token, lines);
      expect(answer.code).toBe(200);
      const [group] = answer.data;
      expect(group.coupons.map((c: { id: number }) => c.id)).toEqual([bigLog.id, smallLog.id]);
      expect(group.coupon_id).toBe(bigLog.id);
      expect(group.discounts).toEqual([
        { kind: 'fullReduction', ref_id: expect.any(Number), label: '满100.00减10.00', money: '10.00' },
        { kind: 'coupon', ref_id: bigLog.id, label: '大券', money: '30.00' },
      ]);
      expect(group).toMatchObject({ store_total_price: '300.00', coupon_money: '40.00', total_price: '260.00' });

      // the shopper picks the small one, then none
      const chosen = await preview(s, user.token, lines, { coupon_id: String(smallLog.id) });
      expect(chosen.data[0]).toMatchObject({ coupon_id: smallLog.id, coupon_money: '15.00', total_price: '285.00' });
      const none = await preview(s, user.token, lines, { coupon_id: '' });
      expect(none.data[0]).toMatchObject({ coupon_id: 0, coupon_money: '10.00' });

      const made = await create(s, user.token, { lines, address: user.address, extra: { coupon_id: String(bigLog.id) } });
      expect(made.code).toBe(200);
      const [order] = await s.db.select().from(orders).where(eq(orders.id, made.data.order_id[0]));
      expect(order).toMatchObject({ coupon_id: bigLog.id, order_price: '300.00', coupon_money: '40.00', total_price: '260.00' });
      const discounts = await s.db.select().from(order_discounts).where(eq(order_discounts.order_id, order.id));
      expect(discounts.map((d) => [d.kind, d.money])).toEqual([
        ['fullReduction', '10.00'],
        ['coupon', '30.00'],
      ]);
      const [used] = await s.db.select().from(coupon_logs).where(eq(coupon_logs.id, bigLog.id));
      expect(used).toMatchObject({ status: 1, order_id: order.id });
      const detail = await s.call('GET', `/api/user/order/${order.id}`, { token: user.token });
      expect(detail.data.discounts).toEqual([
        { kind: 'fullReduction', label: '满100.00减10.00', money: '10.00' },
        { kind: 'coupon', label: '大券', money: '30.00' },
      ]);

      // used: not offered again, and naming it is refused
      const after = await preview(s, user.token, lines);
      expect(after.data[0].coupons.map((c: { id: number }) => c.id)).toEqual([smallLog.id]);
      const reuse = await create(s, user.token, { lines, address: user.address, extra: { coupon_id: String(bigLog.id) } });
      expect(reuse.code).toBe(422);
      expect(reuse.data.field).toBe('coupon_id');

      // cancel gives it back
      const cancel = await s.call('PUT', `/api/user/order/${order.id}`, { token: user.token, body: { order_status: 0 } });
      expect(cancel.code).toBe(200);
      const [back] = await s.db.select().from(coupon_logs).where(eq(coupon_logs.id, bigLog.id));
      expect(back).toMatchObject({ status: 0, order_id: 0 });
    });

    it('refuses a coupon that is someone else’s, expired, two for one store, below its threshold or malformed — nothing written', async () => {
      const user = await makeShopper(s);
      const other = await makeShopper(s);
      const g = await makeGoods(s, { store_id: f.store, class_id: f.classes.leaf, goods_name: '拒券商品', goods_price: '20.00', goods_stock: 50 });
      const ids = [await makeCoupon(s, { store_id: f.store }), await makeCoupon(s, { store_id: f.store }), await makeCoupon(s, { store_id: f.store, use_money: '999.00' })];
      for (const id of ids) expect((await take(s, user.token, id)).code).toBe(200);
      expect((await take(s, other.token, ids[0])).code).toBe(200);
      const logs = await s.db.select({ id: coupon_logs.id, coupon: coupon_logs.coupon_id, user: coupon_logs.user_id }).from(coupon_logs).where(eq(coupon_logs.store_id, f.store));
      const mine = (coupon: number) => logs.find((l) => l.coupon === coupon && l.user === user.id)!.id;
      const theirs = logs.find((l) => l.coupon === ids[0] && l.user === other.id)!.id;
      await s.db.update(coupon_logs).set({ end_time: '2020-01-01 00:00:00' }).where(eq(coupon_logs.id, mine(ids[1])));
      const lines = [{ goods_id: g, buy_num: 1 }];
      const before = await s.db.$count(orders, eq(orders.user_id, user.id));
      for (const [choice, pattern] of [
        [String(theirs), /不可用/],
        [String(mine(ids[1])), /不可用/],
        [`${mine(ids[0])},${mine(ids[2])}`, /只能使用一张/],
        [String(mine(ids[2])), /门槛/],
        ['x1', /coupon_id/],
      ] as const) {
        for (const answer of [await preview(s, user.token, lines, { coupon_id: choice }), await create(s, user.token, { lines, address: user.address, extra: { coupon_id: choice } })]) {
          expect(answer.code, choice).toBe(422);
          expect(answer.data.field).toBe('coupon_id');
          expect(answer.msg).toMatch(pattern);
        }
      }
      expect(await s.db.$count(orders, eq(orders.user_id, user.id))).toBe(before);
      expect((await s.db.select().from(coupon_logs).where(eq(coupon_logs.user_id, user.id))).every((l) => l.status === 0)).toBe(true);
    });
  });

  describe('demo seed', () => {
    it('the demo stores offer coupons and full reductions; the demo shopper holds one', async () => {
      const demo = await s.login('demo', '123456', 'users');
      const wallet = await s.call('GET', '/api/user/coupons', { token: demo });
      expect(wallet.data.data.map((r: { name: string }) => r.name)).toEqual(['新人立减券']);
      const store1 = await s.call('GET', '/api/store_promotions/1');
      const names = store1.data.coupons.map((c: { name: string }) => c.name);
      expect(names).toEqual(expect.arrayContaining(['新人立减券', '满299减30', '满999减120']));
      for (const hidden of ['双十二预热券', '国庆特惠券']) expect(names).not.toContain(hidden);
      const reductions = store1.data.full_reductions.map((r: { name: string }) => r.name);
      expect(reductions).toEqual(expect.arrayContaining(['满500减50', '满2000减300']));
      expect(reductions).not.toContain('夏日满减');
      const admin = await loginAdmin(s);
      const all = await s.call('GET', '/api/Admin/coupons?per_page=100', { token: admin });
      expect(all.data.data.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['国庆特惠券', '双十二预热券', '店铺关注礼']));
    });
  });

  describe('back office', () => {
    const couponBody = { name: '店铺券', money: '8.00', use_money: '99.00', stock: 50, start_time: '2026-01-01 00:00:00', end_time: '2099-01-01 00:00:00' };

    it('the seller writes its own store’s coupons and full reductions only', async () => {
      const seller = await loginOwnerSeller(s);
      const seller2 = await loginOwner2Seller(s);
      const made = await s.call('POST', '/api/Seller/coupons', { token: seller, body: { ...couponBody, store_id: 2 } });
      expect(made.code).toBe(200);
      const [row] = await s.db.select().from(coupons).where(eq(coupons.id, made.data.id));
      expect(row).toMatchObject({ store_id: 1, money: '8.00', stock: 50, stopped: 0 });
      const list = await s.call('GET', '/api/Seller/coupons', { token: seller2 });
      expect(list.data.data.map((r: { id: number }) => r.id)).not.toContain(row.id);
      expect((await s.call('GET', `/api/Seller/coupons/${row.id}`, { token: seller2 })).code).toBe(404);
      expect((await s.call('PUT', `/api/Seller/coupons/${row.id}`, { token: seller2, body: { name: '偷改' } })).code).toBe(404);
      expect((await s.call('DELETE', `/api/Seller/coupons/${row.id}`, { token: seller2 })).code).not.toBe(200);
      expect((await s.call('GET', '/api/Seller/coupons', { token: await s.login('demo', '123456', 'users') })).code).toBe(403); // a users token without area reaches the seller centre, and the shopper has no store
      const [still] = await s.db.select().from(coupons).where(eq(coupons.id, row.id));
      expect(still.name).toBe('店铺券');
      expect(still.deleted_at).toBeNull();
      // bad input names the field
      for (const [body, field] of [
        [{ ...couponBody, money: '0' }, 'money'],
        [{ ...couponBody, money: 'abc' }, 'money'],
        [{ ...couponBody, stock: -1 }, 'stock'],
        [{ ...couponBody, name: '' }, 'name'],
        [{ ...couponBody, end_time: '2025-01-01 00:00:00' }, 'end_time'],
        [{ ...couponBody, start_time: 'soon' }, 'start_time'],
      ] as const) {
        const bad = await s.call('POST', '/api/Seller/coupons', { token: seller, body: body as Record<string, string | number> });
        expect(bad.code, field).toBe(422);
        expect(JSON.stringify(bad.data)).toContain(field);
      }
      const reduction = await s.call('POST', '/api/Seller/full_reductions', { token: seller, body: { name: '满百减十', money: '10.00', use_money: '100.00', start_time: '2026-01-01 00:00:00', end_time: '2099-01-01 00:00:00' } });
      expect(reduction.code).toBe(200);
      expect((await s.call('GET', `/api/Seller/full_reductions/${reduction.data.id}`, { token: seller2 })).code).toBe(404);
      expect((await s.call('PUT', `/api/Seller/full_reductions/${reduction.data.id}`, { token: seller2, body: { money: '99.00' } })).code).toBe(404);
      for (const [body, field] of [
        [{ money: '-1' }, 'money'],
        [{ use_money: 'x' }, 'use_money'],
        [{ end_time: '2020-01-01 00:00:00' }, 'end_time'],
      ] as const) {
        const bad = await s.call('PUT', `/api/Seller/full_reductions/${reduction.data.id}`, { token: seller, body });
        expect(bad.code, field).toBe(422);
        expect(JSON.stringify(bad.data)).toContain(field);
      }
      const [kept] = await s.db.select().from(full_reductions).where(eq(full_reductions.id, reduction.data.id));
      expect(kept).toMatchObject({ money: '10.00', use_money: '100.00', store_id: 1 });
      expect((await s.call('DELETE', `/api/Seller/coupons/${row.id}`, { token: seller })).code).toBe(200);
      // a staff member without the page in its roles is refused
      const staff = await loginStaffSeller(s);
      expect((await s.call('GET', '/api/Seller/coupons', { token: staff })).code).toBe(403);
    });

    it('the operator lists every store’s promotions and can stop one; the seller cannot undo it', async () => {
      const admin = await loginAdmin(s);
      const seller = await loginOwnerSeller(s);
      const id = await makeCoupon(s, { store_id: 1, name: '待停券' });
      const list = await s.call('GET', '/api/Admin/coupons?per_page=200', { token: admin });
      expect(list.code).toBe(200);
      expect(new Set(list.data.data.map((r: { store_id: number }) => r.store_id)).size).toBeGreaterThan(1);
      const stop = await s.call('PUT', `/api/Admin/coupons/${id}`, { token: admin, body: { stopped: 1 } });
      expect(stop.code).toBe(200);
      expect((await s.call('PUT', `/api/Admin/coupons/${id}`, { token: admin, body: { stopped: 7 } })).code).toBe(422);
      expect((await s.call('PUT', `/api/Seller/coupons/${id}`, { token: seller, body: { stopped: 0, name: '改名' } })).code).toBe(200);
      const [row] = await s.db.select().from(coupons).where(eq(coupons.id, id));
      expect(row).toMatchObject({ stopped: 1, name: '改名' });
      expect((await take(s, (await makeUser(s)).token, id)).code).toBe(422);
      // no create or delete for the operator; sellers and shoppers are not let in
      expect((await s.call('POST', '/api/Admin/coupons', { token: admin, body: couponBody })).code).toBe(404);
      expect((await s.call('GET', '/api/Admin/coupons', { token: seller })).code).toBe(401);
      const reduction = await makeReduction(s, { store_id: 2, money: '1.00', use_money: '10.00' });
      expect((await s.call('PUT', `/api/Admin/full_reductions/${reduction}`, { token: admin, body: { stopped: 1 } })).code).toBe(200);
      expect((await s.call('PUT', `/api/Admin/full_reductions/${reduction}`, { token: admin, body: { stopped: 'yes' } })).code).toBe(422);
      expect((await s.call('DELETE', `/api/Admin/full_reductions/${reduction}`, { token: admin })).code).toBe(404);
      const operator = await loginOperator(s);
      expect((await s.call('PUT', `/api/Admin/full_reductions/${reduction}`, { token: operator, body: { stopped: 0 } })).code).toBe(403);
    });
  });
});
