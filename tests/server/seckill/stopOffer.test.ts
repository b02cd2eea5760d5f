import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collective_logs, collective_members, orders } from '../../../server/db/schema';
import { expireGroups } from '../../../server/jobs/groupTasks';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';
import { balanceOf } from '../payment/fixtures';
import { buyPromo, groupScene, payByBalance, type Payer } from './fixtures';

/**
 * Issue 14 leftover: the operator stops a store's group buy (PUT /api/Admin/collectives/:id
 * {status: 0}). It is no longer offered (goods page, /collectives), no group of it opens or is
 * joined any more, and its open groups end at once: the group task refunds their paid seats and
 * cancels the unpaid ones as for a group that did not fill in time.
 */
let s: TestServer;
let admin: string;
let shop: Awaited<ReturnType<typeof groupScene>>['shop'];
let offer: number;
let alice: Payer;
let bob: Payer;
let carol: Payer;

beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  admin = await loginAdmin(s);
  ({ shop, offer, payers: [alice, bob, carol] } = await groupScene(s, '停团测试店', 24));
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await s?.close();
});

const orderRow = async (id: number) => (await s.db.select().from(orders).where(eq(orders.id, id)))[0];
type Offered = { collectives: false | { id: number }; collective_list: { id: number }[] };
const goodsPage = async () => (await s.call<Offered>('GET', `/api/goods/${shop.goods}`)).data;
const collectivesPage = async () => (await s.call<{ groups: { id: number }[]; offers: { id: number }[] }>('GET', '/api/collectives')).data;

describe('the operator stops a group buy', () => {
  it('is no longer offered, opens and joins nothing, and its open groups are refunded or cancelled', async () => {
    const opened = await buyPromo(s, alice, { goods_id: shop.goods, collective_id: -1 });
    expect(opened.code).toBe(200);
    const aliceOrder = opened.data.order_id[0] as number;
    const groupId = (await orderRow(aliceOrder)).collective_id;
    expect((await payByBalance(s, alice, aliceOrder)).code).toBe(200);
    const joined = await buyPromo(s, bob, { goods_id: shop.goods, collective_id: groupId });
    expect(joined.code).toBe(200);
    const bobOrder = joined.data.order_id[0] as number;

    // before: offered on the goods page and /collectives, the group open to join
    const before = await goodsPage();
    expect(before.collectives).toMatchObject({ id: offer });
    expect(before.collective_list.map((g) => g.id)).toEqual([groupId]);
    const listed = await collectivesPage();
    expect(listed.offers.map((o) => o.id)).toContain(offer);
    expect(listed.groups.map((g) => g.id)).toContain(groupId);

    const aliceBefore = await balanceOf(s.db, alice.id);
    const stop = await s.call('PUT', `/api/Admin/collectives/${offer}`, { token: admin, body: { status: 0 } });
    expect(stop.code).toBe(200);
    expect(stop.data.status).toBe(0);

    // after: offered nowhere, and the open group is closed at once
    const after = await goodsPage();
    expect(after.collectives).toBe(false);
    expect(after.collective_list).toEqual([]);
    const relisted = await collectivesPage();
    expect(relisted.offers.map((o) => o.id)).not.toContain(offer);
    expect(relisted.groups.map((g) => g.id)).not.toContain(groupId);
    expect((await s.db.select().from(collective_logs).where(eq(collective_logs.id, groupId)))[0].status).toBe(0);

    // nobody opens or joins a group of it, and the unpaid seat cannot be paid
    const reopen = await buyPromo(s, carol, { goods_id: shop.goods, collective_id: -1 });
    expect(reopen.code).toBe(422);
    const rejoin = await buyPromo(s, carol, { goods_id: shop.goods, collective_id: groupId });
    expect(rejoin.code).toBe(422);
    expect((await payByBalance(s, bob, bobOrder)).code).toBe(422);
    expect((await orderRow(bobOrder)).order_status).toBe(1);

    // the group task settles the closed group now, as for a group that did not fill in time
    const run = await expireGroups({ db: s.db, config: s.config });
    expect(run).toMatchObject({ refunded: 1, cancelled: 1, errors: 0 });
    expect(await orderRow(aliceOrder)).toMatchObject({ order_status: 0, refund_money: '80.00' });
    expect(await balanceOf(s.db, alice.id)).toBe(aliceBefore + 8000);
    expect((await orderRow(bobOrder)).order_status).toBe(0);
    const seats = await s.db.select().from(collective_members).where(eq(collective_members.log_id, groupId));
    expect(seats.map((m) => m.status).sort()).toEqual([0, 3]);
  });

  it('resuming it offers it again for new groups; the closed group stays closed', async () => {
    const resume = await s.call('PUT', `/api/Admin/collectives/${offer}`, { token: admin, body: { status: 1 } });
    expect(resume.data.status).toBe(1);
    expect((await goodsPage()).collectives).toMatchObject({ id: offer });
    const opened = await buyPromo(s, carol, { goods_id: shop.goods, collective_id: -1 });
    expect(opened.code).toBe(200);
  });
});
