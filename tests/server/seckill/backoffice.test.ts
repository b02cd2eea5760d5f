import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectives, seckills } from '../../../server/db/schema';
import { loginAdmin, loginShopper, openTestServer, type TestServer } from '../helpers';
import { makeOffer, makeSale, promoStore } from './fixtures';

/** /Seller/seckills, /Seller/collectives (own store), /Admin/seckills, /Admin/collectives (every store, stop). */
let s: TestServer;
let mine: Awaited<ReturnType<typeof promoStore>>;
let theirs: Awaited<ReturnType<typeof promoStore>>;
let admin: string;

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  mine = await promoStore(s, '我的秒杀店');
  theirs = await promoStore(s, '别人的秒杀店');
  admin = await loginAdmin(s);
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await s?.close();
});

const sale = (over: Record<string, string | number> = {}) => ({ goods_id: mine.goods, discount: '15.5', stock: 20, start_time: '2030-01-01 10:00', end_time: '2030-01-01 12:00', ...over });

describe('/api/Seller/seckills', () => {
  it('creates, lists (with goods name and state), edits and deletes a flash sale of its own goods', async () => {
    const made = await s.call('POST', '/api/Seller/seckills', { token: mine.sellerToken, body: sale() });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ goods_id: mine.goods, discount: '15.50', stock: 20, store_id: mine.store, start_time: '2030-01-01 10:00:00' });
    const list = await s.call('GET', '/api/Seller/seckills', { token: mine.sellerToken });
    expect(list.data.data[0]).toMatchObject({ id: made.data.id, goods_name: '我的秒杀店商品', state: 0 });
    const edited = await s.call('PUT', `/api/Seller/seckills/${made.data.id}`, { token: mine.sellerToken, body: { discount: '30' } });
    expect(edited.data.discount).toBe('30.00');
    const gone = await s.call('DELETE', `/api/Seller/seckills/${made.data.id}`, { token: mine.sellerToken });
    expect(gone.code).toBe(200);
  });

  it('bad input is a 422 naming the field and writes nothing', async () => {
    const before = await s.db.$count(seckills);
    const cases: [Record<string, string | number>, string][] = [
      [{ discount: '0' }, 'discount'],
      [{ discount: '100' }, 'discount'],
      [{ stock: 0 }, 'stock'],
      [{ start_time: 'soon' }, 'start_time'],
      [{ end_time: '2029-12-31 10:00' }, 'end_time'],
      [{ goods_id: theirs.goods }, 'goods_id'],
    ];
    for (const [over, field] of cases) {
      const res = await s.call('POST', '/api/Seller/seckills', { token: mine.sellerToken, body: sale(over) });
      expect(res.code, field).toBe(422);
      expect(res.data.field ?? res.data.errors?.[0]?.field, JSON.stringify(res.data)).toBe(field);
    }
    await s.call('POST', '/api/Seller/seckills', { token: mine.sellerToken, body: sale({ start_time: '2031-01-01 10:00', end_time: '2031-01-01 12:00' }) });
    const overlap = await s.call('POST', '/api/Seller/seckills', { token: mine.sellerToken, body: sale({ start_time: '2031-01-01 11:00', end_time: '2031-01-01 13:00' }) });
    expect(overlap.code).toBe(422);
    expect(overlap.data.field).toBe('start_time');
    expect(await s.db.$count(seckills)).toBe(before + 1);
  });

  it('another store sees, edits and deletes nothing of it; no token is 401, a shopper-only token is refused', async () => {
    const id = await makeSale(s, { store: mine.store, goods: mine.goods });
    expect((await s.call('GET', `/api/Seller/seckills/${id}`, { token: theirs.sellerToken })).code).toBe(404);
    expect((await s.call('PUT', `/api/Seller/seckills/${id}`, { token: theirs.sellerToken, body: { discount: '1' } })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Seller/seckills/${id}`, { token: theirs.sellerToken })).code).toBe(404);
    const list = await s.call('GET', '/api/Seller/seckills', { token: theirs.sellerToken, body: { per_page: 100 } });
    expect(list.data.data.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await s.call('GET', '/api/Seller/seckills')).code).toBe(401);
    const shopper = await loginShopper(s);
    expect([401, 403]).toContain((await s.call('POST', '/api/Seller/seckills', { token: shopper, body: sale() })).code);
    const [row] = await s.db.select().from(seckills).where(eq(seckills.id, id));
    expect(row.discount).toBe('20.00');
  });
});

describe('/api/Seller/collectives', () => {
  it('creates an offer; a second live offer of the same goods, a group of 1 or a foreign goods is a 422 naming the field', async () => {
    const made = await s.call('POST', '/api/Seller/collectives', { token: mine.sellerToken, body: { goods_id: mine.goods, discount: '12', need: 3, fill_hours: 24 } });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ need: 3, fill_hours: 24, discount: '12.00' });
    const before = await s.db.$count(collectives);
    for (const [body, field] of [
      [{ goods_id: mine.goods, discount: '12', need: 3, fill_hours: 24 }, 'goods_id'],
      [{ goods_id: mine.goods, discount: '12', need: 1, fill_hours: 24 }, 'need'],
      [{ goods_id: mine.goods, discount: '12', need: 3, fill_hours: 0 }, 'fill_hours'],
      [{ goods_id: theirs.goods, discount: '12', need: 3, fill_hours: 24 }, 'goods_id'],
    ] as const) {
      const res = await s.call('POST', '/api/Seller/collectives', { token: mine.sellerToken, body: body as never });
      expect(res.code).toBe(422);
      expect(res.data.field ?? res.data.errors?.[0]?.field).toBe(field);
    }
    expect(await s.db.$count(collectives)).toBe(before);
    expect((await s.call('GET', `/api/Seller/collectives/${made.data.id}`, { token: theirs.sellerToken })).code).toBe(404);
    const list = await s.call('GET', '/api/Seller/collectives', { token: mine.sellerToken });
    expect(list.data.data[0]).toMatchObject({ goods_name: '我的秒杀店商品', open_groups: 0 });
  });
});

describe('/api/Admin/seckills and /api/Admin/collectives', () => {
  it('lists every store’s promotions with the store name and can stop one (status 0), which the checkout then refuses', async () => {
    const a = await makeSale(s, { store: mine.store, goods: mine.goods, from: -10, to: 50 });
    const b = await makeSale(s, { store: theirs.store, goods: theirs.goods, from: -10, to: 50 });
    const list = await s.call('GET', '/api/Admin/seckills', { token: admin, body: { per_page: 100 } });
    const ids = list.data.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    expect(list.data.data.find((r: { id: number }) => r.id === b)).toMatchObject({ store_name: '别人的秒杀店', state: 1 });
    const stop = await s.call('PUT', `/api/Admin/seckills/${b}`, { token: admin, body: { status: 0 } });
    expect(stop.code).toBe(200);
    expect(stop.data.status).toBe(0);
    const bad = await s.call('PUT', `/api/Admin/seckills/${b}`, { token: admin, body: { status: 'maybe' } });
    expect(bad.code).toBe(422);
    expect(await s.call('GET', '/api/Admin/seckills', { token: admin, body: { id: b } }).then((r) => r.data.data[0].state)).toBe(3);

    const offer = await makeOffer(s, { store: theirs.store, goods: theirs.goods });
    const offers = await s.call('GET', '/api/Admin/collectives', { token: admin, body: { per_page: 100 } });
    expect(offers.data.data.find((r: { id: number }) => r.id === offer)).toMatchObject({ store_name: '别人的秒杀店' });
    expect((await s.call('PUT', `/api/Admin/collectives/${offer}`, { token: admin, body: { status: 0 } })).data.status).toBe(0);
  });

  it('a seller or shopper token, or none, cannot use the operator routes', async () => {
    expect((await s.call('GET', '/api/Admin/seckills')).code).toBe(401);
    expect([401, 403]).toContain((await s.call('GET', '/api/Admin/seckills', { token: mine.sellerToken })).code);
    expect([401, 403]).toContain((await s.call('PUT', '/api/Admin/collectives/1', { token: mine.sellerToken, body: { status: 0 } })).code);
  });
});

describe('storefront reads', () => {
  it('GET /api/seckills lists today’s sales with seconds to start and end; /api/goods/:id/promotions the goods’ sale and offer', async () => {
    const shop = await promoStore(s, '今日秒杀店');
    const running = await makeSale(s, { store: shop.store, goods: shop.goods, from: -5, to: 30, discount: '10.00' });
    const res = await s.call('GET', '/api/seckills');
    const row = res.data.list.find((r: { id: number }) => r.id === running);
    expect(row).toMatchObject({ state: 1, starts_in: 0, seckill_price: '90.00', goods_price: '100.00' });
    expect(row.ends_in).toBeGreaterThan(29 * 60 - 5);
    expect(row.ends_in).toBeLessThanOrEqual(30 * 60);
    await makeOffer(s, { store: shop.store, goods: shop.goods, need: 4, discount: '30.00' });
    const promos = await s.call('GET', `/api/goods/${shop.goods}/promotions`);
    expect(promos.data.seckill).toMatchObject({ id: running, state: 1 });
    expect(promos.data.collective).toMatchObject({ need: 4, group_price: '70.00' });
    expect(promos.data.groups).toEqual([]);
    expect((await s.call('GET', '/api/goods/999999/promotions')).code).toBe(404);
    expect((await s.call('GET', '/api/collective_groups/999999')).code).toBe(404);
    expect((await s.call('GET', '/api/collective_groups/abc')).code).toBe(422);
    const page = await s.call('GET', '/api/collectives');
    expect(page.data.offers.some((o: { goods_id: number }) => o.goods_id === shop.goods)).toBe(true);
  });
});
