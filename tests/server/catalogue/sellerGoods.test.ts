import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goods_skus } from '../../../server/db/schema';
import { loginOwner2Seller, loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { allowClasses, attr, brand, classTree, form, goodsRow, liveSkus, setGoodsReview, tokensOf } from './fixtures';

let s: TestServer;
let owner: string; // store 1
let owner2: string; // store 2
let leaf: number;
let otherLeaf: number;
let mid: number;
let brandId: number;
let colour: { id: number; specs: Record<string, number> };
let size: { id: number; specs: Record<string, number> };
let foreign: { id: number; specs: Record<string, number> };

const IMG = ['/uploads/goods/2024-01-01/a.jpg', '/uploads/goods/2024-01-01/b.jpg'];

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
  const tree = await classTree(s);
  leaf = tree[2];
  mid = tree[1];
  otherLeaf = (await classTree(s))[2];
  await allowClasses(s, 1, [tree]);
  await allowClasses(s, 2, []);
  brandId = await brand(s, 'Acme');
  colour = await attr(s, 1, '颜色', ['红', '蓝']);
  size = await attr(s, 1, '尺码', ['S', 'M']);
  foreign = await attr(s, 2, '材质', ['木']);
  await setGoodsReview(s, false);
});
afterAll(() => s.close());

type Detail = {
  id: number;
  store_id: number;
  goods_name: string;
  goods_price: string;
  goods_stock: number;
  goods_status: number;
  goods_verify: number;
  goods_images: string[];
  goods_master_image: string;
  goods_content: string;
  class_name: string;
  brand_name: string;
  classList: { id: number }[];
  attrList: { id: number; name: string; specs: { id: number; name: string; check: boolean }[] }[];
  skuList: { id: number; spec_id: number[]; sku_name: string[]; goods_price: string; goods_stock: number }[];
};

const base = () => ({
  goods_name: '无线蓝牙耳机 Pro',
  goods_subname: '降噪',
  class_id: leaf,
  brand_id: brandId,
  goods_images: IMG,
  goods_price: '99.00',
  goods_market_price: '129.00',
  goods_weight: '0.25',
  goods_stock: 5,
  goods_status: 1,
  freight_id: -1,
});

const create = (token: string, extra: Record<string, unknown> = {}) =>
  s.call<Detail & { field?: string }>('POST', '/api/Seller/goods', { token, body: form({ ...base(), ...extra }) });

const goodsCount = async () => (await s.db.select({ id: goods.id }).from(goods)).length;

