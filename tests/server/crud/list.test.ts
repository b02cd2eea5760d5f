import { count, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { AppEnv } from '../../../server/http/context';
import { mountResource } from '../../../server/http/crud/mount';
import { call, createTestApp, fakeGuard, openTestDatabase } from './harness';
import { adminWidgets, sellerWidgets } from './resources';
import { seedWidgets } from './seed';
import { statementsOf } from '../helpers';
import { widgets } from './widgets';

let database: Database;
let app: Hono<AppEnv>;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedWidgets(database.db);
  app = createTestApp(database, (a) => {
    mountResource(a, '/Seller/widgets', sellerWidgets, fakeGuard());
    mountResource(a, '/Admin/widgets/', adminWidgets, fakeGuard());
  });
});
afterAll(() => database.close());

type Row = { id: number; [key: string]: unknown };
type PageOf = { data: Row[]; total: number; per_page: number; current_page: number; last_page: number };

/** Ids of an isAll list (bare array) for the given filters, in the default order (id desc). */
async function ids(query: Record<string, unknown>): Promise<number[]> {
  const res = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: { ...query, isAll: 1 } });
  expect(res.code, res.msg).toBe(200);
  expect(Array.isArray(res.data)).toBe(true);
  return res.data.map((r) => r.id);
}

async function widgetCount() {
  const [row] = await database.db.select({ n: count() }).from(widgets);
  return row.n;
}

describe('list DSL: value forms', () => {
  it('plain value is equality (exact, case-sensitive)', async () => {
    expect(await ids({ qty: '5' })).toEqual([2]);
    expect(await ids({ name: 'Alpha' })).toEqual([1]);
    expect(await ids({ name: 'alpha' })).toEqual([]);
  });

  it('array [a, b] is a half-open range a <= col < b, an empty bound is open', async () => {
    expect(await ids({ qty: ['1', '10'] })).toEqual([2, 1]);
    expect(await ids({ qty: ['', '5'] })).toEqual([5, 1]);
    expect(await ids({ qty: ['10', ''] })).toEqual([4, 3]);
    expect(await ids({ released_at: ['2024-01-01', '2024-02-01'] })).toEqual([2, 1]);
    expect(await ids({ released_at: ['2024-01-01 10:00:01', '2024-02-01 00:00:01'] })).toEqual([3, 2]);
  });

  it('like / likeRight / likeLeft are contains / prefix / suffix, case-insensitive', async () => {
    expect(await ids({ name: 'ALPHA|like' })).toEqual([2, 1]);
    expect(await ids({ name: 'ph|like' })).toEqual([2, 1]);
    expect(await ids({ name: 'al|likeRight' })).toEqual([2, 1]);
    expect(await ids({ name: 'ta|likeLeft' })).toEqual([5, 3]);
    expect(await ids({ name: 'ta|likeRight' })).toEqual([]);
    // a non-text column is compared as text
    expect(await ids({ price: '.99|likeLeft' })).toEqual([3]);
  });

  it('gt, lt, ngt (>=) and nlt (<=)', async () => {
    expect(await ids({ qty: '5|gt' })).toEqual([4, 3]);
    expect(await ids({ qty: '5|lt' })).toEqual([5, 1]);
    expect(await ids({ qty: '5|ngt' })).toEqual([4, 3, 2]);
    expect(await ids({ qty: '5|nlt' })).toEqual([5, 2, 1]);
    expect(await ids({ price: '99.99|ngt' })).toEqual([4, 3]);
    expect(await ids({ released_at: '2024-01-15|gt' })).toEqual([3]);
  });

  it('in and between', async () => {
    expect(await ids({ id: '1,3,5|in' })).toEqual([5, 3, 1]);
    expect(await ids({ name: 'Beta,Gamma|in' })).toEqual([4, 3]);
    expect(await ids({ price: '1.50,10.00|between' })).toEqual([2, 1]);
    expect(await ids({ qty: '5,20|between' })).toEqual([4, 3, 2]);
  });

  it('an unknown operator or a blank value adds no condition', async () => {
    expect(await ids({ qty: '5|bogus' })).toEqual([5, 4, 3, 2, 1]);
    expect(await ids({ name: 'x|whereHas|user' })).toEqual([5, 4, 3, 2, 1]);
    expect(await ids({ name: '', qty: '|gt' })).toEqual([5, 4, 3, 2, 1]);
  });

  it('several filters are combined with and', async () => {
    expect(await ids({ name: 'a|like', qty: '5|ngt' })).toEqual([4, 3, 2]);
  });

  it('the value keeps a | of its own: only the last | separates the operator', async () => {
    expect(await ids({ note: 'a|b|like' })).toEqual([]);
  });
});

