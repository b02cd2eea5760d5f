import { inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_comments } from '../../../server/db/schema';
import { openTestServer, type TestServer } from '../helpers';
import { buildFixture, hiddenIds, params, type Fixture } from './fixtures';

let s: TestServer;
let f: Fixture;
beforeAll(async () => {
  s = await openTestServer();
  f = await buildFixture(s);
});
afterAll(() => s.close());

type Node = { id: number; name: string; pid: number; lev: number; thumb: string; children?: Node[] };
const find = (nodes: Node[], id: number): Node | undefined => {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = node.children && find(node.children, id);
    if (inner) return inner;
  }
  return undefined;
};
const search = (p: unknown, extra: Record<string, string | number> = {}) =>
  s.call('GET', `/api/goods?params=${encodeURIComponent(params(p))}`, { body: extra, lang: 'en' });
const idsOf = (res: { data: { data: { id: number }[] } }) => res.data.data.map((g) => g.id);

describe('GET /api/common and /api/load_goods_classes', () => {
  it('carries the 3-level class tree, the brands and a cart count of 0 for anonymous callers', async () => {
    const res = await s.call('GET', '/api/common');
    expect(res.code).toBe(200);
    const top = find(res.data.classes, f.classes.top)!;
    expect(top).toMatchObject({ name: '测试家电', pid: 0, lev: 0 });
    expect(top.children![0]).toMatchObject({ id: f.classes.mid, lev: 1 });
    expect(top.children![0].children!.map((n) => n.id)).toEqual([f.classes.leaf, f.classes.leaf2]);
    expect(top.children![0].children![0]).not.toHaveProperty('children');
    expect(res.data.brands).toContainEqual({ id: f.brand, name: '鲸声', ename: '', thumb: '/uploads/brand/whale.png' });
    expect(res.data.cart).toBe(0);
  });

  it('load_goods_classes cuts the tree at deep', async () => {
    const all = await s.call('GET', '/api/load_goods_classes?deep=-1');
    expect(find(all.data, f.classes.leaf)).toMatchObject({ lev: 2, pid: f.classes.mid });
    const tops = await s.call('GET', '/api/load_goods_classes?deep=0');
    expect(find(tops.data, f.classes.top)).not.toHaveProperty('children');
    expect(find(tops.data, f.classes.mid)).toBeUndefined();
    const two = await s.call('GET', '/api/load_goods_classes?deep=1');
    expect(find(two.data, f.classes.mid)).toBeDefined();
    expect(find(two.data, f.classes.leaf)).toBeUndefined();
  });
});

describe('GET /api/home', () => {
  it('has a floor per top class with visible goods, is_master first, never hidden goods', async () => {
    const res = await s.call('GET', '/api/home');
    expect(res.code).toBe(200);
    const floor = res.data.goods.find((g: { id: number }) => g.id === f.classes.top);
    expect(floor.name).toBe('测试家电');
    expect(floor.goods.map((g: { id: number }) => g.id)).toEqual([f.plain, f.withSkus]);
    expect(Object.keys(floor.goods[0]).sort()).toEqual(['goods_market_price', 'goods_master_image', 'goods_name', 'goods_price', 'goods_subname', 'id']);
    expect(floor.goods[0].goods_price).toBe('199.00');
    const other = res.data.goods.find((g: { id: number }) => g.id === f.classes.otherTop);
    expect(other.goods.map((g: { id: number }) => g.id)).toEqual([f.english]);
    const all = JSON.stringify(res.data);
    for (const id of hiddenIds(f)) expect(res.data.goods.flatMap((g: { goods: { id: number }[] }) => g.goods.map((x) => x.id))).not.toContain(id);
    expect(all).not.toContain('鲸声隐藏');
  });
});