describe('POST /api/Seller/goods', () => {
  it('creates a goods with SKUs: stock = sum, price = lowest, names from the specs, tokens written', async () => {
    const res = await create(owner, {
      store_id: 2,
      goods_verify: 1,
      goods_master_image: IMG[1],
      goods_content: '<p>好<script>alert(1)</script><img src="javascript:x" onerror="y"></p>',
      skuList: [
        { spec_id: [colour.specs['红'], size.specs.S], sku_name: ['x'], goods_price: '89.50', goods_market_price: '100', goods_stock: 3 },
        { spec_id: [colour.specs['蓝'], size.specs.S], goods_price: '79.00', goods_stock: 4 },
      ],
    });
    expect(res.code, res.msg).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({
      store_id: 1,
      goods_price: '79.00',
      goods_stock: 7,
      goods_verify: 1,
      goods_master_image: IMG[1],
      goods_images: IMG,
      class_name: expect.any(String),
      brand_name: 'Acme',
    });
    expect(d.classList.map((c) => c.id)).toEqual([leaf, mid, expect.any(Number)]);
    expect(d.goods_content).not.toMatch(/script|onerror|javascript/);
    expect(d.skuList.map((k) => k.sku_name)).toEqual([['红', 'S'], ['蓝', 'S']]);
    expect(d.attrList.map((a) => a.name)).toEqual(['颜色', '尺码']);
    expect(d.attrList[0].specs).toEqual([
      { id: colour.specs['红'], name: '红', check: true },
      { id: colour.specs['蓝'], name: '蓝', check: true },
    ]);
    expect(d.attrList[1].specs.find((x) => x.name === 'M')?.check).toBe(false);
    const tokens = await tokensOf(s, d.id);
    expect(tokens).toContain("'蓝牙'");
    expect(tokens).toContain("'acme'");
  });

  it('refuses bad input with a 422 naming the field and writes nothing', async () => {
    const before = await goodsCount();
    const skusBefore = (await s.db.select({ id: goods_skus.id }).from(goods_skus)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ goods_name: '' }, 'goods_name'],
      [{ goods_name: 'x'.repeat(121) }, 'goods_name'],
      [{ class_id: mid }, 'class_id'],
      [{ class_id: otherLeaf }, 'class_id'],
      [{ class_id: 999999 }, 'class_id'],
      [{ brand_id: 999999 }, 'brand_id'],
      [{ goods_images: [] }, 'goods_images'],
      [{ goods_images: ['javascript:alert(1)'] }, 'goods_images'],
      [{ goods_images: Array.from({ length: 11 }, (_, i) => `/uploads/goods/${i}.jpg`) }, 'goods_images'],
      [{ goods_master_image: '/uploads/goods/other.jpg' }, 'goods_master_image'],
      [{ goods_price: '-1' }, 'goods_price'],
      [{ goods_price: '1.234' }, 'goods_price'],
      [{ goods_stock: '-2' }, 'goods_stock'],
      [{ goods_stock: '1.5' }, 'goods_stock'],
      [{ freight_id: 999999 }, 'freight_id'],
      [{ skuList: [{ spec_id: [foreign.specs['木']], goods_price: '1' }] }, 'skuList.0.spec_id'],
      [{ skuList: [{ spec_id: [colour.specs['红'], colour.specs['蓝']] }] }, 'skuList.0.spec_id'],
      [{ skuList: [{ spec_id: [colour.specs['红']] }, { spec_id: [colour.specs['红']] }] }, 'skuList.1.spec_id'],
      [{ skuList: [{ spec_id: [colour.specs['红']] }, { spec_id: [size.specs.S] }] }, 'skuList.1.spec_id'],
      [{ skuList: [{ spec_id: [colour.specs['红']], goods_price: '-5' }] }, 'skuList.0.goods_price'],
      [{ skuList: [{ id: 1, spec_id: [colour.specs['红']] }] }, 'skuList.0.id'],
    ];
    for (const [extra, field] of cases) {
      const res = await create(owner, extra);
      expect(res.code, `${field}: ${res.msg}`).toBe(422);
      expect(res.data.field, JSON.stringify(extra).slice(0, 80)).toBe(field);
      expect(res.msg).toBeTruthy();
    }
    const missing = await s.call('POST', '/api/Seller/goods', { token: owner, body: { goods_name: 'x' } });
    expect(missing.code).toBe(422);
    expect(await goodsCount()).toBe(before);
    expect((await s.db.select({ id: goods_skus.id }).from(goods_skus)).length).toBe(skusBefore);
  });

  it('store 2 (no class list) may use any third-level class; its SKUs use its own specs only', async () => {
    const ok = await create(owner2, { class_id: otherLeaf, skuList: [{ spec_id: [foreign.specs['木']], goods_price: '5', goods_stock: 1 }] });
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.store_id).toBe(2);
    const bad = await create(owner2, { skuList: [{ spec_id: [colour.specs['红']] }] });
    expect(bad.code).toBe(422);
  });
});

