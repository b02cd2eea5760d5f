import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/db/seed/accounts';
import { searchTokensSql } from '../../server/modules/catalogue/search';
import { findLedgerMismatches } from '../../server/modules/money/ledgerCheck';
import { seedScale, type ScaleResult } from '../../server/db/seed/scale';
import { ownerName, shopperName } from '../../server/db/seed/scale/run';
import { openTestServer, type TestServer } from './helpers';

/** `npm run seed -- --goods N --orders N` (server/db/seed/scale) at a small N, run twice. */
let s: TestServer;
let first: ScaleResult;
let second: ScaleResult;
let demoBefore: Record<string, unknown>;

const one = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => ((await s.db.execute(query)) as unknown as { rows: T[] }).rows[0];
/** What the demo accounts own: their orders, balances and the demo stores' orders. */
const demoState = () =>
  one(sql`select
    (select count(*)::int from orders where user_id = ${DEMO.shopper.id}) as shopper_orders,
    (select money::text || '/' || integral::text from users where id = ${DEMO.shopper.id}) as shopper_money,
    (select count(*)::int from orders where store_id between 1 and 9) as store_orders,
    (select store_money::text from stores where id = ${DEMO.owner.storeId}) as store_money,
    (select count(*)::int from goods where store_id between 1 and 9) as demo_goods`);

beforeAll(async () => {
  s = await openTestServer();
  demoBefore = await demoState();
  first = await seedScale(s.db, { goods: 200, orders: 500, seed: 1 });
  second = await seedScale(s.db, { goods: 60, orders: 150, seed: 2 });
}, 120_000);
afterAll(async () => {
  await s.close();
});

