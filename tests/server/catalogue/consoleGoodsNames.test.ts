import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods } from '../../../server/db/schema';
import { BRANDS, classRows } from '../../../server/db/seed/catalogue-data';
import { limitedAdmin } from '../admin-system/setup';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';

/**
 * The consoles' goods lists and the editor's goods carry the class's and the brand's English
 * names beside their names (`class_ename`, `brand_ename`, `classList[].ename`), so the English
 * back office shows "Smartphones", not "智能手机". Every field the lists had stays.
 */
let s: TestServer;
let admin: string;
let nobody: string;
let seller: string;
let otherSeller: string;
let g: { id: number; class_id: number; brand_id: number };

/** The list row's fields before the English names (goodsRead.ts LIST_FIELDS). */
const LIST_KEYS = [
  'id', 'goods_name', 'goods_subname', 'goods_no', 'goods_master_image', 'goods_price', 'goods_market_price', 'goods_stock',
  'goods_sale', 'goods_status', 'goods_verify', 'refuse_info', 'is_master', 'is_recommend', 'class_id', 'brand_id', 'store_id',
  'class_name', 'brand_name', 'store_name', 'created_at', 'updated_at',
];

type Row = Record<string, unknown> & { id: number };
type Detail = Row & { classList: { id: number; name: string; ename: string; pid: number }[] };

beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  nobody = (await limitedAdmin(s, [])).token;
  seller = await loginOwnerSeller(s);
  otherSeller = await loginOwner2Seller(s);
  // a demo goods of the first store with a brand (the seed names every class and brand in English)
  [g] = await s.db
    .select({ id: goods.id, class_id: goods.class_id, brand_id: goods.brand_id })
    .from(goods)
    .where(and(eq(goods.store_id, 1), gt(goods.brand_id, 0), isNull(goods.deleted_at)))
    .orderBy(goods.id)
    .limit(1);
});
afterAll(() => s.close());

const classRow = (id: number) => classRows().find((r) => r.id === id)!;
const expectedNames = () => ({
  class_name: classRow(g.class_id).name,
  class_ename: classRow(g.class_id).ename,
  brand_name: BRANDS[g.brand_id - 1][0],
  brand_ename: BRANDS[g.brand_id - 1][3],
});

describe('English class and brand names in the consoles\' goods answers', () => {
  it('the seed gives the goods an English class and brand name to show', () => {
    expect(g).toBeDefined();
    expect(expectedNames().class_ename).toMatch(/^[A-Za-z]/);
    expect(expectedNames().brand_ename).toMatch(/^[A-Za-z]/);
  });

  it('GET /api/Admin/goods: class_ename and brand_ename beside every field it had; the page and isAll forms alike', async () => {
    const page = await s.call<{ data: Row[]; total: number }>('GET', '/api/Admin/goods', { token: admin, body: { id: String(g.id) } });
    expect(page.code, page.msg).toBe(200);
    expect(page.data.total).toBe(1);
    const [row] = page.data.data;
    expect(row).toMatchObject({ id: g.id, ...expectedNames(), store_name: expect.any(String) });
    expect(Object.keys(row).sort()).toEqual([...LIST_KEYS, 'class_ename', 'brand_ename'].sort());

    const all = await s.call<Row[]>('GET', '/api/Admin/goods', { token: admin, body: { isAll: 'true', id: String(g.id) } });
    expect(all.code, all.msg).toBe(200);
    expect(all.data[0]).toMatchObject({ id: g.id, ...expectedNames() });
  });

  it('GET /api/Admin/goods/:id and /api/Seller/goods/:id: the English names, and each class of classList with its own', async () => {
    for (const [path, token] of [[`/api/Admin/goods/${g.id}`, admin], [`/api/Seller/goods/${g.id}`, seller]] as const) {
      const res = await s.call<Detail>('GET', path, { token });
      expect(res.code, `${path} ${res.msg}`).toBe(200);
      expect(res.data).toMatchObject({ id: g.id, ...expectedNames() });
      expect(res.data.classList.map((c) => c.id)[0]).toBe(g.class_id);
      expect(res.data.classList).toHaveLength(3);
      for (const c of res.data.classList) expect(c).toEqual({ id: c.id, name: classRow(c.id).name, ename: classRow(c.id).ename, pid: classRow(c.id).pid });
    }
  });

  it('GET /api/Seller/goods: the store\'s list carries them too', async () => {
    const res = await s.call<{ data: Row[] }>('GET', '/api/Seller/goods', { token: seller, body: { id: String(g.id) } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.data).toHaveLength(1);
    expect(res.data.data[0]).toMatchObject({ id: g.id, ...expectedNames() });
  });

  it('a goods without a class or a brand answers "" for the names (never null)', async () => {
    const [bare] = await s.db.insert(goods).values({ store_id: 1, class_id: 0, brand_id: 0, goods_name: '无名商品', goods_images: '' }).returning({ id: goods.id });
    const res = await s.call<{ data: Row[] }>('GET', '/api/Admin/goods', { token: admin, body: { id: String(bare.id) } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.data[0]).toMatchObject({ class_name: '', class_ename: '', brand_name: '', brand_ename: '' });
  });

  it('an admin without the goods permission gets 403; a seller token or none 401; another store\'s seller does not see it', async () => {
    expect((await s.call('GET', '/api/Admin/goods', { token: nobody, body: { id: String(g.id) } })).code).toBe(403);
    expect((await s.call('GET', `/api/Admin/goods/${g.id}`, { token: nobody })).code).toBe(403);
    for (const token of [seller, undefined]) {
      expect((await s.call('GET', '/api/Admin/goods', { token, body: { id: String(g.id) } })).code, String(token)).toBe(401);
      expect((await s.call('GET', `/api/Admin/goods/${g.id}`, { token })).code, String(token)).toBe(401);
    }
    expect((await s.call('GET', '/api/Seller/goods', { body: { id: String(g.id) } })).code).toBe(401);
    expect((await s.call('GET', `/api/Seller/goods/${g.id}`, { token: admin })).code).toBe(401);
    const other = await s.call<{ data: Row[] }>('GET', '/api/Seller/goods', { token: otherSeller, body: { id: String(g.id) } });
    expect(other.code, other.msg).toBe(200);
    expect(other.data.data).toEqual([]);
    expect((await s.call('GET', `/api/Seller/goods/${g.id}`, { token: otherSeller })).code).toBe(404);
  });
});