describe('PUT /api/Seller/goods/:id', () => {
  it('updates SKUs: keeps listed ids, adds new rows, drops unlisted ones; absent skuList keeps them; empty list removes them', async () => {
    const created = await create(owner, {
      skuList: [
        { spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 1 },
        { spec_id: [colour.specs['蓝']], goods_price: '20', goods_stock: 2 },
      ],
    });
    const id = created.data.id;
    const [red, blue] = created.data.skuList;
    const res = await s.call<Detail>('PUT', `/api/Seller/goods/${id}`, {
      token: owner,
      body: form({
        skuList: [
          { id: red.id, spec_id: [colour.specs['红'], size.specs.M], goods_price: '12.5', goods_stock: 6 },
          { spec_id: [colour.specs['蓝'], size.specs.M], goods_price: '30', goods_stock: 1 },
        ],
      }),
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.skuList.map((k) => k.id)[0]).toBe(red.id);
    expect(res.data.skuList).toHaveLength(2);
    expect(res.data.skuList.some((k) => k.id === blue.id)).toBe(false);
    expect(res.data).toMatchObject({ goods_price: '12.50', goods_stock: 7 });

    // absent skuList: kept; goods_stock stays the sum even if sent
    const keep = await s.call<Detail>('PUT', `/api/Seller/goods/${id}`, { token: owner, body: { goods_price: '1.00', goods_stock: 99 } });
    expect(keep.data.skuList).toHaveLength(2);
    expect(keep.data).toMatchObject({ goods_price: '12.50', goods_stock: 7 });

    // explicitly empty: removed, the goods' own price and stock apply again
    const cleared = await s.call<Detail>('PUT', `/api/Seller/goods/${id}`, { token: owner, body: { skuList: '', goods_price: '8.00', goods_stock: 4 } });
    expect(cleared.code, cleared.msg).toBe(200);
    expect(cleared.data.skuList).toEqual([]);
    expect(cleared.data).toMatchObject({ goods_price: '8.00', goods_stock: 4 });
    expect(await liveSkus(s, id)).toEqual([]);
  });

  it('refuses a SKU id of another goods, a spec of another store, a class not allowed; nothing changes', async () => {
    const a = await create(owner, { skuList: [{ spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 1 }] });
    const b = await create(owner, { skuList: [{ spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 1 }] });
    const before = await goodsRow(s, a.data.id);
    const skusBefore = await liveSkus(s, a.data.id);
    const tries = [
      { skuList: [{ id: b.data.skuList[0].id, spec_id: [colour.specs['蓝']] }] },
      { skuList: [{ spec_id: [foreign.specs['木']] }] },
      { class_id: otherLeaf, goods_name: '改名' },
      { goods_name: '<b>x</b>'.repeat(30) },
    ];
    for (const body of tries) {
      const res = await s.call('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: form(body) });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect(await goodsRow(s, a.data.id)).toEqual(before);
    expect(await liveSkus(s, a.data.id)).toEqual(skusBefore);
    expect(await liveSkus(s, b.data.id)).toHaveLength(1);
  });

  it('the shelf switch alone (PUT {goods_status}) works and keeps everything else', async () => {
    const a = await create(owner, { skuList: [{ spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 3 }] });
    const res = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_status: 0 } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ goods_status: 0, goods_stock: 3, goods_name: base().goods_name });
    expect(res.data.skuList).toHaveLength(1);
    expect((await goodsRow(s, a.data.id)).goods_status).toBe(0);
  });

  it('images: master must be among them; replacing the images moves the master to the first when it was dropped', async () => {
    const a = await create(owner);
    const moved = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: form({ goods_images: ['/uploads/goods/c.jpg', IMG[1]] }) });
    expect(moved.data).toMatchObject({ goods_master_image: '/uploads/goods/c.jpg', goods_images: ['/uploads/goods/c.jpg', IMG[1]] });
    const bad = await s.call('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_master_image: IMG[0] } });
    expect(bad.code).toBe(422);
    expect(bad.data.field).toBe('goods_master_image');
  });
});

