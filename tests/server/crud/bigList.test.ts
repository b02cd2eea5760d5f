import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import type { AppEnv } from '../../../server/http/context';
import { mountResource } from '../../../server/http/crud/mount';
import { call, createTestApp, fakeGuard, openTestDatabase } from './harness';
import { sellerWidgets } from './resources';
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
  app = createTestApp(database, (a) => mountResource(a, '/Seller/widgets', sellerWidgets, fakeGuard()));
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
});
