import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { openDatabase, type Database, type Db } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import { goods, goods_skus } from '../../../server/db/schema';
import { workerDatabase } from '../pgDatabase';
import { loginAdmin, loginOwnerSeller, openTestServer, statementsOf as sentBy, type TestServer } from '../helpers';

/**
 * The goods page's answer (GET /api/goods/:id) keeps what only catalogue writes change and reads
 * the rest in one statement per request (server/modules/shop/goodsDetail.ts). Proven here on two
 * app instances over one database, each with its own memory, on PGlite and on PostgreSQL: a
 * change shows on the very next read on BOTH instances, whether it was announced by a console
 * write (store name, shelf) or is a plain write no console announces (stock and prices, as orders
 * and cancellations write them).
 */
type App = ReturnType<typeof createApp>;
interface Detail {
  code: number;
  data: { goods_name: string; goods_price: string; goods_stock: number; skuList: { id: number; goods_price: string; goods_stock: number }[]; store_info: { store_name: string } };
}

const read = async (app: App, id: number) => (await (await app.request(`/api/goods/${id}`)).json()) as Detail;

/** Statements the app sends while `run` runs. */
const statementsOf = async (db: Db, run: () => Promise<unknown>) => (await sentBy(db, run)).map((st) => st.text);

function scenarios(setup: () => { s: TestServer; here: App; there: App; goodsId: number; skuId: number }) {
  it('stock and prices written without any announcement show at once on both instances', async () => {
    const { s, here, there, goodsId, skuId } = setup();
    await read(here, goodsId);
    await read(there, goodsId); // both keep the page now
    await s.db.update(goods).set({ goods_stock: sql`${goods.goods_stock} - 3`, goods_price: '77.70' }).where(eq(goods.id, goodsId));
    await s.db.update(goods_skus).set({ goods_stock: 2, goods_price: '66.60' }).where(eq(goods_skus.id, skuId));
    const [row] = await s.db.select({ stock: goods.goods_stock }).from(goods).where(eq(goods.id, goodsId));
    for (const app of [here, there]) {
      const answer = await read(app, goodsId);
      expect(answer.code).toBe(200);
      expect(answer.data.goods_stock).toBe(row.stock);
      expect(answer.data.goods_price).toBe('77.70');
      const sku = answer.data.skuList.find((k) => k.id === skuId)!;
      expect(sku.goods_stock).toBe(2);
      expect(sku.goods_price).toBe('66.60');
    }
  });

  it("a seller's new store name shows at once on the other instance", async () => {
    const { s, here, there, goodsId } = setup();
    const old = (await read(there, goodsId)).data.store_info.store_name;
    await read(here, goodsId);
    const seller = await loginOwnerSeller(s);
    const renamed = await s.call('PUT', '/api/Seller/stores/0', { token: seller, body: { store_name: '改名后的店' } });
    expect(renamed.code, renamed.msg).toBe(200);
    expect((await read(there, goodsId)).data.store_info.store_name).toBe('改名后的店');
    expect((await read(here, goodsId)).data.store_info.store_name).toBe('改名后的店');
    expect((await s.call('PUT', '/api/Seller/stores/0', { token: seller, body: { store_name: old } })).code).toBe(200);
    expect((await read(there, goodsId)).data.store_info.store_name).toBe(old);
  });

  it('a goods taken off the shelf is a 404 at once on both instances, and back at once', async () => {
    const { s, here, there, goodsId } = setup();
    expect((await read(there, goodsId)).code).toBe(200);
    const admin = await loginAdmin(s);
    expect((await s.call('PUT', `/api/Admin/goods/${goodsId}`, { token: admin, body: { goods_status: 0 } })).code).toBe(200);
    expect((await read(there, goodsId)).code).toBe(404);
    expect((await read(here, goodsId)).code).toBe(404);
    // even written behind the console's back
    await s.db.update(goods).set({ goods_status: 1 }).where(eq(goods.id, goodsId));
    expect((await read(there, goodsId)).code).toBe(200);
    await s.db.update(goods).set({ goods_status: 0 }).where(eq(goods.id, goodsId));
    expect((await read(there, goodsId)).code).toBe(404);
    await s.db.update(goods).set({ goods_status: 1 }).where(eq(goods.id, goodsId));
  });
}

/** A visible demo goods of store 1 (the seeded owner's) with SKUs. */
async function demoGoods(s: TestServer) {
  const [row] = await s.db
    .select({ goodsId: goods.id, skuId: sql<number>`min(${goods_skus.id})`.mapWith(Number) })
    .from(goods)
    .innerJoin(goods_skus, eq(goods_skus.goods_id, goods.id))
    .where(sql`${goods.store_id} = 1 and ${goods.goods_status} = 1 and ${goods.goods_verify} = 1 and ${goods.deleted_at} is null and ${goods_skus.deleted_at} is null`)
    .groupBy(goods.id)
    .orderBy(goods.id)
    .limit(1);
  return row;
}

describe('goods page answers on two instances (PGlite)', () => {
  let s: TestServer;
  let there: App;
  let ids: { goodsId: number; skuId: number };
  let secondDb: Db;
  beforeAll(async () => {
    s = await openTestServer();
    secondDb = drizzle((s.db as unknown as { $client: pg.Pool }).$client, { schema }) as unknown as Db;
    there = createApp({ database: s.database, db: secondDb, config: s.config });
    ids = await demoGoods(s);
  });
  afterAll(() => s?.close());

  it('a page read again with no write between costs no statement; after any write, one', async () => {
    await read(there, ids.goodsId);
    const idle = await statementsOf(secondDb, async () => expect((await read(there, ids.goodsId)).code).toBe(200));
    expect(idle).toHaveLength(0);
    await s.db.update(goods_skus).set({ goods_stock: 9 }).where(eq(goods_skus.id, ids.skuId));
    let answer: Detail | undefined;
    const after = await statementsOf(secondDb, async () => (answer = await read(there, ids.goodsId)));
    expect(after).toHaveLength(1);
    expect(answer!.data.skuList.find((k) => k.id === ids.skuId)!.goods_stock).toBe(9);
  });

  scenarios(() => ({ s, here: s.app, there, ...ids }));
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('goods page answers on two instances (PostgreSQL)', () => {
  let s: TestServer;
  let second: Database;
  let there: App;
  let ids: { goodsId: number; skuId: number };
  beforeAll(async () => {
    s = await openTestServer({ databaseUrl: url });
    second = await openDatabase({ databaseUrl: await workerDatabase(url!) });
    there = createApp({ database: second, db: second.db, config: s.config });
    ids = await demoGoods(s);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  scenarios(() => ({ s, here: s.app, there, ...ids }));
});