describe('prices above zero (a goods published at ￥0.00)', () => {
  const skusCount = async () => (await s.db.select({ id: goods_skus.id }).from(goods_skus)).length;

  it('POST: a goods price or a SKU price of 0 (or a new SKU without a price) is a 422 naming it; nothing written', async () => {
    const before = await goodsCount();
    const skusBefore = await skusCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ goods_price: '0' }, 'goods_price'],
      [{ goods_price: '0.00' }, 'goods_price'],
      [{ skuList: [{ spec_id: [colour.specs['红']], goods_price: '0.00', goods_market_price: '0', goods_weight: '0', goods_stock: 0 }] }, 'skuList.0.goods_price'],
      [
        {
          goods_price: '1999',
          skuList: [
            { spec_id: [colour.specs['红']], goods_price: '1999', goods_stock: 1 },
            { spec_id: [colour.specs['蓝']], goods_price: '0', goods_stock: 1 },
          ],
        },
        'skuList.1.goods_price',
      ],
      [{ skuList: [{ spec_id: [colour.specs['红']], goods_stock: 1 }] }, 'skuList.0.goods_price'],
    ];
    for (const [extra, field] of cases) {
      const res = await create(owner, extra);
      expect(res.code, `${field}: ${res.msg}`).toBe(422);
      expect(res.data.field).toBe(field);
      expect(res.msg).toMatch(/大于 0/);
    }
    expect(await goodsCount()).toBe(before);
    expect(await skusCount()).toBe(skusBefore);
  });

  it('stock 0 stays allowed; a price of 0.01 is a price', async () => {
    const res = await create(owner, { goods_price: '0.01', skuList: [{ spec_id: [colour.specs['红']], goods_price: '0.01', goods_stock: 0 }] });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ goods_price: '0.01', goods_stock: 0 });
  });

  it('PUT: a SKU price of 0 is refused and the goods keeps its price; so is a kept SKU whose stored price is 0', async () => {
    const a = await create(owner, { goods_price: '1999', skuList: [{ spec_id: [colour.specs['红']], goods_price: '1999', goods_stock: 2 }] });
    const id = a.data.id;
    const sku = a.data.skuList[0];
    const before = await goodsRow(s, id);
    const zero = await s.call('PUT', `/api/Seller/goods/${id}`, {
      token: owner,
      body: form({ skuList: [{ id: sku.id, spec_id: [colour.specs['红']], goods_price: '0.00', goods_stock: 2 }] }),
    });
    expect(zero.code).toBe(422);
    expect(zero.data.field).toBe('skuList.0.goods_price');
    const price = await s.call('PUT', `/api/Seller/goods/${id}`, { token: owner, body: { goods_price: '0' } });
    expect(price.code).toBe(422);
    expect(price.data.field).toBe('goods_price');
    expect(await goodsRow(s, id)).toEqual(before);
    expect((await liveSkus(s, id))[0].goods_price).toBe('1999.00');

    // A SKU saved at 0.00 before prices were checked: listing it again without a price is refused.
    await s.db.update(goods_skus).set({ goods_price: '0' }).where(eq(goods_skus.id, sku.id));
    const kept = await s.call('PUT', `/api/Seller/goods/${id}`, { token: owner, body: form({ skuList: [{ id: sku.id, spec_id: [colour.specs['红']] }] }) });
    expect(kept.code).toBe(422);
    expect(kept.data.field).toBe('skuList.0.goods_price');
    const fixed = await s.call<Detail>('PUT', `/api/Seller/goods/${id}`, {
      token: owner,
      body: form({ skuList: [{ id: sku.id, spec_id: [colour.specs['红']], goods_price: '1899' }] }),
    });
    expect(fixed.code, fixed.msg).toBe(200);
    expect(fixed.data.goods_price).toBe('1899.00');
  });

  it('a goods left at 0.00 by old data cannot go on the shelf, but can be taken off it', async () => {
    const a = await create(owner, { goods_status: 0 });
    await s.db.update(goods).set({ goods_price: '0' }).where(eq(goods.id, a.data.id));
    const on = await s.call('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_status: 1 } });
    expect(on.code).toBe(422);
    expect(on.data.field).toBe('goods_price');
    expect((await goodsRow(s, a.data.id)).goods_status).toBe(0);
    await s.db.update(goods).set({ goods_status: 1 }).where(eq(goods.id, a.data.id));
    const off = await s.call('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_status: 0 } });
    expect(off.code, off.msg).toBe(200);
  });
});

describe('review (configs store.goods_verify)', () => {
  it('on: new goods wait (2); edits of name/subname/content go back to 2; the shelf switch does not', async () => {
    await setGoodsReview(s, true);
    try {
      const a = await create(owner);
      expect(a.data.goods_verify).toBe(2);
      await s.db.update(goods).set({ goods_verify: 1 }).where(eq(goods.id, a.data.id)); // the admin approves
      const shelf = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_status: 0 } });
      expect(shelf.data.goods_verify).toBe(1);
      const price = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_price: '5.00', goods_name: base().goods_name } });
      expect(price.data.goods_verify).toBe(1);
      const renamed = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_name: '新名字' } });
      expect(renamed.data.goods_verify).toBe(2);
      await s.db.update(goods).set({ goods_verify: 1 }).where(eq(goods.id, a.data.id));
      const content = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_content: '<p>new</p>' } });
      expect(content.data.goods_verify).toBe(2);
    } finally {
      await setGoodsReview(s, false);
    }
  });

  it('off: new goods are approved (1); a rejected goods edited by the seller is resubmitted', async () => {
    const a = await create(owner);
    expect(a.data.goods_verify).toBe(1);
    await s.db.update(goods).set({ goods_verify: 0 }).where(eq(goods.id, a.data.id));
    const shelf = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_status: 1 } });
    expect(shelf.data.goods_verify).toBe(0);
    const edit = await s.call<Detail>('PUT', `/api/Seller/goods/${a.data.id}`, { token: owner, body: { goods_price: '3.00' } });
    expect(edit.data.goods_verify).toBe(1);
  });
});

