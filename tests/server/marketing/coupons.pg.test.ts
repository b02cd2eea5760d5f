import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupon_logs, coupons } from '../../../server/db/schema';
import type { TestServer } from '../helpers';
import { buildFixture, create, makeAddress, makeGoods, type Fixture } from '../orders/fixtures';
import { makeCoupon, take } from './fixtures';
import { PG_URL, makeShoppers, openPgServer } from '../pgServer';

/**
 * Coupons under concurrency on a real PostgreSQL (TEST_DATABASE_URL; its data is dropped and
 * reseeded): 1,000 concurrent takes of a coupon with stock 100 give exactly 100, none twice to
 * one shopper; one coupon racing into many checkouts is used by one order only.
 */

describe.skipIf(!PG_URL)('coupons on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let f: Fixture;
  let shoppers: { id: number; token: string }[];

  beforeAll(async () => {
    s = await openPgServer({ pool: 50 });
    f = await buildFixture(s);
    // 250 shoppers sharing one password hash, each sending 4 takes: repeats of one shopper race too
    const made = await makeShoppers(s, 250, 'pgcoupon', '领券');
    shoppers = made;
  }, 300_000);
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('1,000 concurrent takes of a coupon with stock 100 give exactly 100, none twice to one shopper', async () => {
    const id = await makeCoupon(s, { store_id: f.store, stock: 100, name: '并发券' });
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => take(s, shoppers[i % shoppers.length].token, id)));
    const codes = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.code]: (acc[a.code] ?? 0) + 1 }), {});
    expect(codes[200]).toBe(100);
    // the rest: already taken by that shopper (409) or all gone (422), nothing else
    expect((codes[409] ?? 0) + (codes[422] ?? 0)).toBe(900);
    const [row] = await s.db.select({ stock: coupons.stock }).from(coupons).where(eq(coupons.id, id));
    expect(row.stock).toBe(0);
    const logs = await s.db.select({ user: coupon_logs.user_id }).from(coupon_logs).where(eq(coupon_logs.coupon_id, id));
    expect(logs).toHaveLength(100);
    expect(new Set(logs.map((l) => l.user)).size).toBe(100);
    const [{ negative }] = await s.db.select({ negative: sql<number>`count(*)::int` }).from(coupons).where(sql`${coupons.stock} < 0`);
    expect(negative).toBe(0);
  }, 300_000);

  it('one coupon named by 20 concurrent checkouts of its shopper is used by one order only', async () => {
    const shopper = shoppers[0];
    const address = await makeAddress(s, shopper.id, { isDefault: true });
    const g = await makeGoods(s, { store_id: f.store, goods_name: '并发用券商品', goods_stock: 100, goods_price: '50.00' });
    const id = await makeCoupon(s, { store_id: f.store, money: '20.00', stock: 5 });
    expect((await take(s, shopper.token, id)).code).toBe(200);
    const [log] = await s.db.select({ id: coupon_logs.id }).from(coupon_logs).where(sql`${coupon_logs.coupon_id} = ${id} and ${coupon_logs.user_id} = ${shopper.id}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(s, shopper.token, { lines: [{ goods_id: g, buy_num: 1 }], address, extra: { coupon_id: String(log.id) } })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 422 && a.data.field === 'coupon_id')).toBe(true);
    const [used] = await s.db.select().from(coupon_logs).where(eq(coupon_logs.id, log.id));
    expect(used.status).toBe(1);
    expect(used.order_id).toBe(answers.find((a) => a.code === 200)!.data.order_id[0]);
  }, 300_000);
});