describe('GET /api/goods (search)', () => {
  it('finds CJK keywords (bigrams inside words) and URL-encoded keywords, only visible goods', async () => {
    const res = await search({ keywords: encodeURIComponent('蓝牙耳机'), store_id: f.store });
    expect(res.code).toBe(200);
    expect(idsOf(res)).toEqual([f.plain]);
    expect(res.data).toMatchObject({ total: 1, per_page: 30, current_page: 1, last_page: 1 });
    expect(res.data.data[0]).toMatchObject({
      id: f.plain,
      goods_name: '鲸声无线蓝牙耳机',
      goods_price: '199.00',
      goods_sale: 50,
      order_comment_count: 4,
      store_id: f.store,
      store_name: '鲸声测试旗舰店',
    });
    const brand = await search({ keywords: '鲸声' });
    expect(idsOf(brand).sort()).toEqual([f.plain, f.withSkus].sort());
  });

  it('finds English keywords by prefix, case-insensitively', async () => {
    expect(idsOf(await search({ keywords: 'zephy' }))).toEqual([f.english]);
    expect(idsOf(await search({ keywords: encodeURIComponent('CAMPING tent') }))).toEqual([f.english]);
    expect(idsOf(await search({ keywords: 'zephyrix nothingelse' }))).toEqual([]);
    expect((await search({ keywords: '%%%' })).code).toBe(200); // not URL-encoded: taken as typed
    expect((await search({ keywords: '!!!' })).data.total).toBe(0);
  });

  it('filters by class (with descendants), class arrays, brand, store and the plain flags', async () => {
    const byTop = idsOf(await search({ class_id: f.classes.top, store_id: f.store }));
    expect(byTop).toEqual([f.withSkus, f.plain]);
    expect(idsOf(await search({ class_id: [f.classes.leaf2, f.classes.otherLeaf] }))).toEqual([f.english, f.withSkus]);
    expect(idsOf(await search({ class_id: String(f.classes.leaf) }))).toEqual([f.plain]);
    expect(idsOf(await search({ brand_id: f.brand }))).toEqual([f.withSkus, f.plain]);
    expect(idsOf(await search({ store_id: f.store }, { is_recommend: 1 }))).toEqual([f.withSkus]);
    expect(idsOf(await search({ store_id: f.store }, { is_master: 1 }))).toEqual([f.plain]);
    expect(idsOf(await search({ class_id: 987654 }))).toEqual([]);
  });

  it('sorts by the whitelisted columns and pages', async () => {
    expect(idsOf(await search({ store_id: f.store, sort_type: 'goods_price', sort_order: 'asc' }))).toEqual([f.english, f.plain, f.withSkus]);
    expect(idsOf(await search({ store_id: f.store, sort_type: 'goods_sale', sort_order: 'desc' }))).toEqual([f.withSkus, f.plain, f.english]);
    expect(idsOf(await search({ store_id: f.store, sort_type: 'order_comment_count' }))[0]).toBe(f.plain);
    const page2 = await search({ store_id: f.store }, { per_page: 2, page: 2 });
    expect(page2.data).toMatchObject({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect(idsOf(page2)).toEqual([f.plain]);
    const beyond = await search({ store_id: f.store }, { per_page: 2, page: 9 });
    expect(beyond.data).toMatchObject({ data: [], total: 3, last_page: 2 });
  });

  it('never shows off-shelf, unapproved, pending, deleted or closed/unapproved-store goods', async () => {
    const broad = await s.call('GET', '/api/goods?per_page=100&page=1');
    expect(broad.code).toBe(200);
    expect(broad.data.total).toBeGreaterThanOrEqual(3);
    const broadIds = idsOf(broad);
    expect(broadIds).toEqual([...broadIds].sort((a, b) => b - a));
    for (const id of hiddenIds(f)) expect(broadIds).not.toContain(id);
    expect(broadIds).toEqual(expect.arrayContaining([f.plain, f.withSkus, f.english]));
    const res = await search({ keywords: '隐藏' }, { per_page: 100 });
    expect(res.data.total).toBe(0);
    const all = await search({ store_id: f.closedStore });
    expect(all.data.total).toBe(0);
    expect((await search({ store_id: f.pendingStore })).data.total).toBe(0);
  });

  it('answers garbage with a 422 naming the parameter, never a 500', async () => {
    const cases: [string, string][] = [
      ['/api/goods?params=%%%', 'params'],
      ['/api/goods?params=bm90IGpzb24=', 'params'], // "not json"
      [`/api/goods?params=${encodeURIComponent(params([1, 2]))}`, 'params'],
      [`/api/goods?params=${encodeURIComponent(params({ class_id: 'abc' }))}`, 'class_id'],
      [`/api/goods?params=${encodeURIComponent(params({ class_id: [1, -2] }))}`, 'class_id'],
      [`/api/goods?params=${encodeURIComponent(params({ class_id: Array.from({ length: 201 }, (_, i) => i + 1) }))}`, 'class_id'],
      [`/api/goods?params=${encodeURIComponent(params({ class_id: { a: 1 } }))}`, 'class_id'],
      [`/api/goods?params=${encodeURIComponent(params({ sort_type: 'password' }))}`, 'sort_type'],
      [`/api/goods?params=${encodeURIComponent(params({ sort_type: 'goods_price', sort_order: 'sideways' }))}`, 'sort_order'],
      [`/api/goods?params=${encodeURIComponent(params({ brand_id: 'x' }))}`, 'brand_id'],
      [`/api/goods?params=${encodeURIComponent(params({ keywords: { $ne: 1 } }))}`, 'keywords'],
      [`/api/goods?params=${encodeURIComponent(params({ keywords: 'x'.repeat(61) }))}`, 'keywords'],
      ['/api/goods?per_page=0', 'per_page'],
      ['/api/goods?per_page=101', 'per_page'],
      ['/api/goods?page=abc', 'page'],
      ['/api/goods?is_master=yes', 'is_master'],
    ];
    for (const [url, field] of cases) {
      const res = await s.call('GET', url, { lang: 'en' });
      expect({ url, code: res.code, field: res.data?.field }).toEqual({ url, code: 422, field });
      expect(res.msg).toMatch(/\w/);
      expect(res.msg).not.toMatch(/error:|stack|\n\s+at /i);
    }
  });
});

describe('GET /api/goods/:id', () => {
  it('answers the detail: images with thumbnails, class path, brand, attrList from the SKUs, skuList, store and stats', async () => {
    const res = await s.call('GET', `/api/goods/${f.withSkus}`);
    expect(res.code).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({ id: f.withSkus, goods_name: '鲸声智能音箱', store_id: f.store, class_id: f.classes.leaf2, goods_price: '299.00' });
    expect(d.goods_images).toEqual(['/uploads/goods/2024-01-01/a.jpg', 'https://cdn.example.com/b.png']);
    expect(d.goods_images_thumb_400).toEqual(['/uploads/goods/2024-01-01/a_400.jpg', 'https://cdn.example.com/b.png']);
    expect(d.goods_images_thumb_150).toEqual(['/uploads/goods/2024-01-01/a_150.jpg', 'https://cdn.example.com/b.png']);
    expect(d.classList.map((c: { id: number }) => c.id)).toEqual([f.classes.leaf2, f.classes.mid, f.classes.top]);
    expect(d.brand).toEqual({ id: f.brand, name: '鲸声', ename: '', thumb: '/uploads/brand/whale.png' });
    expect(d.attrList).toEqual([
      { id: f.attrs.colour, name: '颜色', specs: [{ id: f.specs.red, name: '红色' }, { id: f.specs.blue, name: '蓝色' }] },
      { id: f.attrs.size, name: '尺寸', specs: [{ id: f.specs.s, name: 'S' }, { id: f.specs.m, name: 'M' }] },
    ]);
    expect(d.skuList).toHaveLength(4);
    expect(d.skuList[0]).toEqual({
      id: f.skus.redS,
      spec_id: [f.specs.red, f.specs.s],
      sku_name: ['红色', 'S'],
      goods_image: '/uploads/goods/2024-01-01/sku.jpg',
      goods_price: '299.00',
      goods_market_price: '399.00',
      goods_stock: 3,
    });
    expect(d.store_info).toMatchObject({ id: f.store, store_name: '鲸声测试旗舰店', rate: { scoreAll: 4, agreeAll: 4, serviceAll: 4, speedAll: 4 } });
    expect(d.store_info).not.toHaveProperty('sale_list');
    expect(d.rate).toEqual(d.store_info.rate);
    expect(d.comment_statistics).toEqual({ all: 0, good: 0, commonly: 0, bad: 0, rate: 100 });
    // no other goods of its class in the store: the store's other best sellers, never itself or hidden goods
    expect(d.sale_list.map((g: { id: number }) => g.id)).toEqual([f.plain, f.english]);
    expect(d).toMatchObject({ coupons: [], seckills: false, collectives: false, collective_list: [] });
    for (const hidden of ['goods_status', 'goods_verify', 'search_tokens', 'refuse_info', 'deleted_at']) expect(d).not.toHaveProperty(hidden);
  });

  it('falls back to the master image, counts reviews, lists same-class best sellers', async () => {
    const d = (await s.call('GET', `/api/goods/${f.plain}`)).data;
    expect(d.goods_images).toEqual(['/uploads/goods/2024-01-01/master.jpg']);
    expect(d.goods_images_thumb_400).toEqual(['/uploads/goods/2024-01-01/master_400.jpg']);
    expect(d.attrList).toEqual([]);
    expect(d.skuList).toEqual([]);
    expect(d.comment_statistics).toEqual({ all: 4, good: 2, commonly: 1, bad: 1, rate: 50 });
  });

  it('answers 404 for unknown and every kind of hidden goods, 422 for a non-id', async () => {
    for (const id of [...hiddenIds(f), 99999999]) expect((await s.call('GET', `/api/goods/${id}`)).code).toBe(404);
    expect((await s.call('GET', '/api/goods/abc')).code).toBe(422);
  });
});

describe('GET /api/goods_comments/:id', () => {
  it('pages the reviews with masked nicknames and image lists, filtered by is_type', async () => {
    const all = await s.call('GET', `/api/goods_comments/${f.plain}`);
    expect(all.data).toMatchObject({ total: 4, current_page: 1 });
    const first = all.data.data[0];
    expect(first).toMatchObject({ content: '不错', score: 4, agree: 4, service: 4, speed: 4, image: [], reply: '' });
    expect(first.nickname).toMatch(/\*\*\*/);
    expect(Object.keys(first).sort()).toEqual(['agree', 'avatar', 'content', 'created_at', 'id', 'image', 'is_system', 'nickname', 'reply', 'reply_time', 'score', 'service', 'speed'].sort());
    const good = await s.call('GET', `/api/goods_comments/${f.plain}?is_type=1`);
    expect(good.data.data.map((c: { content: string }) => c.content)).toEqual(['不错', '很好']);
    expect(good.data.data[1].image).toEqual(['/uploads/comment/1.jpg', '/uploads/comment/2.jpg']);
    expect((await s.call('GET', `/api/goods_comments/${f.plain}?is_type=2`)).data.data.map((c: { content: string }) => c.content)).toEqual(['一般']);
    expect((await s.call('GET', `/api/goods_comments/${f.plain}?is_type=3`)).data.data.map((c: { content: string }) => c.content)).toEqual(['很差']);
    expect((await s.call('GET', `/api/goods_comments/${f.plain}?per_page=1&page=2`)).data).toMatchObject({ total: 4, last_page: 4 });
  });

  it('lists the newest first: created_at desc, then id desc (reviews inserted out of date order, as the seed does)', async () => {
    const at = (created_at: string, content: string) =>
      s.db.insert(order_comments).values({ goods_id: f.english, store_id: f.store, user_id: 4, content, created_at, updated_at: created_at }).returning({ id: order_comments.id });
    const [march] = await at('2024-03-01 10:00:00', '三月');
    const [january] = await at('2024-01-01 10:00:00', '一月（后写入）');
    const [marchTwin] = await at('2024-03-01 10:00:00', '三月（同一时刻）');
    try {
      const res = await s.call('GET', `/api/goods_comments/${f.english}`);
      expect(res.data.data.map((c: { id: number }) => c.id)).toEqual([marchTwin.id, march.id, january.id]);
      const second = await s.call('GET', `/api/goods_comments/${f.english}?per_page=1&page=3`);
      expect(second.data.data.map((c: { id: number }) => c.id)).toEqual([january.id]);
    } finally {
      await s.db.delete(order_comments).where(inArray(order_comments.id, [march.id, january.id, marchTwin.id]));
    }
  });

  it('the seeded reviews of a goods page come newest first', async () => {
    const rows = await s.db
      .select({ goods_id: order_comments.goods_id, n: sql<number>`count(*)::int` })
      .from(order_comments)
      .where(isNull(order_comments.deleted_at))
      .groupBy(order_comments.goods_id)
      .having(sql`count(*) >= 3`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { goods_id } of rows) {
      const res = await s.call('GET', `/api/goods_comments/${goods_id}?per_page=100`);
      if (res.code !== 200) continue; // goods of the fixture's hidden stores
      const dates = res.data.data.map((c: { created_at: string }) => c.created_at);
      expect(dates, `goods ${goods_id}`).toEqual([...dates].sort().reverse());
    }
  });

  it('refuses bad input and hidden goods', async () => {
    expect((await s.call('GET', `/api/goods_comments/${f.plain}?is_type=7`)).code).toBe(422);
    expect((await s.call('GET', `/api/goods_comments/${f.offShelf}`)).code).toBe(404);
    expect((await s.call('GET', '/api/goods_comments/x')).code).toBe(422);
  });
});

describe('GET /api/stores and /api/store/:id', () => {
  it('lists open approved stores only, with distance, rate and goods count', async () => {
    const res = await s.call('GET', `/api/stores?params=${encodeURIComponent(params({ keywords: encodeURIComponent('测试') }))}&lat=39.90&lng=116.40`);
    expect(res.code).toBe(200);
    expect(res.data.data.map((r: { id: number }) => r.id)).toEqual([f.store]);
    expect(res.data.data[0]).toEqual({
      id: f.store,
      store_name: '鲸声测试旗舰店',
      store_logo: '',
      store_company_name: '鲸声测试旗舰店有限公司',
      area_info: '北京市 北京市 朝阳区',
      store_address: '测试路 1 号',
      store_description: expect.any(String),
      distance: 0,
      rate: 50,
      goods_count: 3,
    });
    const far = await s.call('GET', `/api/stores?params=${encodeURIComponent(params({ keywords: '鲸声' }))}&lat=31.23&lng=121.47`);
    expect(far.data.data[0].distance).toBeGreaterThan(1000);
    expect(far.data.data[0].distance).toBeLessThan(1100);
  });

  it('sorts by distance (default from 39.92/116.46) and pages', async () => {
    const res = await s.call('GET', `/api/stores?params=${encodeURIComponent(params({ sort_type: 'distance', sort_order: 'asc' }))}&per_page=100`);
    const d = res.data.data.map((r: { distance: number | null }) => r.distance ?? Infinity);
    expect(d).toEqual([...d].sort((a: number, b: number) => a - b));
    expect(res.data.data.map((r: { id: number }) => r.id)).not.toContain(f.closedStore);
    expect(res.data.data.map((r: { id: number }) => r.id)).not.toContain(f.pendingStore);
  });

  it('refuses garbage coordinates, sorts and params', async () => {
    for (const q of ['lat=abc', 'lat=91', 'lng=200', `params=${encodeURIComponent(params({ sort_type: 'store_money' }))}`, 'params=!!', 'per_page=500']) {
      expect((await s.call('GET', `/api/stores?${q}`)).code, q).toBe(422);
    }
  });

  it('shows an open approved store with public columns, rate and sale_list — never private ones', async () => {
    const res = await s.call('GET', `/api/store/${f.store}`);
    expect(res.code).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(
      [
        'id', 'user_id', 'store_name', 'store_logo', 'store_face_image', 'store_mobile', 'store_description', 'store_slide',
        'store_mobile_slide', 'store_company_name', 'area_info', 'store_address', 'store_lat', 'store_lng', 'after_sale_service', 'store_status', 'store_verify',
        'created_at', 'rate', 'sale_list',
      ].sort(),
    );
    expect(res.data.store_slide).toEqual(['/uploads/slide/a.jpg', '/uploads/slide/b.jpg']);
    expect(res.data.rate).toEqual({ scoreAll: 4, agreeAll: 4, serviceAll: 4, speedAll: 4 });
    expect(res.data.sale_list.map((g: { id: number }) => g.id)).toEqual([f.withSkus, f.plain, f.english]);
    const text = JSON.stringify(res.data);
    for (const secret of ['SECRET', '法人秘密', '紧急秘密', '13999999999', '13888888888', '123456.78', '9876.54', 'id_card', 'business_license', 'legal_person', 'store_money', 'store_phone'])
      expect(text).not.toContain(secret);
    const detail = JSON.stringify((await s.call('GET', `/api/goods/${f.plain}`)).data.store_info);
    for (const secret of ['SECRET', '法人秘密', '123456.78', 'store_money']) expect(detail).not.toContain(secret);
  });

  it('answers 404 for closed, unapproved and unknown stores', async () => {
    for (const id of [f.closedStore, f.pendingStore, 99999999]) expect((await s.call('GET', `/api/store/${id}`)).code).toBe(404);
  });
});
