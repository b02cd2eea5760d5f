import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, favorites, goods, goods_skus, stores } from '../../../server/db/schema';
import { loginAdmin, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { buildFixture, hiddenIds, makeUser, type Fixture } from './fixtures';

let s: TestServer;
let f: Fixture;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
  alice = await makeUser(s);
  bob = await makeUser(s);
});
afterAll(() => s.close());

const lines = async (userId: number) =>
  s.db
    .select({ id: carts.id, goods_id: carts.goods_id, sku_id: carts.sku_id, buy_num: carts.buy_num, store_id: carts.store_id })
    .from(carts)
    .where(and(eq(carts.user_id, userId), isNull(carts.deleted_at)))
    .orderBy(carts.id);
const add = (token: string | null, body: Record<string, string | number>) => s.call('POST', '/api/user/carts', { token, body, lang: 'en' });
type Group = { store_id: number; store_name: string; cart_list: Record<string, unknown>[] };

describe('cart', () => {
  it('needs a shopper-area login', async () => {
    expect((await s.call('GET', '/api/user/carts')).code).toBe(401);
    expect((await add(null, { goods_id: f.plain })).code).toBe(401);
    expect((await add(await loginAdmin(s), { goods_id: f.plain })).code).toBe(401);
    const sellerToken = await s.login('18888888888', '123456', 'users', 'seller');
    expect((await add(sellerToken, { goods_id: f.plain })).code).toBe(401);
  });

  it('adds a goods without SKUs, adds up the same line, and counts lines', async () => {
    const first = await add(alice.token, { goods_id: f.plain, buy_num: 2 });
    expect(first).toMatchObject({ code: 200, data: { cart_count: 1 } });
    const again = await add(alice.token, { goods_id: f.plain, buy_num: 3, sku_id: 0 });
    expect(again.data).toEqual({ cart_count: 1 });
    expect(await lines(alice.id)).toEqual([expect.objectContaining({ goods_id: f.plain, sku_id: 0, buy_num: 5, store_id: f.store })]);
    expect((await s.call('GET', '/api/cart_count', { token: alice.token })).data).toBe(1);
    expect((await s.call('GET', '/api/common', { token: alice.token })).data.cart).toBe(1);
    expect((await s.call('GET', '/api/common')).data.cart).toBe(0);
  });

  it('refuses a quantity above the stock, also when adding up (nothing written)', async () => {
    const over = await add(alice.token, { goods_id: f.plain, buy_num: 1 }); // line holds 5 = stock
    expect(over).toMatchObject({ code: 422, data: { field: 'buy_num' } });
    expect(over.msg).toContain('stock');
    expect((await add(alice.token, { goods_id: f.withSkus, sku_id: f.skus.redS, buy_num: 4 })).code).toBe(422);
    expect((await add(alice.token, { goods_id: f.withSkus, sku_id: f.skus.soldOut })).code).toBe(422);
    expect(await lines(alice.id)).toHaveLength(1);
    expect((await lines(alice.id))[0].buy_num).toBe(5);
  });

  it('requires a SKU of that goods for goods with SKUs', async () => {
    for (const [body, field, code] of [
      [{ goods_id: f.withSkus }, 'sku_id', 422],
      [{ goods_id: f.withSkus, sku_id: f.otherGoodsSku }, 'sku_id', 422],
      [{ goods_id: f.withSkus, sku_id: 99999999 }, 'sku_id', 422],
      [{ goods_id: f.plain, sku_id: f.skus.redS }, 'sku_id', 422],
      [{ goods_id: f.plain, buy_num: 0 }, 'buy_num', 422],
      [{ goods_id: f.plain, buy_num: -1 }, 'buy_num', 422],
      [{ goods_id: f.plain, buy_num: 1.5 }, 'buy_num', 422],
      [{ goods_id: f.plain, buy_num: 'many' }, 'buy_num', 422],
      [{ goods_id: 'x' }, 'goods_id', 422],
      [{}, 'goods_id', 422],
    ] as const) {
      const res = await add(bob.token, body as Record<string, string | number>);
      expect({ body, code: res.code, field: res.data?.field }).toEqual({ body, code, field });
    }
    for (const id of [...hiddenIds(f), 99999999]) expect((await add(bob.token, { goods_id: id })).code).toBe(404);
    expect(await lines(bob.id)).toEqual([]);
  });

  it('adds SKU lines and lists them grouped by store with live price, stock and availability', async () => {
    expect((await add(alice.token, { goods_id: f.withSkus, sku_id: f.skus.redM, buy_num: 2 })).data).toEqual({ cart_count: 2 });
    expect((await add(alice.token, { goods_id: f.withSkus, sku_id: f.skus.blueS })).data).toEqual({ cart_count: 3 });
    await s.db.update(goods_skus).set({ goods_price: '305.50' }).where(eq(goods_skus.id, f.skus.redM));
    const res = await s.call<{ data: Group[]; total: number }>('GET', '/api/user/carts', { token: alice.token });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(3);
    expect(res.data.data).toHaveLength(1);
    expect(res.data.data[0]).toMatchObject({ store_id: f.store, store_name: '鲸声测试旗舰店' });
    const redM = res.data.data[0].cart_list.find((l) => l.sku_id === f.skus.redM)!;
    expect(redM).toEqual({
      cart_id: expect.any(Number),
      goods_id: f.withSkus,
      sku_id: f.skus.redM,
      goods_name: '鲸声智能音箱',
      goods_image: '/uploads/goods/2024-01-01/sku.jpg',
      sku_name: '红色,M',
      goods_price: '305.50',
      goods_stock: 10,
      buy_num: 2,
      available: true,
    });
    const plain = res.data.data[0].cart_list.find((l) => l.goods_id === f.plain)!;
    expect(plain).toMatchObject({ sku_name: '', goods_price: '199.00', goods_stock: 5, buy_num: 5, available: true, goods_image: '/uploads/goods/2024-01-01/master.jpg' });
  });

  it('marks lines unavailable when the goods leaves the shelf, its store closes, or its SKU is gone', async () => {
    await s.db.update(goods).set({ goods_status: 0 }).where(eq(goods.id, f.plain));
    await s.db.update(goods_skus).set({ deleted_at: '2024-01-01 00:00:00' }).where(eq(goods_skus.id, f.skus.blueS));
    let list = (await s.call<{ data: Group[] }>('GET', '/api/user/carts', { token: alice.token })).data.data[0].cart_list;
    const availability = () => Object.fromEntries(list.map((l) => [`${l.goods_id}/${l.sku_id}`, l.available]));
    expect(availability()).toEqual({ [`${f.plain}/0`]: false, [`${f.withSkus}/${f.skus.redM}`]: true, [`${f.withSkus}/${f.skus.blueS}`]: false });
    await s.db.update(stores).set({ store_status: 0 }).where(eq(stores.id, f.store));
    list = (await s.call<{ data: Group[] }>('GET', '/api/user/carts', { token: alice.token })).data.data[0].cart_list;
    expect(list.every((l) => l.available === false)).toBe(true);
    expect((await add(alice.token, { goods_id: f.withSkus, sku_id: f.skus.redM })).code).toBe(404);
    await s.db.update(stores).set({ store_status: 1 }).where(eq(stores.id, f.store));
    await s.db.update(goods).set({ goods_status: 1 }).where(eq(goods.id, f.plain));
    await s.db.update(goods_skus).set({ deleted_at: null }).where(eq(goods_skus.id, f.skus.blueS));
  });

  it('changes the quantity of an own line within 1..stock', async () => {
    const [line] = (await lines(alice.id)).filter((l) => l.sku_id === f.skus.redM);
    const res = await s.call('PUT', `/api/user/carts/${line.id}`, { token: alice.token, body: { buy_num: 10 } });
    expect(res).toMatchObject({ code: 200, data: { cart_id: line.id, buy_num: 10, goods_stock: 10, available: true } });
    for (const buy_num of [11, 0, -3, 'x']) {
      const bad = await s.call('PUT', `/api/user/carts/${line.id}`, { token: alice.token, body: { buy_num } });
      expect({ buy_num, code: bad.code, field: bad.data?.field }).toEqual({ buy_num, code: 422, field: 'buy_num' });
    }
    expect((await s.call('PUT', `/api/user/carts/${line.id}`, { token: alice.token })).code).toBe(422);
    expect((await lines(alice.id)).find((l) => l.id === line.id)!.buy_num).toBe(10);
  });

  it("never lets another user see, change or delete someone's line", async () => {
    const [line] = await lines(alice.id);
    expect((await s.call('PUT', `/api/user/carts/${line.id}`, { token: bob.token, body: { buy_num: 1 } })).code).toBe(404);
    expect((await s.call('DELETE', `/api/user/carts/${line.id}`, { token: bob.token })).code).toBe(404);
    expect((await s.call('GET', '/api/user/carts', { token: bob.token })).data).toEqual({ data: [], total: 0 });
    expect(await lines(alice.id)).toContainEqual(line);
    expect((await s.call('DELETE', `/api/user/carts/${line.id}`)).code).toBe(401);
    expect((await s.call('DELETE', '/api/user/carts/abc', { token: alice.token })).code).toBe(422);
  });

  it('deletes own lines (several at once), leaving the others', async () => {
    const before = await lines(alice.id);
    const [bobLine] = await (async () => {
      await add(bob.token, { goods_id: f.english });
      return lines(bob.id);
    })();
    const res = await s.call('DELETE', `/api/user/carts/${before[0].id},${before[1].id},${bobLine.id}`, { token: alice.token });
    expect(res).toMatchObject({ code: 200, data: { deleted: 2, cart_count: before.length - 2 } });
    expect(await lines(alice.id)).toHaveLength(before.length - 2);
    expect(await lines(bob.id)).toHaveLength(1);
    // a deleted line can be added afresh
    expect((await add(alice.token, { goods_id: f.plain, buy_num: 1 })).code).toBe(200);
  });

  it('refuses staff sub-accounts (403) and writes nothing', async () => {
    const staff = await s.login('seller', '123456', 'users');
    const res = await add(staff, { goods_id: f.plain });
    expect(res.code).toBe(403);
    const staffUser = await makeUser(s, { belongId: alice.id });
    expect((await add(staffUser.token, { goods_id: f.plain })).code).toBe(403);
    expect(await lines(staffUser.id)).toEqual([]);
    void loginStaffSeller;
  });
});

