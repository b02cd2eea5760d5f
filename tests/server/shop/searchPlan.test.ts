import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundAt,
  boundedPageQuery,
  BOUND_FRACTIONS,
  goodsPageQuery,
  goodsQueryOf,
  goodsWhere,
  namesFirstQuery,
  NEWEST_AFTER_MATCHING,
  searchGoods,
  SORT_AFTER_MATCHING,
  type SortQuantiles,
} from '../../../server/modules/shop/goodsSearch';
import { eq, inArray, sql } from 'drizzle-orm';
import { goods } from '../../../server/db/schema';
import { openTestServer, type TestServer } from '../helpers';
import { params } from './fixtures';

/**
 * The goods search reads a page one of two ways by its number of matches (few: every match
 * through the filter's indexes, then sorted; many: down the sort index). Both must give the same
 * rows in the same order and the same total, on the embedded database and on PostgreSQL.
 */
const url = process.env.TEST_DATABASE_URL;

type Paged = { page: number; perPage: number };
/**
 * For pages 1–3 at each size and every bound: a bounded read either falls short of the page or is
 * the unbounded page itself (asserted). How many of each were met.
 */
async function compareBounded(
  sizes: number[],
  bounds: unknown[],
  unbounded: (paging: Paged) => Promise<{ id: number }[]>,
  bounded: (paging: Paged, bound: unknown) => Promise<{ id: number }[]>,
) {
  let full = 0;
  let short = 0;
  for (const perPage of sizes) {
    for (const page of [1, 2, 3]) {
      const paging = { page, perPage };
      const ids = (await unbounded(paging)).map((g) => g.id);
      for (const bound of bounds) {
        const rows = await bounded(paging, bound);
        if (rows.length < perPage) {
          short++;
          continue;
        }
        full++;
        expect(rows.map((g) => g.id)).toEqual(ids);
      }
    }
  }
  return { full, short };
}

