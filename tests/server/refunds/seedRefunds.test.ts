import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money_logs, order_logs, orders, refunds, users } from '../../../server/db/schema';
import { DEMO } from '../../../server/db/seed/accounts';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { stageOf } from '../../../server/modules/refunds/steps';
import { loginOwnerSeller, loginShopper, openTestServer, type TestServer } from '../helpers';

/** The demo after-sales (server/db/seed/refunds.ts): four requests of store 1 in different stages, made by the real flow. */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

describe('seeded after-sales', () => {
  it('a waiting refund, a return on its way back, a refunded order and a refused request; balance and ledger intact', async () => {
    const rows = await s.db.select().from(refunds).orderBy(asc(refunds.id));
    expect(rows.map((r) => [stageOf(r), r.refund_type])).toEqual([
      ['pending', 0],
      ['returning', 1],
      ['done', 0],
      ['refused', 0],
    ]);
    expect(rows.every((r) => r.user_id === DEMO.shopper.id && r.store_id === DEMO.owner.storeId)).toBe(true);
    expect(rows[1]).toMatchObject({ delivery_code: 'sf', delivery_no: 'SF1402638800021' });
    expect(rows[3].refuse_remark).not.toBe('');
    const byId = new Map((await s.db.select().from(orders).where(inArray(orders.id, rows.map((r) => r.order_id)))).map((o) => [o.id, o]));
    expect(rows.map((r) => byId.get(r.order_id)!.order_status)).toEqual([5, 5, 6, 3]);
    expect(byId.get(rows[2].order_id)).toMatchObject({ refund_status: 2, refund_money: byId.get(rows[2].order_id)!.total_price });
    const refundLogs = await s.db.select().from(money_logs).where(and(eq(money_logs.user_id, DEMO.shopper.id), eq(money_logs.name, '售后退款')));
    expect(refundLogs.map((l) => l.money)).toEqual([byId.get(rows[2].order_id)!.total_price]);
    const history = await s.db.select({ action: order_logs.action }).from(order_logs).where(eq(order_logs.order_id, rows[1].order_id)).orderBy(asc(order_logs.id));
    expect(history.map((h) => h.action)).toEqual(['create', 'pay', 'ship', 'receive', 'afterSale', 'refund_agree', 'refund_ship_back']);
    const [demo] = await s.db.select({ money: users.money }).from(users).where(eq(users.id, DEMO.shopper.id));
    expect(demo.money).toBe('1000.00');
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('the store and the buyer see them', async () => {
    const seller = await s.call('GET', '/api/Seller/refunds', { token: await loginOwnerSeller(s) });
    expect(seller.data.count).toMatchObject({ pending: 1, returning: 1, done: 1, refused: 1 });
    const mine = await s.call('GET', '/api/user/refunds', { token: await loginShopper(s) });
    expect(mine.data.total).toBe(4);
  });
});