describe('favourites', () => {
  const collect = async (id: number) => (await s.db.select({ n: goods.goods_collect }).from(goods).where(eq(goods.id, id)))[0].n;
  const isFav = (token: string | null, is_type: number, out_id: number) => s.call('GET', '/api/is_fav', { token, body: { is_type, out_id } });

  it('is_fav is false for anonymous callers; favourites need a login', async () => {
    expect(await isFav(null, 0, f.plain)).toMatchObject({ code: 200, data: false });
    expect((await s.call('POST', '/api/user/favorites', { body: { is_type: 0, out_id: f.plain } })).code).toBe(401);
    expect((await s.call('GET', '/api/user/favorites')).code).toBe(401);
    expect((await isFav(null, 0, 0)).code).toBe(422);
  });

  it('toggles goods favourites and keeps goods_collect in step', async () => {
    const start = await collect(f.plain);
    const on = await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 0, out_id: f.plain } });
    expect(on).toMatchObject({ code: 200, data: { is_fav: true } });
    expect(await collect(f.plain)).toBe(start + 1);
    expect((await isFav(alice.token, 0, f.plain)).data).toBe(true);
    expect((await isFav(bob.token, 0, f.plain)).data).toBe(false);
    await s.call('POST', '/api/user/favorites', { token: bob.token, body: { is_type: 0, out_id: f.plain } });
    expect(await collect(f.plain)).toBe(start + 2);
    const off = await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 0, out_id: f.plain } });
    expect(off.data).toEqual({ is_fav: false });
    expect(await collect(f.plain)).toBe(start + 1);
    await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 0, out_id: f.plain } });
  });

  it('follows open stores; refuses hidden goods, closed stores and bad input (nothing written)', async () => {
    expect((await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 1, out_id: f.store } })).data).toEqual({ is_fav: true });
    expect((await isFav(alice.token, 1, f.store)).data).toBe(true);
    for (const id of hiddenIds(f)) expect((await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 0, out_id: id } })).code).toBe(404);
    for (const id of [f.closedStore, f.pendingStore]) expect((await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 1, out_id: id } })).code).toBe(404);
    expect((await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 5, out_id: f.plain } })).code).toBe(422);
    expect((await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 0 } })).code).toBe(422);
    const rows = await s.db.select().from(favorites).where(and(eq(favorites.user_id, alice.id), isNull(favorites.deleted_at)));
    expect(rows.map((r) => [r.is_type, r.out_id]).sort()).toEqual([[0, f.plain], [1, f.store]].sort());
  });

  it('lists goods and store favourites in the flat reference shapes (FavoriteHomeCollection / FollowHomeCollection)', async () => {
    await s.call('POST', '/api/user/favorites', { token: alice.token, body: { is_type: 0, out_id: f.withSkus } });
    const goodsList = await s.call('GET', '/api/user/favorites?is_type=0', { token: alice.token });
    expect(goodsList.data).toMatchObject({ total: 2, current_page: 1 });
    expect(goodsList.data.data[0]).toEqual({
      id: expect.any(Number),
      out_id: f.withSkus,
      is_type: 0,
      goods_name: '鲸声智能音箱',
      goods_master_image: '/uploads/goods/2024-01-01/master_150.jpg',
      goods_price: '299.00',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(goodsList.data.data[1]).toMatchObject({ out_id: f.plain, is_type: 0 });
    const storeList = await s.call('GET', '/api/user/favorites?is_type=1', { token: alice.token });
    expect(storeList.data.data).toEqual([
      { id: expect.any(Number), out_id: f.store, is_type: 1, store_name: '鲸声测试旗舰店', store_logo: '', area_info: '北京市 北京市 朝阳区', created_at: expect.any(String) },
    ]);
    expect((await s.call('GET', '/api/user/favorites?is_type=0', { token: bob.token })).data.total).toBe(1);
    expect((await s.call('GET', '/api/user/favorites?is_type=x', { token: bob.token })).code).toBe(422);
    expect((await s.call('GET', '/api/user/favorites?is_type=0&per_page=0', { token: bob.token })).data.field).toBe('per_page');
  });

  it('keeps a favourite whose goods left the shelf, and leaves out one whose goods was deleted', async () => {
    const list = async () => (await s.call('GET', '/api/user/favorites?is_type=0', { token: alice.token })).data as { total: number; data: { out_id: number }[] };
    await s.db.update(goods).set({ goods_status: 0 }).where(eq(goods.id, f.plain));
    expect((await list()).data.map((r) => r.out_id)).toEqual([f.withSkus, f.plain]);
    await s.db.update(goods).set({ deleted_at: '2024-01-01 00:00:00' }).where(eq(goods.id, f.plain));
    expect(await list()).toMatchObject({ total: 1, data: [{ out_id: f.withSkus }] });
    await s.db.update(goods).set({ goods_status: 1, deleted_at: null }).where(eq(goods.id, f.plain));
    expect((await list()).total).toBe(2);
  });

  it("deletes own favourites only, keeping goods_collect in step", async () => {
    const mine = (await s.call('GET', '/api/user/favorites?is_type=0', { token: alice.token })).data.data as { id: number; out_id: number }[];
    const bobs = (await s.call('GET', '/api/user/favorites?is_type=0', { token: bob.token })).data.data as { id: number }[];
    expect((await s.call('DELETE', `/api/user/favorites/${bobs[0].id}`, { token: alice.token })).code).toBe(404);
    expect((await s.call('GET', '/api/user/favorites?is_type=0', { token: bob.token })).data.total).toBe(1);
    const before = await collect(f.withSkus);
    const res = await s.call('DELETE', `/api/user/favorites/${mine.map((m) => m.id).join(',')}`, { token: alice.token });
    expect(res).toMatchObject({ code: 200, data: 2 });
    expect(await collect(f.withSkus)).toBe(before - 1);
    expect((await isFav(alice.token, 0, f.plain)).data).toBe(false);
    expect((await isFav(bob.token, 0, f.plain)).data).toBe(true);
  });

  it('the seeded shopper can use both', async () => {
    const token = await loginShopper(s);
    expect((await s.call('POST', '/api/user/favorites', { token, body: { is_type: 0, out_id: f.english } })).data).toEqual({ is_fav: true });
    expect((await add(token, { goods_id: f.english })).code).toBe(200);
  });
});