describe.each([['PGlite', undefined], ['PostgreSQL', url]] as const)('goods search plans (%s)', (_name, databaseUrl) => {
  let s: TestServer;
  beforeAll(async () => {
    if (_name === 'PostgreSQL' && !databaseUrl) return;
    s = await openTestServer({ databaseUrl });
  });
  afterAll(async () => {
    await s?.close();
  });

  const searches: Record<string, unknown>[] = [
    { keywords: '手机' },
    { keywords: '手机', sort_type: 'goods_price', sort_order: 'asc' },
    { keywords: '手机', sort_type: 'goods_price', sort_order: 'desc' },
    { keywords: 'pro', sort_type: 'goods_sale', sort_order: 'desc' },
    { sort_type: 'order_comment_count', sort_order: 'desc' },
    { sort_type: 'goods_price', sort_order: 'asc' },
    {},
  ];

  it.skipIf(_name === 'PostgreSQL' && !url).each(searches)('both ways give the same pages: %o', async (p) => {
    const q = goodsQueryOf({ params: params(p) });
    const where = await goodsWhere(s.db, q);
    expect(where).not.toBeNull();
    for (const page of [1, 2]) {
      const paging = { page, perPage: 5 };
      const few = await goodsPageQuery(s.db, where!, q, paging, 1);
      const many = await goodsPageQuery(s.db, where!, q, paging, Infinity);
      expect(few.map((g) => g.id)).toEqual(many.map((g) => g.id));
      if (page === 1) expect(few.length).toBeGreaterThan(0);
    }
  });

  it.skipIf(_name === 'PostgreSQL' && !url)('a full page of goods whose name holds every word is the relevance page itself', async () => {
    let full = 0;
    let short = 0;
    for (const keywords of ['手机', '耳机', '蓝牙耳机', 'pro', '新款 手机']) {
      const q = goodsQueryOf({ params: params({ keywords }) });
      const where = (await goodsWhere(s.db, q))!;
      const all = (await goodsPageQuery(s.db, where, q, { page: 1, perPage: 100 })).map((g) => g.id);
      for (const perPage of [1, 2, 3]) {
        for (let page = 1; (page - 1) * perPage < all.length; page++) {
          const rows = await namesFirstQuery(s.db, where, keywords, { page, perPage });
          if (rows.length < perPage) {
            short++;
            continue;
          }
          full++;
          expect(rows.map((g) => g.id)).toEqual(all.slice((page - 1) * perPage, page * perPage));
          // the same columns as the page statement's rows
          expect(rows).toEqual((await goodsPageQuery(s.db, where, q, { page, perPage })));
        }
      }
    }
    // both cases were met: pages the names fill, and pages read the full way
    expect(full).toBeGreaterThan(3);
    expect(short).toBeGreaterThan(0);
  });

  it.skipIf(_name === 'PostgreSQL' && !url)('the few-matches way orders by expressions no index serves; the other by the columns', async () => {
    const sorted = goodsQueryOf({ params: params({ keywords: '手机', sort_type: 'goods_price', sort_order: 'desc' }) });
    const newest = goodsQueryOf({ params: params({}) });
    const where = { sorted: (await goodsWhere(s.db, sorted))!, newest: (await goodsWhere(s.db, newest))! };
    const text = (q: typeof sorted, matches: number) =>
      goodsPageQuery(s.db, q === sorted ? where.sorted : where.newest, q, { page: 1, perPage: 30 }, matches).toSQL().sql.split(' order by ')[1];
    expect(text(sorted, SORT_AFTER_MATCHING)).toMatch(/\("goods"\."goods_price" \+ 0\) desc, \("goods"\."id" \+ 0\) desc/);
    expect(text(sorted, SORT_AFTER_MATCHING + 1)).toMatch(/^"goods"\."goods_price" desc, "goods"\."id" desc/);
    expect(text(newest, NEWEST_AFTER_MATCHING)).toMatch(/^\("goods"\."id" \+ 0\) desc/);
    expect(text(newest, NEWEST_AFTER_MATCHING + 1)).toMatch(/^"goods"\."id" desc/);
  });

  const sorted: Record<string, unknown>[] = [
    { keywords: '手机', sort_type: 'goods_price', sort_order: 'asc' },
    { keywords: '手机', sort_type: 'goods_price', sort_order: 'desc' },
    { keywords: 'pro', sort_type: 'goods_sale', sort_order: 'desc' },
    { sort_type: 'order_comment_count', sort_order: 'desc' },
    { sort_type: 'goods_price', sort_order: 'asc' },
    { sort_type: 'goods_sale', sort_order: 'asc' },
  ];
  let tooTight = 0;
  const column = { goods_price: 'goods_price', goods_sale: 'goods_sale', order_comment_count: 'comment_count' } as const;

  it.skipIf(_name === 'PostgreSQL' && !url).each(sorted)('a full page read beyond any bound is the page itself: %o', async (p) => {
    const q = goodsQueryOf({ params: params(p) });
    const sort = q.sort!;
    const where = (await goodsWhere(s.db, q))!;
    const values = (await s.db.execute(sql`select distinct ${sql.identifier(column[sort])}::text as v from goods`)) as unknown as { rows?: { v: string }[] } | { v: string }[];
    const bounds = (Array.isArray(values) ? values : values.rows!).map((r) => r.v);
    expect(bounds.length).toBeGreaterThan(3);
    const { full, short } = await compareBounded(
      [1, 2, 3],
      bounds,
      (paging) => goodsPageQuery(s.db, where, q, paging, 1),
      (paging, bound) => boundedPageQuery(s.db, where, { ...q, sort }, paging, bound),
    );
    // bounds that hold the page were met (and, for most sorts, bounds too tight for it)
    expect(full).toBeGreaterThan(0);
    tooTight += short;
  });

  it.skipIf(_name === 'PostgreSQL' && !url)('bounds too tight for a page were met', () => {
    expect(tooTight).toBeGreaterThan(0);
  });

  it.skipIf(_name === 'PostgreSQL' && !url).each([...sorted, { keywords: '手机' }, { keywords: 'pro' }, { keywords: '机' }])('every page one by one is the list, bounds and their learning included: %o', async (p) => {
    const q = goodsQueryOf({ params: params(p) });
    const all = await searchGoods(s.db, q, { page: 1, perPage: 100 });
    expect(all.total).toBeGreaterThan(2);
    const ids: number[] = [];
    const onePerPage = async () => {
      ids.length = 0;
      for (let page = 1; page <= all.total; page++) ids.push(...(await searchGoods(s.db, q, { page, perPage: 1 })).data.map((g) => g.id));
      return ids;
    };
    // twice: the second time with what the first taught (bounds that filled each page)
    for (let round = 0; round < 2; round++) expect(await onePerPage()).toEqual(all.data.map((g) => g.id));
    // values change behind the search's back (no write through the consoles): the learnt bounds no
    // longer fit, and the pages still follow the data
    const top = all.data.slice(0, 3).map((g) => g.id);
    const old = await s.db.select({ id: goods.id, goods_price: goods.goods_price, goods_sale: goods.goods_sale, comment_count: goods.comment_count }).from(goods).where(inArray(goods.id, top));
    await s.db.update(goods).set({ goods_price: sql`${goods.goods_price} + 5000`, goods_sale: sql`greatest(${goods.goods_sale} - 5000, 0)`, comment_count: 0 }).where(inArray(goods.id, top));
    try {
      const fresh = (await goodsPageQuery(s.db, (await goodsWhere(s.db, q))!, q, { page: 1, perPage: 100 }, 1)).map((g) => g.id);
      expect(await onePerPage()).toEqual(fresh);
    } finally {
      for (const row of old) await s.db.update(goods).set({ goods_price: row.goods_price, goods_sale: row.goods_sale, comment_count: row.comment_count }).where(eq(goods.id, row.id));
    }
  });

  it.skipIf(_name === 'PostgreSQL' && !url)('a full names-first page among the goods past an id is the names-first page itself', async () => {
    const ids = (await goodsPageQuery(s.db, (await goodsWhere(s.db, goodsQueryOf({ params: params({}) })))!, goodsQueryOf({ params: params({}) }), { page: 1, perPage: 200 })).map((g) => g.id);
    let full = 0;
    let short = 0;
    for (const keywords of ['手机', '耳机', 'pro', '新款 手机']) {
      const where = (await goodsWhere(s.db, goodsQueryOf({ params: params({ keywords }) })))!;
      const met = await compareBounded(
        [1, 2],
        ids,
        (paging) => namesFirstQuery(s.db, where, keywords, paging),
        (paging, bound) => namesFirstQuery(s.db, where, keywords, paging, bound),
      );
      full += met.full;
      short += met.short;
    }
    expect(full).toBeGreaterThan(0);
    expect(short).toBeGreaterThan(0);
  });

  it('a bound is the kept value at the first fraction that keeps enough, none past the last or at the median', () => {
    const n = BOUND_FRACTIONS.length;
    const low = BOUND_FRACTIONS.map((_, i) => String(i + 1));
    const high = BOUND_FRACTIONS.map((_, i) => String(100 - i));
    const quantiles: SortQuantiles = {
      goods_price: { low, high, median: '50' },
      goods_sale: { low: Array(n).fill('0'), high: Array(n).fill('0'), median: '0' },
      order_comment_count: undefined,
      id: undefined,
    };
    expect(boundAt(quantiles, 'goods_price', 'asc', BOUND_FRACTIONS[0] / 2)).toBe('1');
    expect(boundAt(quantiles, 'goods_price', 'asc', BOUND_FRACTIONS[1])).toBe('2');
    expect(boundAt(quantiles, 'goods_price', 'desc', BOUND_FRACTIONS[1] + 0.001)).toBe('98');
    expect(boundAt(quantiles, 'goods_price', 'desc', BOUND_FRACTIONS[n - 1] + 0.001)).toBeUndefined();
    // most goods sold nothing: "sales ≤ 0" keeps the half of the catalogue, no bound at all
    expect(boundAt(quantiles, 'goods_sale', 'asc', BOUND_FRACTIONS[0])).toBeUndefined();
    expect(boundAt(quantiles, 'goods_sale', 'desc', BOUND_FRACTIONS[0])).toBeUndefined();
    // an empty catalogue keeps no values
    expect(boundAt(quantiles, 'order_comment_count', 'desc', BOUND_FRACTIONS[0])).toBeUndefined();
  });

  it.skipIf(_name === 'PostgreSQL' && !url)('the API answer: sorted rows and an exact total; nothing found is an empty page', async () => {
    const call = (p: Record<string, unknown>, page = 1) =>
      s.call<{ data: { id: number; goods_price: string }[]; total: number; last_page: number }>('GET', `/api/goods?page=${page}&per_page=3&params=${encodeURIComponent(params(p))}`);
    const all = await s.call<{ data: { id: number; goods_price: string }[]; total: number }>('GET', `/api/goods?page=1&per_page=100&params=${encodeURIComponent(params({ keywords: '手机', sort_type: 'goods_price', sort_order: 'asc' }))}`);
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(all.data.data.length);
    const prices = all.data.data.map((g) => Number(g.goods_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const second = await call({ keywords: '手机', sort_type: 'goods_price', sort_order: 'asc' }, 2);
    expect(second.data.total).toBe(all.data.total);
    expect(second.data.data.map((g) => g.id)).toEqual(all.data.data.slice(3, 6).map((g) => g.id));
    const none = await call({ keywords: '绝无此物zzqx' });
    expect(none.code).toBe(200);
    expect(none.data).toMatchObject({ data: [], total: 0, last_page: 1 });
  });
});
