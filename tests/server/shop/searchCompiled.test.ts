import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods_classes } from '../../../server/db/schema';
import { forgetCatalogue } from '../../../server/modules/shop/classes';
import { forgetSearch } from '../../../server/modules/shop/goodsSearch';
import { openTestServer, type TestServer } from '../helpers';
import { buildFixture, params, type Fixture } from './fixtures';

/**
 * GET /api/goods compiles each filter's statements once (goodsSearch.ts compiledOf): the same
 * statement serves every page and page size, and a catalogue write is seen by the next search.
 */
let s: TestServer;
let f: Fixture;
beforeAll(async () => {
  s = await openTestServer({ databaseUrl: process.env.TEST_DATABASE_URL });
  f = await buildFixture(s);
});
afterAll(() => s.close());

type Answer = { code: number; data: { data: { id: number; goods_name: string }[]; total: number; current_page: number } };
const search = (p: unknown, extra: Record<string, string | number> = {}) =>
  s.call('GET', `/api/goods?params=${encodeURIComponent(params(p))}`, { body: extra }) as Promise<Answer>;

describe('compiled search statements', () => {
  it('reads every page and page size of one filter and sort through the same statement alike', async () => {
    for (const p of [{ store_id: f.store, sort_type: 'goods_price', sort_order: 'asc' }, { store_id: f.store }, { brand_id: f.brand, sort_type: 'goods_sale' }]) {
      const all = await search(p, { per_page: 100 });
      expect(all.code).toBe(200);
      const ids = all.data.data.map((g) => g.id);
      expect(ids.length).toBeGreaterThan(1);
      for (const perPage of [1, 2]) {
        const pages: number[] = [];
        for (let page = 1; (page - 1) * perPage < ids.length; page++) {
          const one = await search(p, { page, per_page: perPage });
          expect(one.data.current_page).toBe(page);
          expect(one.data.total).toBe(ids.length);
          pages.push(...one.data.data.map((g) => g.id));
        }
        expect(pages).toEqual(ids);
      }
      const past = await search(p, { page: ids.length + 1, per_page: 1 });
      expect(past.data.data).toEqual([]);
    }
  });

  it('a keyword naming a class renamed a moment ago finds its goods once the write is forgotten', async () => {
    const name = 'Quokkatent';
    expect((await search({ keywords: name })).data.total).toBe(0);
    const [cls] = await s.db.select({ name: goods_classes.name }).from(goods_classes).where(eq(goods_classes.id, f.classes.otherLeaf));
    await s.db.update(goods_classes).set({ name }).where(eq(goods_classes.id, f.classes.otherLeaf));
    try {
      // what a class write does on this instance (shopChanges.ts forgetHere)
      forgetCatalogue(s.db);
      forgetSearch(s.db);
      const found = await search({ keywords: name });
      expect(found.data.data.map((g) => g.id)).toContain(f.english);
    } finally {
      await s.db.update(goods_classes).set({ name: cls.name }).where(eq(goods_classes.id, f.classes.otherLeaf));
      forgetCatalogue(s.db);
      forgetSearch(s.db);
    }
    expect((await search({ keywords: name })).data.total).toBe(0);
  });
});