describe('list DSL: safety', () => {
  it('% and _ in a search are literal characters', async () => {
    expect(await ids({ note: '%_|like' })).toEqual([1]);
    expect(await ids({ note: '_|likeLeft' })).toEqual([]);
    expect(await ids({ note: '%|likeRight' })).toEqual([]);
  });

  it('quotes and SQL fragments are plain data', async () => {
    const before = await widgetCount();
    expect(await ids({ note: "'; drop table widgets; --" })).toEqual([5]);
    expect(await ids({ name: "'; drop table widgets; --|like" })).toEqual([]);
    expect(await ids({ name: "x' or '1'='1" })).toEqual([]);
    expect(await call(app, 'GET', '/Seller/widgets', { query: { id: '1) or (1=1|in' } })).toMatchObject({ code: 422, data: { field: 'id' } });
    expect(await widgetCount()).toBe(before);
  });

  it('a non-integer for an integer filter is a 422 naming the field, never an SQL error', async () => {
    for (const qty of ['abc', 'abc|gt', '1,x|in', '1|between', '1.5', '99999999999']) {
      const res = await call(app, 'GET', '/Seller/widgets', { query: { qty }, headers: { 'accept-language': 'en' } });
      expect(res.code, qty).toBe(422);
      expect(res.data).toMatchObject({ field: 'qty' });
      expect(res.msg).toContain('qty');
    }
    const zh = await call(app, 'GET', '/Seller/widgets', { query: { qty: 'abc' } });
    expect(zh).toMatchObject({ code: 422, msg: 'qty 必须是整数', data: { field: 'qty' } });
    const en = await call(app, 'GET', '/Seller/widgets', { query: { qty: 'abc', lang: 'en' } });
    expect(en.msg).toBe('qty must be a whole number');
  });

  it('bad dates, numbers, shapes and ranges are 422 too', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ released_at: 'yesterday' }, 'released_at'],
      [{ released_at: '2024-02-30' }, 'released_at'],
      [{ price: '1e3' }, 'price'],
      [{ qty: { a: '1' } }, 'qty'],
      [{ qty: ['1', '2', '3'] }, 'qty'],
      [{ id: `${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}|in` }, 'id'],
    ];
    for (const [query, field] of cases) {
      const res = await call(app, 'GET', '/Seller/widgets', { query });
      expect(res.code, JSON.stringify(query).slice(0, 60)).toBe(422);
      expect(res.data).toMatchObject({ field });
    }
  });

  it('parameters that are not whitelisted are ignored (provider, password, stray columns)', async () => {
    expect(await ids({ provider: 'users', password: 'x', store_id: '2', bogus: '1', deleted_at: '2024-03-01', isWith: 'user', isResource: 'Admin', lang: 'en', constructor: 'x', __proto__: 'y' })).toEqual([5, 4, 3, 2, 1]);
  });

  it('pid not whitelisted (a tree resource) filters only with isChildren', async () => {
    expect(await ids({ pid: '1' })).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('list DSL: isAll, paging and order', () => {
  it('isAll uses PHP truthiness: "false" still means all, "" and "0" do not', async () => {
    for (const isAll of ['1', 'true', 'false', 'yes', 'no']) {
      const res = await call(app, 'GET', '/Seller/widgets', { query: { isAll } });
      expect(Array.isArray(res.data), isAll).toBe(true);
      expect((res.data as Row[]).length).toBe(5);
    }
    for (const isAll of ['', '0']) {
      const res = await call<PageOf>(app, 'GET', '/Seller/widgets', { query: { isAll } });
      expect(Array.isArray(res.data), isAll).toBe(false);
      expect(res.data.total).toBe(5);
    }
  });

  it('paginates with total, per_page, current_page and last_page (default 30, id desc)', async () => {
    const first = await call<PageOf>(app, 'GET', '/Seller/widgets');
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ total: 5, per_page: 30, current_page: 1, last_page: 1 });
    expect(first.data.data.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);

    const page = (p: number) => call<PageOf>(app, 'GET', '/Seller/widgets', { query: { per_page: '2', page: String(p) } });
    expect((await page(1)).data).toMatchObject({ total: 5, per_page: 2, current_page: 1, last_page: 3 });
    expect((await page(1)).data.data.map((r) => r.id)).toEqual([5, 4]);
    expect((await page(2)).data.data.map((r) => r.id)).toEqual([3, 2]);
    expect((await page(3)).data.data.map((r) => r.id)).toEqual([1]);
    const beyond = await page(4);
    expect(beyond.data).toMatchObject({ data: [], total: 5, current_page: 4, last_page: 3 });
  });

  it('an empty result still has last_page 1; the paging keys the client echoes back are ignored', async () => {
    const res = await call<PageOf>(app, 'GET', '/Seller/widgets', { query: { name: 'none', total: '99', last_page: '7', current_page: '3', count: '1' } });
    expect(res.data).toEqual({ data: [], total: 0, per_page: 30, current_page: 1, last_page: 1 });
  });

  it('per_page is capped at 400 and must be a whole number above 0; so must page', async () => {
    for (const size of [30, 100, 200, 300, 400]) {
      const res = await call<PageOf>(app, 'GET', '/Seller/widgets', { query: { per_page: String(size) } });
      expect(res.data.per_page).toBe(size);
    }
    const big = await call<PageOf>(app, 'GET', '/Seller/widgets', { query: { per_page: '100000' } });
    expect(big.data.per_page).toBe(400);
    for (const query of [{ per_page: '0' }, { per_page: 'abc' }, { per_page: '-5' }, { page: '0' }, { page: '1.5' }, { per_page: ['1', '2'] }]) {
      const res = await call(app, 'GET', '/Seller/widgets', { query });
      expect(res.code, JSON.stringify(query)).toBe(422);
      expect(res.data).toMatchObject({ field: Object.keys(query)[0] });
    }
  });

  it('order_by picks a sortable column (asc or |desc); anything else keeps the default order', async () => {
    expect(await ids({ order_by: 'qty' })).toEqual([5, 1, 2, 3, 4]);
    expect(await ids({ order_by: 'qty|desc' })).toEqual([4, 3, 2, 1, 5]);
    expect(await ids({ order_by: 'note' })).toEqual([5, 4, 3, 2, 1]);
    expect(await ids({ order_by: 'qty|sideways' })).toEqual([5, 4, 3, 2, 1]);
  });

  it('serialises rows in the contract forms: money as 2-decimal strings, times as YYYY-MM-DD HH:MM:SS', async () => {
    const res = await call<PageOf>(app, 'GET', '/Seller/widgets', { query: { id: '1' } });
    expect(res.data.data).toHaveLength(1);
    expect(res.data.data[0]).toMatchObject({ id: 1, store_id: 1, name: 'Alpha', price: '1.50', qty: 1, released_at: '2024-01-01 10:00:00', sku: 'A-1' });
    expect(res.data.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(res.data.data[0]).sort()).toEqual(['created_at', 'id', 'is_open', 'name', 'note', 'pid', 'price', 'qty', 'released_at', 'sku', 'store_id']);
  });
});

