import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods } from '../../../server/db/schema';
import { loginAdmin, loginOperator, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { limitedAdmin } from '../admin-system/setup';
import { allowClasses, attr, brand, classTree, form, goodsRow, liveSkus, setGoodsReview } from './fixtures';

let s: TestServer;
let admin: string;
let operator: string;
let nobody: string;
let seller: string;
let leaf: number;
let colour: { id: number; specs: Record<string, number> };
let foreign: { id: number; specs: Record<string, number> };

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  operator = await loginOperator(s);
  nobody = (await limitedAdmin(s, ['admin.goods.index'])).token;
  seller = await loginOwnerSeller(s);
  const tree = await classTree(s);
  leaf = tree[2];
  await allowClasses(s, 1, [tree]);
  colour = await attr(s, 1, '颜色', ['红', '蓝']);
  foreign = await attr(s, 2, '材质', ['木']);
  await brand(s, 'Acme');
});
afterAll(() => s.close());

type Detail = { id: number; goods_verify: number; goods_status: number; is_master: number; refuse_info: string; skuList: { id: number }[]; store_name: string };
type Row = Detail & { store_id: number; class_name: string; brand_name: string; store_name: string };

async function sellerGoods(extra: Record<string, unknown> = {}) {
  const res = await s.call<Detail>('POST', '/api/Seller/goods', {
    token: seller,
    body: form({ goods_name: '审核测试商品', class_id: leaf, goods_images: ['/uploads/goods/a.jpg'], goods_price: '10.00', goods_stock: 2, goods_status: 1, ...extra }),
  });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

describe('/api/Admin/goods', () => {
  it('review flow: pending → approved (visible state) → rejected with a reason', async () => {
    await setGoodsReview(s, true);
    const g = await sellerGoods();
    await setGoodsReview(s, false);
    expect(g.goods_verify).toBe(2);
    const list = await s.call<{ data: Row[] }>('GET', '/api/Admin/goods', { token: admin, body: { goods_verify: '2', store_id: '1', per_page: 100 } });
    expect(list.data.data.find((r) => r.id === g.id)).toMatchObject({ store_name: expect.any(String), class_name: expect.any(String), store_id: 1 });

    const approved = await s.call<Detail>('PUT', `/api/Admin/goods/${g.id}`, { token: admin, body: { goods_verify: 1, is_master: 1 } });
    expect(approved.code, approved.msg).toBe(200);
    expect(await goodsRow(s, g.id)).toMatchObject({ goods_verify: 1, goods_status: 1, is_master: 1, deleted_at: null });

    const rejected = await s.call<Detail>('PUT', `/api/Admin/goods/${g.id}`, { token: admin, body: { goods_verify: 0, refuse_info: '图片不清晰' } });
    expect(rejected.data).toMatchObject({ goods_verify: 0, refuse_info: '图片不清晰' });
    const bad = await s.call('PUT', `/api/Admin/goods/${g.id}`, { token: admin, body: { goods_verify: 5 } });
    expect(bad.code).toBe(422);
    expect((await goodsRow(s, g.id)).goods_verify).toBe(0);
  });

  it('edits SKUs with the goods\' own store specs only; shelf switch; show', async () => {
    const g = await sellerGoods({ skuList: [{ spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 1 }] });
    const bad = await s.call('PUT', `/api/Admin/goods/${g.id}`, { token: admin, body: form({ skuList: [{ spec_id: [foreign.specs['木']] }] }) });
    expect(bad.code).toBe(422);
    expect(bad.data.field).toBe('skuList.0.spec_id');
    const ok = await s.call<Detail>('PUT', `/api/Admin/goods/${g.id}`, {
      token: admin,
      body: form({ skuList: [{ id: g.skuList[0].id, spec_id: [colour.specs['红']], goods_price: '9', goods_stock: 4 }, { spec_id: [colour.specs['蓝']], goods_price: '12', goods_stock: 1 }] }),
    });
    expect(ok.code, ok.msg).toBe(200);
    expect(await goodsRow(s, g.id)).toMatchObject({ goods_price: '9.00', goods_stock: 5 });
    const shelf = await s.call<Detail>('PUT', `/api/Admin/goods/${g.id}`, { token: admin, body: { goods_status: 0 } });
    expect(shelf.data.goods_status).toBe(0);
    const show = await s.call<Detail>('GET', `/api/Admin/goods/${g.id}`, { token: admin });
    expect(show.data.skuList).toHaveLength(2);
    expect((await s.call('GET', '/api/Admin/goods/999999', { token: admin })).code).toBe(404);
  });

  it('refuses prices of 0 on the goods and its SKUs (422 naming the field, nothing written); approving a 0.00 goods on the shelf too', async () => {
    const g = await sellerGoods({ goods_price: '1999', skuList: [{ spec_id: [colour.specs['红']], goods_price: '1999', goods_stock: 1 }] });
    const before = await goodsRow(s, g.id);
    const skusBefore = await liveSkus(s, g.id);
    const zeroGoods = await s.call('PUT', `/api/Admin/goods/${g.id}`, { token: admin, body: { goods_price: '0.00' } });
    expect(zeroGoods.code).toBe(422);
    expect(zeroGoods.data.field).toBe('goods_price');
    const zeroSku = await s.call('PUT', `/api/Admin/goods/${g.id}`, {
      token: admin,
      body: form({ skuList: [{ id: g.skuList[0].id, spec_id: [colour.specs['红']], goods_price: '0', goods_stock: 1 }, { spec_id: [colour.specs['蓝']], goods_stock: 1 }] }),
    });
    expect(zeroSku.code).toBe(422);
    expect(zeroSku.data.field).toBe('skuList.0.goods_price');
    expect(await goodsRow(s, g.id)).toEqual(before);
    expect(await liveSkus(s, g.id)).toEqual(skusBefore);

    // Old data at 0.00 waiting for review: approving it while on the shelf is refused.
    const old = await sellerGoods();
    await s.db.update(goods).set({ goods_price: '0', goods_verify: 2 }).where(eq(goods.id, old.id));
    const approve = await s.call('PUT', `/api/Admin/goods/${old.id}`, { token: admin, body: { goods_verify: 1 } });
    expect(approve.code).toBe(422);
    expect(approve.data.field).toBe('goods_price');
    expect((await goodsRow(s, old.id)).goods_verify).toBe(2);
  });

  it('lists the store name of every goods and filters by it (store_name=<text>|like, any case, % taken literally)', async () => {
    const g = await sellerGoods();
    const all = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { per_page: 100 } });
    expect(all.data.data.find((r) => r.id === g.id)?.store_name).toBe('小王数码专营店');
    const found = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { store_name: '小王数码|like', per_page: 100 } });
    expect(found.code, found.msg).toBe(200);
    expect(found.data.data.length).toBeGreaterThan(0);
    expect(found.data.data.every((r) => r.store_id === 1)).toBe(true);
    expect(found.data.total).toBe(found.data.data.length);
    const other = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { store_name: '李记', per_page: 100 } });
    expect(other.data.data.length).toBeGreaterThan(0);
    expect(other.data.data.every((r) => r.store_id === 2)).toBe(true);
    const none = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { store_name: '%|like' } });
    expect(none.data).toMatchObject({ data: [], total: 0 });
    // with the other filters and a second page
    const paged = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { store_name: '小王|like', goods_verify: '1', per_page: 1, page: 2 } });
    expect(paged.data.data).toHaveLength(1);
    expect(paged.data.data[0].store_id).toBe(1);
  });

  it('finds goods by a Chinese part of their name (goods_name=<text>|like through the search tokens): exactly the live goods whose name contains it', async () => {
    const names = (await s.db.select({ id: goods.id, name: goods.goods_name, deleted: goods.deleted_at }).from(goods)).filter((g) => !g.deleted);
    const word = [...names.map((g) => g.name).find((n) => /\p{Script=Han}{2}/u.test(n))!.match(/\p{Script=Han}{2}/u)![0]].join('');
    const expected = names.filter((g) => g.name.includes(word)).map((g) => g.id).sort((a, b) => b - a);
    const found = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { goods_name: `${word}|like`, per_page: 400 } });
    expect(found.code, found.msg).toBe(200);
    expect(found.data.data.map((r) => r.id)).toEqual(expected);
    expect(found.data.total).toBe(expected.length);
    const none = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { goods_name: '龘龘|like' } });
    expect(none.data).toMatchObject({ data: [], total: 0 });
  });

  it('deletes goods and their SKUs', async () => {
    const g = await sellerGoods({ skuList: [{ spec_id: [colour.specs['红']], goods_price: '10', goods_stock: 1 }] });
    expect((await s.call('DELETE', `/api/Admin/goods/${g.id}`, { token: admin })).code).toBe(200);
    expect((await goodsRow(s, g.id)).deleted_at).not.toBeNull();
    expect(await liveSkus(s, g.id)).toEqual([]);
  });

  it('permission by route name: operator may; an admin with only index gets 403 on show/update/delete, nothing written', async () => {
    const g = await sellerGoods();
    expect((await s.call('GET', '/api/Admin/goods', { token: operator })).code).toBe(200);
    expect((await s.call('GET', '/api/Admin/goods', { token: nobody })).code).toBe(200);
    expect((await s.call('GET', `/api/Admin/goods/${g.id}`, { token: nobody })).code).toBe(403);
    expect((await s.call('PUT', `/api/Admin/goods/${g.id}`, { token: nobody, body: { goods_verify: 0 } })).code).toBe(403);
    expect((await s.call('DELETE', `/api/Admin/goods/${g.id}`, { token: nobody })).code).toBe(403);
    expect(await goodsRow(s, g.id)).toMatchObject({ goods_verify: 1, deleted_at: null });
    expect((await s.call('PUT', `/api/Admin/goods/${g.id}`, { token: seller, body: { goods_verify: 0 } })).code).toBe(401);
    const [row] = await s.db.select({ v: goods.goods_verify }).from(goods).where(eq(goods.id, g.id));
    expect(row.v).toBe(1);
  });
});