describe('show tells whether an edit goes back to review (goods_review_on, issue 15)', () => {
  it('follows configs store.goods_verify; another store’s goods stays hidden', async () => {
    const a = await create(owner);
    expect((await s.call<{ goods_review_on: boolean }>('GET', `/api/Seller/goods/${a.data.id}`, { token: owner })).data.goods_review_on).toBe(false);
    await setGoodsReview(s, true);
    try {
      const on = await s.call<{ goods_review_on: boolean; goods_name: string }>('GET', `/api/Seller/goods/${a.data.id}`, { token: owner });
      expect(on.data).toMatchObject({ goods_review_on: true, goods_name: base().goods_name });
      const other = await s.call('GET', `/api/Seller/goods/${a.data.id}`, { token: owner2 });
      expect(other.code).toBe(404);
      expect(other.data).not.toHaveProperty('goods_review_on');
    } finally {
      await setGoodsReview(s, false);
    }
  });
});

describe('GET /api/Seller/goods (list) and show', () => {
  it('lists the own store only with class_name and brand_name; searches name prefix, status and verify', async () => {
    const a = await create(owner, { goods_name: '唯一前缀ZQ 商品', goods_status: 0 });
    const list = await s.call<{ data: (Detail & { store_id: number })[]; total: number }>('GET', '/api/Seller/goods', {
      token: owner,
      body: { isWith: 'goods_class,goods_brand', per_page: 100 },
    });
    expect(list.code).toBe(200);
    expect(list.data.data.every((g) => g.store_id === 1)).toBe(true);
    expect(list.data.data.find((g) => g.id === a.data.id)).toMatchObject({ brand_name: 'Acme', class_name: expect.stringMatching(/3$/) });
    const found = await s.call<{ data: Detail[] }>('GET', '/api/Seller/goods', { token: owner, body: { goods_name: '唯一前缀ZQ|likeRight', goods_status: '0', goods_verify: '1' } });
    expect(found.data.data.map((g) => g.id)).toEqual([a.data.id]);
    const none = await s.call<{ data: Detail[] }>('GET', '/api/Seller/goods', { token: owner2, body: { goods_name: '唯一前缀ZQ|likeRight' } });
    expect(none.data.data).toEqual([]);
    const all = await s.call<Detail[]>('GET', '/api/Seller/goods', { token: owner2, body: { isAll: 'true' } });
    expect(Array.isArray(all.data) && all.data.every((g) => g.store_id === 2)).toBe(true);
  });
});

describe('store isolation', () => {
  it('store 2 cannot read, update, shelf or delete a goods of store 1 (404, rows untouched)', async () => {
    const a = await create(owner, { skuList: [{ spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 1 }] });
    const id = a.data.id;
    const before = await goodsRow(s, id);
    expect((await s.call('GET', `/api/Seller/goods/${id}`, { token: owner2 })).code).toBe(404);
    expect((await s.call('PUT', `/api/Seller/goods/${id}`, { token: owner2, body: { goods_name: 'hacked' } })).code).toBe(404);
    expect((await s.call('PUT', `/api/Seller/goods/${id}`, { token: owner2, body: { goods_status: 0 } })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Seller/goods/${id}`, { token: owner2 })).code).toBe(404);
    expect(await goodsRow(s, id)).toEqual(before);
    expect(await liveSkus(s, id)).toHaveLength(1);
  });

  it('needs a seller login (401 without, 401 with a shopper token)', async () => {
    expect((await s.call('GET', '/api/Seller/goods')).code).toBe(401);
    expect((await s.call('POST', '/api/Seller/goods', { body: form(base()) })).code).toBe(401);
  });

  it('staff with the goods page may work on the goods of their store', async () => {
    const staff = await loginStaffSeller(s);
    const res = await s.call<{ data: Detail[] }>('GET', '/api/Seller/goods', { token: staff });
    expect(res.code).toBe(200);
    expect(res.data.data.every((g) => g.store_id === 1)).toBe(true);
  });
});

describe('DELETE /api/Seller/goods/:ids', () => {
  it('soft-deletes own goods and their SKUs', async () => {
    const a = await create(owner, { skuList: [{ spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 1 }] });
    const b = await create(owner2, { class_id: otherLeaf });
    const res = await s.call('DELETE', `/api/Seller/goods/${a.data.id},${b.data.id}`, { token: owner });
    expect(res).toMatchObject({ code: 200, data: 1 });
    expect((await goodsRow(s, a.data.id)).deleted_at).not.toBeNull();
    expect((await goodsRow(s, b.data.id)).deleted_at).toBeNull();
    expect(await s.db.select().from(goods_skus).where(and(eq(goods_skus.goods_id, a.data.id), isNull(goods_skus.deleted_at)))).toEqual([]);
    expect((await s.call('GET', `/api/Seller/goods/${a.data.id}`, { token: owner })).code).toBe(404);
  });
});