describe('list DSL: isChildren', () => {
  it('returns the rows of one level as a bare array, each with its first child or null', async () => {
    const root = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: { isChildren: 'true' } });
    expect(root.code).toBe(200);
    expect(root.data.map((r) => r.id)).toEqual([2, 1]);
    const [two, one] = root.data;
    // row 2's only children are soft-deleted (6) or of another store (7)
    expect(two.has_children).toBeNull();
    expect(one.has_children).toMatchObject({ id: 3, name: 'Beta', pid: 1, price: '99.99', released_at: '2024-02-01 00:00:00' });

    const level = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: { isChildren: '1', pid: '1' } });
    expect(level.data.map((r) => [r.id, (r.has_children as Row | null)?.id ?? null])).toEqual([
      [4, null],
      [3, 5],
    ]);
    const leaf = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: { isChildren: '1', pid: '3', per_page: '1' } });
    expect(leaf.data).toHaveLength(1);
    expect(leaf.data[0]).toMatchObject({ id: 5, has_children: null });
  });

  it('combines with filters, and a bad pid is a 422', async () => {
    const res = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: { isChildren: '1', pid: '1', name: 'Gam|likeRight' } });
    expect(res.data.map((r) => r.id)).toEqual([4]);
    const bad = await call(app, 'GET', '/Seller/widgets', { query: { isChildren: '1', pid: 'root' } });
    expect(bad).toMatchObject({ code: 422, data: { field: 'pid' } });
  });

  it('computes has_children in one query (a lateral join, no per-row query)', async () => {
    // a write first: an earlier test's same list is not kept past it (server/db/writeMark.ts)
    await database.db.execute(sql`update widgets set name = name where false`);
    const statements = await statementsOf(database.db, async () => {
      const res = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: { isChildren: '1', pid: '1' } });
      expect(res.data).toHaveLength(2);
    });
    expect(statements).toHaveLength(1);
    expect(statements[0].text).toMatch(/left join lateral/i);
  });

  it('is refused (422) on a list that is not a tree', async () => {
    const res = await call(app, 'GET', '/Admin/widgets', { query: { isChildren: '1' } });
    expect(res).toMatchObject({ code: 422, data: { field: 'isChildren' } });
  });
});

