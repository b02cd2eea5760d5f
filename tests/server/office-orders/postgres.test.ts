import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freights, goods, goods_skus } from '../../../server/db/schema';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, type TestServer } from '../helpers';
import { firstGoodsOf, logsOf, makeOrder, orderRow } from './fixtures';
import { PG_URL, openPgServer } from '../pgServer';

/**
 * Races of the consoles' state changes and of the freight editor, on a real PostgreSQL
 * (TEST_DATABASE_URL; CI sets it): each order changes once, stock comes back once, and a store
 * ends with one default template whatever the interleaving.
 */

describe.skipIf(!PG_URL)('PostgreSQL: console order changes and freight saves under concurrency', () => {
  let s: TestServer;
  let owner: string;
  let admin: string;
  beforeAll(async () => {
    s = await openPgServer();
    owner = await loginOwnerSeller(s);
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('12 concurrent ships of one paid order (store and operator): one wins, one history row', async () => {
    const order = await makeOrder(s, { storeId: 1, status: 2 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? s.call('PUT', '/api/Seller/orders/status/edit', { token: owner, body: { id: order.id, status: 3, delivery_code: 'sf', delivery_no: `SF-${i}-0001` } })
          : s.call('PUT', '/api/Admin/orders/status/edit', { token: admin, body: { id: order.id, status: 3, delivery_code: 'yd', delivery_no: `YD-${i}-0001` } }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 422).every((a) => a.data.order_status === 3)).toBe(true);
    expect(answers.filter((a) => a.code === 422)).toHaveLength(11);
    expect((await logsOf(s, order.id)).filter((l) => l.action === 'ship')).toHaveLength(1);
    expect((await orderRow(s, order.id)).order_status).toBe(3);
  });

  it('10 concurrent operator cancels of one unpaid order put its stock back once', async () => {
    const g = await firstGoodsOf(s, 1);
    const order = await makeOrder(s, { storeId: 1, status: 1, buyNum: 3 });
    const stock = async () => {
      const [row] = await s.db.select({ n: goods.goods_stock }).from(goods).where(eq(goods.id, g.id));
      const [sku] = g.skuId ? await s.db.select({ n: goods_skus.goods_stock }).from(goods_skus).where(eq(goods_skus.id, g.skuId)) : [{ n: 0 }];
      return [row.n, sku.n];
    };
    const before = await stock();
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.call('PUT', '/api/Admin/orders/status/edit', { token: admin, body: { id: order.id, status: 0 } })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 422)).toHaveLength(9);
    const after = await stock();
    expect(after[0]).toBe(before[0] + 3);
    if (g.skuId) expect(after[1]).toBe(before[1] + 3);
    expect((await logsOf(s, order.id)).filter((l) => l.action === 'cancel')).toHaveLength(1);
  });

  it('8 concurrent first saves of a store without templates leave exactly one default', async () => {
    const owner2 = await loginOwner2Seller(s);
    await s.db.delete(freights).where(eq(freights.store_id, 2));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.call('PUT', '/api/Seller/freights/0', {
          token: owner2,
          body: { 'info[0][id]': 0, 'info[0][f_weight]': '1', 'info[0][f_price]': String(i + 1), 'info[0][o_weight]': '1', 'info[0][o_price]': '1' },
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(8).fill(200));
    const live = await s.db.select().from(freights).where(and(eq(freights.store_id, 2), isNull(freights.deleted_at)));
    expect(live).toHaveLength(1);
    expect(live[0].is_type).toBe(0);
  });
});
