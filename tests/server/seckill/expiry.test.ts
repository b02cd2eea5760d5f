import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collective_logs, collective_members, goods, orders, payment_refunds } from '../../../server/db/schema';
import { expireGroups, groupRefundNo } from '../../../server/jobs/groupTasks';
import { openTestServer, type TestServer } from '../helpers';
import { balanceOf } from '../payment/fixtures';
import { buyPromo, groupScene, payByBalance, type Payer } from './fixtures';

/** The group-expiry task: a group that does not fill in time is failed, its paid orders refunded in full and cancelled, its unpaid ones cancelled. */
let s: TestServer;
let shop: Awaited<ReturnType<typeof groupScene>>['shop'];
let alice: Payer;
let bob: Payer;
let carol: Payer;

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  ({ shop, payers: [alice, bob, carol] } = await groupScene(s, '过期拼团店', 2));
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await s?.close();
});

const orderRow = async (id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];
const stockOf = async () => (await s.db.select({ n: goods.goods_stock }).from(goods).where(eq(goods.id, shop.goods)))[0].n;

describe('expireGroups', () => {
  it('leaves open groups alone before their time, then fails them: paid orders refunded to the balance and cancelled, unpaid ones cancelled, stock back', async () => {
    const open = await buyPromo(s, alice, { goods_id: shop.goods, collective_id: -1 });
    const aliceOrder = open.data.order_id[0];
    const groupId = (await orderRow(aliceOrder)).collective_id;
    await payByBalance(s, alice, aliceOrder);
    const join = await buyPromo(s, bob, { goods_id: shop.goods, collective_id: groupId });
    const bobOrder = join.data.order_id[0];
    const aliceBefore = await balanceOf(s.db, alice.id);
    const stockBefore = await stockOf();

    expect(await expireGroups({ db: s.db, config: s.config })).toMatchObject({ failedGroups: 0, refunded: 0, cancelled: 0 });
    expect((await s.db.select().from(collective_logs).where(eq(collective_logs.id, groupId)))[0].status).toBe(2);

    const later = new Date(Date.now() + 3 * 3600_000);
    const run = await expireGroups({ db: s.db, config: s.config }, { now: later });
    expect(run).toMatchObject({ failedGroups: 1, refunded: 1, cancelled: 1, errors: 0 });
    const [group] = await s.db.select().from(collective_logs).where(eq(collective_logs.id, groupId));
    expect(group.status).toBe(0);
    const a = await orderRow(aliceOrder);
    expect(a).toMatchObject({ order_status: 0, refund_money: '80.00' });
    expect(await balanceOf(s.db, alice.id)).toBe(aliceBefore + 8000);
    expect((await orderRow(bobOrder)).order_status).toBe(0);
    expect(await stockOf()).toBe(stockBefore + 2);
    const seats = await s.db.select().from(collective_members).where(eq(collective_members.log_id, groupId));
    expect(seats.map((m) => m.status).sort()).toEqual([0, 3]);
    const [refund] = await s.db.select().from(payment_refunds).where(eq(payment_refunds.refund_no, groupRefundNo(aliceOrder)));
    expect(refund).toMatchObject({ money: '80.00', payment_name: 'balance', status: 1 });

    // a second run finds nothing left to do
    expect(await expireGroups({ db: s.db, config: s.config }, { now: later })).toMatchObject({ failedGroups: 0, refunded: 0, cancelled: 0 });
    expect(await balanceOf(s.db, alice.id)).toBe(aliceBefore + 8000);
  });

  it('a filled group is never failed', async () => {
    await s.db.execute(sql`update collectives set need = 2 where goods_id = ${shop.goods}`);
    const open = await buyPromo(s, carol, { goods_id: shop.goods, collective_id: -1 });
    const groupId = (await orderRow(open.data.order_id[0])).collective_id;
    await payByBalance(s, carol, open.data.order_id[0]);
    const join = await buyPromo(s, bob, { goods_id: shop.goods, collective_id: groupId });
    await payByBalance(s, bob, join.data.order_id[0]);
    expect((await s.db.select().from(collective_logs).where(eq(collective_logs.id, groupId)))[0].status).toBe(1);
    await expireGroups({ db: s.db, config: s.config }, { now: new Date(Date.now() + 48 * 3600_000) });
    expect((await s.db.select().from(collective_logs).where(eq(collective_logs.id, groupId)))[0].status).toBe(1);
    expect((await orderRow(open.data.order_id[0])).order_status).toBe(2);
  });
});