describe('list DSL: parameter aliases and transform (admin resource)', () => {
  it('filters by the aliased parameter names only, and transforms each row', async () => {
    const res = await call<Row[]>(app, 'GET', '/Admin/widgets', { query: { isAll: '1', title: 'Alpha', name: 'Beta' } });
    expect(res.data).toEqual([
      { id: 1, name: 'Alpha', price: '1.50', store_id: 1, label: 'Alpha (1.50)' },
      { id: 7, name: 'Alpha', price: '1.50', store_id: 2, label: 'Alpha (1.50)' },
    ]);
    const shop = await call<PageOf>(app, 'GET', '/Admin/widgets', { query: { shop: '2' } });
    expect(shop.data.data.map((r) => r.id)).toEqual([7]);
  });

  it('never returns soft-deleted rows', async () => {
    const all = await call<Row[]>(app, 'GET', '/Admin/widgets', { query: { isAll: '1' } });
    expect(all.data.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 7]);
    const [raw] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from widgets where id = 6`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(raw.n).toBe(1);
  });
});

describe('compiled lists (one statement per list shape, kept)', () => {
  it('gives each store its own rows when two stores ask the same thing', async () => {
    const asked = { name: 'Alpha', isAll: 1 };
    const first = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: asked, store: 1 });
    const second = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: asked, store: 2 });
    const again = await call<Row[]>(app, 'GET', '/Seller/widgets', { query: asked, store: 1 });
    expect(first.data.map((r) => [r.id, r.store_id])).toEqual([[1, 1]]);
    expect(second.data.map((r) => [r.id, r.store_id])).toEqual([[7, 2]]);
    expect(again.data.map((r) => r.id)).toEqual([1]);
  });

  it('reads fresh values on every request of one shape (filters, page and size)', async () => {
    for (const [qty, expected] of [['5', [2]], ['1', [1]], ['20', [4]], ['99', []]] as const) {
      expect(await ids({ qty })).toEqual(expected);
    }
    const page = (n: number) => call<PageOf>(app, 'GET', '/Seller/widgets', { query: { per_page: '2', page: String(n) } });
    const pages = await Promise.all([1, 2, 3].map(page));
    expect(pages.map((p) => p.data.data.map((r) => r.id))).toEqual([[5, 4], [3, 2], [1]]);
    expect(pages.every((p) => p.data.total === 5 && p.data.last_page === 3)).toBe(true);
    const past = await page(9);
    expect(past.data.data).toEqual([]);
    expect(past.data.total).toBe(5);
  });

  it('tells apart plans whose SQL differs, whatever the values', async () => {
    const { planList } = await import('../../../server/http/crud/listQuery');
    const shape = (query: Record<string, unknown>) => planList(sellerWidgets.listSpec, query).shape;
    const distinct = [
      {},
      { qty: '5' },
      { qty: '5|gt' },
      { qty: '5|ngt' },
      { qty: '1,2|in' },
      { qty: '1,2,3|in' },
      { qty: '1,2|between' },
      { qty: ['1', '2'] },
      { qty: ['', '2'] },
      { qty: ['1', ''] },
      { name: 'a|like' },
      { qty: '5', name: 'a' },
      { name: 'a', qty: '5' },
      { order_by: 'qty|desc' },
      { order_by: 'qty' },
      { isAll: 1 },
      { isChildren: 1, pid: '1' },
    ].map(shape);
    expect(new Set(distinct).size).toBe(distinct.length);
    // The same shape for other values, for blank filters (no condition) and for the page asked.
    expect(shape({ qty: '7' })).toBe(shape({ qty: '5' }));
    expect(shape({ qty: '3,4|in' })).toBe(shape({ qty: '1,2|in' }));
    expect(shape({ qty: '', name: '|like', page: '3', per_page: '100' })).toBe(shape({}));
    expect(shape({ isChildren: 1, pid: '3' })).toBe(shape({ isChildren: 1, pid: '1' }));
  });
});
