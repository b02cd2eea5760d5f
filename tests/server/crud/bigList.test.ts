import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { AppEnv } from '../../../server/http/context';
import { mountResource } from '../../../server/http/crud/mount';
import { call, createTestApp, fakeGuard, openTestDatabase } from './harness';
import { adminWidgets, sellerWidgets } from './resources';
import { COUNT_CAP } from '../../../server/http/crud';
import { statementsOf } from '../helpers';

/** 100,000 rows over 100 stores: the list of one store must go through the (store_id, id) index. */
let database: Database;
let app: Hono<AppEnv>;


beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`
    insert into widgets (store_id, pid, name, note, qty, price, deleted_at)
    select i % 100 + 1, 0, 'w' || i, 'note ' || i, i % 50, (i % 1000) / 10.0,
           case when i % 10 = 0 then now() else null end
    from generate_series(1, 100000) as i`);
  await database.db.execute(sql`analyze widgets`);
  app = createTestApp(database, (a) => {
    mountResource(a, '/Seller/widgets', sellerWidgets, fakeGuard());
    mountResource(a, '/Admin/widgets', adminWidgets, fakeGuard());
  });
});
afterAll(() => database.close());

describe('a list over 100,000 rows', () => {
  it('pages one store with a filter correctly and uses the (store_id, id) index', async () => {
    type Page = { data: { id: number; store_id: number; qty: number }[]; total: number; last_page: number };
    let answer: Awaited<ReturnType<typeof call<Page>>> | undefined;
    const started = performance.now();
    const statements = await statementsOf(database.db, async () => {
      answer = await call<Page>(app, 'GET', '/Seller/widgets', { store: 42, query: { qty: '40|gt', per_page: '30', page: '2' } });
    });
    const res = answer!;
    const elapsed = performance.now() - started;

    const expected = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from widgets where store_id = 42 and qty > 40 and deleted_at is null`,
    );
    const total = (expected as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(total).toBeGreaterThan(30);
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(total);
    expect(res.data.last_page).toBe(Math.ceil(total / 30));
    expect(res.data.data).toHaveLength(30);
    for (const row of res.data.data) expect(row.store_id === 42 && row.qty > 40).toBe(true);
    const rowIds = res.data.data.map((r) => r.id);
    expect(rowIds).toEqual([...rowIds].sort((a, b) => b - a));
    expect(elapsed).toBeLessThan(5000);

    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // EXPLAIN exactly what the endpoint ran: one statement, the page with its count (an InitPlan),
    // both through the index.
    expect(statements).toHaveLength(1);
    for (const { text, params } of statements) {
      const plan = (await pool.query(`explain ${text}`, params)).rows.map((r) => String(Object.values(r)[0])).join('\n');
      expect(plan.match(/widgets_store_id_id_idx/g) ?? [], `${text}\n${plan}`).toHaveLength(2);
      expect(plan).not.toMatch(/Seq Scan on widgets/);
    }
  });

  it('counts up to COUNT_CAP: past it the total is a lower bound (total_capped) that still reaches the page asked for, and a short last page is exact', async () => {
    type Page = { data: { id: number }[]; total: number; last_page: number; current_page: number; per_page: number; total_capped?: boolean };
    const live = 90_000; // every tenth row is deleted
    const first = await call<Page>(app, 'GET', '/Admin/widgets', { query: { per_page: '30' } });
    expect(first.data).toMatchObject({ total: COUNT_CAP, total_capped: true, current_page: 1, per_page: 30, last_page: Math.ceil(COUNT_CAP / 30) });
    expect(first.data.data.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33]);
    // page 500 (offset 14,970): its rows, and a total that offers the next page
    const deep = await call<Page>(app, 'GET', '/Admin/widgets', { query: { per_page: '30', page: '500' } });
    expect(deep.data.data).toHaveLength(30);
    expect(deep.data.data[0].id).toBe(Math.floor(14_970 / 9) * 10 + (14_970 % 9) + 1);
    expect(deep.data).toMatchObject({ total: 15_001, total_capped: true, last_page: 501 });
    // the last page is short: its end is the exact total
    const last = await call<Page>(app, 'GET', '/Admin/widgets', { query: { per_page: '70', page: String(Math.ceil(live / 70)) } });
    expect(last.data.data).toHaveLength(live % 70);
    expect(last.data.total).toBe(live);
    expect(last.data.total_capped).toBeUndefined();
    // a filter matching fewer rows than the cap: exact, no flag
    const few = await call<Page>(app, 'GET', '/Admin/widgets', { query: { shop: '7' } });
    expect(few.data.total).toBe(1000);
    expect(few.data.total_capped).toBeUndefined();
  });
});
