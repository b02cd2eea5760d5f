import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goods_brands } from '../../../server/db/schema';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';
import { runMigration } from '../menusMigration';
import { params } from '../shop/fixtures';

/**
 * A brand's English name is one of its goods' search texts (server/modules/catalogue/search.ts):
 * a shopper of the English storefront finds 星耀's goods by typing "nova". Migration
 * 0029_brand_ename_search_words gives goods written before the same words.
 */
let s: TestServer;
let admin: string;
let brand: { id: number; name: string; ename: string };
let brandGoods: number[];
beforeAll(async () => {
  s = await openTestServer();
  admin = await loginAdmin(s);
  [brand] = await s.db.select({ id: goods_brands.id, name: goods_brands.name, ename: goods_brands.ename }).from(goods_brands).where(eq(goods_brands.ename, 'Nova'));
  const rows = await s.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.brand_id, brand.id), eq(goods.goods_status, 1), eq(goods.goods_verify, 1), isNull(goods.deleted_at)));
  brandGoods = rows.map((r) => r.id).sort((a, b) => a - b);
});
afterAll(() => s.close());

const found = async (keywords: string) => {
  const res = await s.call<{ data: { id: number }[] }>('GET', `/api/goods?per_page=100&params=${encodeURIComponent(params({ keywords }))}`);
  expect(res.code).toBe(200);
  return res.data.data.map((g) => g.id).sort((a, b) => a - b);
};

describe("search by a brand's English name", () => {
  it('finds the goods of the brand whose English name it is, in any case', async () => {
    expect(brand.name).not.toMatch(/nova/i);
    expect(brandGoods.length).toBeGreaterThanOrEqual(2);
    expect(await found('nova')).toEqual(brandGoods);
    expect(await found('NOVA')).toEqual(brandGoods);
  });

  it("follows an edit of the brand's English name at once", async () => {
    const res = await s.call('PUT', `/api/Admin/goods_brands/${brand.id}`, { token: admin, body: { name: brand.name, ename: 'Zephyr Tech' } });
    expect(res.code).toBe(200);
    expect(await found('zephyr')).toEqual(brandGoods);
    expect(await found('tech zephyr')).toEqual(brandGoods);
    expect(await found('nova')).toEqual([]);
    await s.call('PUT', `/api/Admin/goods_brands/${brand.id}`, { token: admin, body: { name: brand.name, ename: 'Nova' } });
    expect(await found('nova')).toEqual(brandGoods);
  });

  it('migration 0029 gives goods written before the words of their brand\'s English name', async () => {
    // as written before: the goods' tokens without the English name
    await s.db.execute(sql`update goods set search_tokens = ts_delete(search_tokens, 'nova') where brand_id = ${brand.id}`);
    expect(await found('nova')).toEqual([]);
    await runMigration(s, '0029_brand_ename_search_words');
    expect(await found('nova')).toEqual(brandGoods);
  });
});