describe('bulk seed', () => {
  it('adds numbered runs of goods, stores, shoppers and orders beside the demo data, which it leaves alone', async () => {
    expect([first.run, second.run]).toEqual([1, 2]);
    expect(first.stores.total).toBe(20);
    const counts = await one(sql`select
      (select count(*)::int from goods where goods_no like 'BN1-%') as g1, (select count(*)::int from goods where goods_no like 'BN2-%') as g2,
      (select count(*)::int from orders where store_id > 9 and order_no ~ '^[0-9]{14}01') as o1, (select count(*)::int from orders where store_id > 9 and order_no ~ '^[0-9]{14}02') as o2,
      (select count(*)::int from goods_skus k join goods g on g.id = k.goods_id where g.goods_no like 'BN%') as skus,
      (select count(*)::int from order_comments c join orders o on o.id = c.order_id where o.store_id > 9) as reviews,
      (select count(*)::int from refunds where store_id > 9) as refunds,
      (select count(*)::int from order_settlements where store_id > 9) as settlements`);
    expect(counts).toMatchObject({ g1: 200, g2: 60, o1: 500, o2: 150 });
    for (const k of ['skus', 'reviews', 'refunds', 'settlements'] as const) expect(counts[k]).toBeGreaterThan(0);
    expect(await demoState()).toEqual(demoBefore);
    // the taxonomy's classes exist once, the second run reused the first's
    const twice = await one(sql`select count(*)::int as n from (select pid, name from goods_classes where deleted_at is null group by 1, 2 having count(*) > 1) d`);
    expect(twice.n).toBe(0);
    expect(second.createdClasses).toEqual([]);
  });

  it('keeps every balance equal to its money logs', async () => {
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('writes orders whose money, times, states and after-sales agree with each other', async () => {
    const bad = await one(sql`select
      count(*) filter (where o.total_price <> o.order_price + o.freight_money - o.coupon_money) as total,
      count(*) filter (where o.order_price <> (select sum(l.total_price) from order_goods l where l.order_id = o.id)) as lines,
      count(*) filter (where not (o.created_at <= coalesce(o.pay_time, o.created_at) and coalesce(o.pay_time, o.created_at) <= coalesce(o.delivery_time, o.pay_time, o.created_at)
        and coalesce(o.delivery_time, o.created_at) <= coalesce(o.receipt_time, o.delivery_time, o.created_at) and coalesce(o.receipt_time, o.created_at) <= coalesce(o.comment_time, o.receipt_time, o.created_at)
        and o.updated_at <= now()::timestamp(0) and o.created_at <= o.updated_at)) as times,
      count(*) filter (where (o.order_status between 2 and 6) <> (o.pay_time is not null and o.pay_id > 0 and o.payment_name <> '')) as paid,
      count(*) filter (where (o.order_status = 0) <> (o.cancel_time is not null)) as cancelled,
      count(*) filter (where o.refund_money > 0 and not (o.order_status = 6 and o.refund_status = 2 and o.refund_money = o.total_price)) as refunded,
      count(*) filter (where (o.order_status = 5) <> exists (select 1 from refunds r where r.order_id = o.id and r.refund_verify in (0, 1) and r.refund_step < 3)) as open_after_sale,
      count(*) filter (where (o.is_settlement = 1) <> exists (select 1 from order_settlements t where t.order_id = o.id)) as settled,
      count(*) filter (where o.is_settlement = 1 and o.order_status <> 6) as settled_state,
      count(*) filter (where o.order_status = 6 and not exists (select 1 from integral_earnings e where e.order_id = o.id)) as points,
      count(*) filter (where o.comment_time is not null and not exists (select 1 from order_comments c where c.order_id = o.id)) as reviews,
      count(*) filter (where o.pay_id > 0 and not exists (select 1 from order_pays p where p.id = o.pay_id and p.total = o.total_price and p.pay_status = 1 and p.order_ids = o.id::text)) as pays,
      count(*) filter (where o.refund_money <> coalesce((select sum(p.money) from payment_refunds p where p.order_id = o.id), 0)) as refunds,
      count(*) filter (where o.created_at > (select min(h.created_at) from order_logs h where h.order_id = o.id)) as history
      from orders o where o.store_id > 9`);
    expect(Object.fromEntries(Object.entries(bad).map(([k, v]) => [k, Number(v)]))).toEqual({
      total: 0, lines: 0, times: 0, paid: 0, cancelled: 0, refunded: 0, open_after_sale: 0, settled: 0, settled_state: 0, points: 0, reviews: 0, pays: 0, refunds: 0, history: 0,
    });
    const states = ((await s.db.execute(sql`select distinct order_status from orders where store_id > 9 order by 1`)) as unknown as { rows: { order_status: number }[] }).rows.map((r) => r.order_status);
    expect(states).toEqual(expect.arrayContaining([0, 2, 3, 4, 6]));
    const settlement = await one(sql`select count(*)::int as n from order_settlements t join orders o on o.id = t.order_id
      where t.total_price <> o.total_price or t.refund_money <> o.refund_money or t.commission + t.referral_money + t.settlement_price <> t.total_price - t.refund_money`);
    expect(settlement.n).toBe(0);
  });

  it('counts goods reviews from the reviews and writes the search tokens the catalogue writes', async () => {
    const counts = await one(sql`select count(*)::int as n from goods g where g.goods_no like 'BN%'
      and g.comment_count <> (select count(*) from order_comments c where c.goods_id = g.id and c.deleted_at is null and c.is_show = 1)`);
    expect(counts.n).toBe(0);
    const rows = ((await s.db.execute(sql`select g.id, g.goods_name, g.goods_subname, b.name as brand, b.ename from goods g join goods_brands b on b.id = g.brand_id
      where g.goods_no like 'BN%' order by g.id limit 20`)) as unknown as { rows: { id: number; goods_name: string; goods_subname: string; brand: string; ename: string }[] }).rows;
    for (const g of rows) {
      const same = await one(sql`select search_tokens = ${searchTokensSql(g.goods_name, g.goods_subname, g.brand, g.ename)} as same from goods where id = ${g.id}`);
      expect(same.same, g.goods_name).toBe(true);
    }
  });

  it('gives store owners and shoppers accounts that log in and see their own orders', async () => {
    const owner = await s.login(ownerName(1, 1), '123456', 'users', 'seller');
    const storeOrders = await s.call('GET', '/api/Seller/orders?page=1&per_page=5', { token: owner });
    expect(storeOrders.code).toBe(200);
    const shopper = await s.login(shopperName(1, 1), '123456', 'users', 'user');
    const own = await s.call('GET', '/api/user/orders?page=1&per_page=5', { token: shopper });
    expect(own.code).toBe(200);
    expect(own.data.total).toBeGreaterThan(0);
  });
});
