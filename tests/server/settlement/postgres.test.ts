import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../server/db/money';
import { cashes, money_logs, order_settlements, orders, users } from '../../../server/db/schema';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { settleOrders } from '../../../server/modules/settlement/settle';
import { freshIp, loginAdmin, type TestServer } from '../helpers';
import { balanceOf, DEMO_USER_ID, makeOrder, stockedSku, topUp, type FixtureOrder } from '../payment/fixtures';
import { giveRealName, completedOrder, setRates, storeMoney } from './fixtures';
import { PG_URL, openPgServer } from '../pgServer';

/**
 * Settlement and withdrawal races on a real PostgreSQL (TEST_DATABASE_URL; CI always sets it):
 * concurrent settlement runs, concurrent pay-outs of one withdrawal, and a random concurrent
 * workload of payments, settlements and withdrawals after which every balance = Σ its logs.
 */
const CARD = { name: '陈晓明', bank_name: '招商银行', card_no: '6225880123456789' };

describe.skipIf(!PG_URL)('settlement and withdrawals on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let admin: string;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    s = await openPgServer({ mute: ['log', 'warn'] });
    admin = await loginAdmin(s);
    tokens.set(DEMO_USER_ID, await s.login('demo'));
    for (const username of ['13800000001', '13800000002', '13800000003']) {
      const [u] = await s.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      tokens.set(u.id, await s.login(username));
    }
    for (const id of tokens.keys()) {
      await topUp(s.db, id, 500_000);
      await giveRealName(s.db, id);
    }
    await setRates(s.db, { cash: '0.5', commission: '5' });
  });
  afterAll(() => s?.close());

  it('runs on PostgreSQL', () => {
    expect(s.database.kind).toBe('postgres');
  });

  it('two (and more) concurrent settlement runs pay each order once', async () => {
    const made: FixtureOrder[] = [];
    for (let i = 0; i < 12; i++) made.push(await completedOrder(s.db, DEMO_USER_ID));
    const ids = made.map((o) => o.id);
    const storeId = made[0].store_id;
    const settledOf = async () => (await s.db.select().from(order_settlements).where(eq(order_settlements.store_id, storeId))).reduce((sum, r) => sum + toCents(r.settlement_price), 0);
    const before = await storeMoney(s.db, storeId);
    const settledBefore = await settledOf();
    const rowsBefore = (await s.db.select().from(order_settlements)).length;
    const runs = await Promise.all([
      settleOrders(s.db, { manual: true, log: () => {} }),
      settleOrders(s.db, { manual: true, log: () => {} }),
      s.call('POST', '/api/Admin/order_settlement_handle', { token: admin }),
      s.call('GET', '/api/Admin/order_settlement_handle', { token: admin }),
    ]);
    const rows = await s.db.select().from(order_settlements).where(inArray(order_settlements.order_id, ids));
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(12);
    // the store got exactly what the settlements of this moment say (the seeded completed order too)
    const after = await storeMoney(s.db, storeId);
    expect(toCents(after.money) - toCents(before.money)).toBe((await settledOf()) - settledBefore);
    const total = (runs[0] as { settled: number }).settled + (runs[1] as { settled: number }).settled + (runs[2] as { data: { settled: number } }).data.settled + (runs[3] as { data: { settled: number } }).data.settled;
    expect(total).toBeGreaterThanOrEqual(12);
    expect(total).toBe((await s.db.select().from(order_settlements)).length - rowsBefore);
    const left = await s.db.select({ n: orders.id }).from(orders).where(inArray(orders.id, ids));
    expect(left).toHaveLength(12);
    const flags = await s.db.select({ f: orders.is_settlement }).from(orders).where(inArray(orders.id, ids));
    expect(flags.every((r) => r.f === 1)).toBe(true);
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('20 concurrent pay-outs of one withdrawal pay once (one 提现成功 log); 20 concurrent refusals after it change nothing', async () => {
    const created = await s.call('POST', '/api/user/cashes', { token: tokens.get(DEMO_USER_ID), body: { money: '40', ...CARD } });
    expect(created.code).toBe(200);
    const id = created.data.id as number;
    const [before] = await s.db.select({ frozen: users.frozen_money, money: users.money }).from(users).where(eq(users.id, DEMO_USER_ID));
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.call('PUT', `/api/Admin/cashes/${id}`, { token: admin, body: { cash_status: 1 }, ip: freshIp() })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 422)).toHaveLength(19);
    const refusals = await Promise.all(Array.from({ length: 20 }, () => s.call('PUT', `/api/Admin/cashes/${id}`, { token: admin, body: { cash_status: 2, refuse_info: '重复' }, ip: freshIp() })));
    expect(refusals.every((a) => a.code === 422)).toBe(true);
    const [after] = await s.db.select({ frozen: users.frozen_money, money: users.money }).from(users).where(eq(users.id, DEMO_USER_ID));
    expect(toCents(after.frozen)).toBe(toCents(before.frozen) - 4_000);
    expect(after.money).toBe(before.money);
    const logs = await s.db.select().from(money_logs).where(eq(money_logs.info, `提现 #${id} 操作员 admin`));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ name: '提现成功', money: '-40.00', is_type: 1 });
    const [row] = await s.db.select({ cash_status: cashes.cash_status }).from(cashes).where(eq(cashes.id, id));
    expect(row.cash_status).toBe(1);
  });

  it('a pay-out racing the applicant’s cancel: exactly one wins', async () => {
    const created = await s.call('POST', '/api/user/cashes', { token: tokens.get(DEMO_USER_ID), body: { money: '7', ...CARD } });
    const id = created.data.id as number;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => s.call('PUT', `/api/Admin/cashes/${id}`, { token: admin, body: { cash_status: 1 } })),
      ...Array.from({ length: 5 }, () => s.call('DELETE', `/api/user/cashes/${id}`, { token: tokens.get(DEMO_USER_ID) })),
    ]);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('a random concurrent workload of payments, settlements and withdrawals keeps balance = Σ logs for every account', async () => {
    const sku = await stockedSku(s.db, 1);
    const users_ = [...tokens.keys()];
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
    // some completed orders ready to settle, some unpaid ones to pay
    for (let i = 0; i < 6; i++) await completedOrder(s.db, pick(users_));
    const unpaid: { userId: number; order: FixtureOrder }[] = [];
    for (let i = 0; i < 10; i++) {
      const userId = pick(users_);
      const order = await makeOrder(s.db, userId, [{ goodsId: sku.goodsId, skuId: sku.skuId }]);
      if (order) unpaid.push({ userId, order });
    }
    const pendingIds: number[] = [];
    const jobs: (() => Promise<unknown>)[] = [];
    for (const { userId, order } of unpaid)
      jobs.push(() => s.call('POST', '/api/user/order/pay', { token: tokens.get(userId), body: { order_id: order.id, payment_name: 'balance', pay_password: '123456' }, ip: freshIp() }));
    for (let i = 0; i < 3; i++) jobs.push(() => settleOrders(s.db, { manual: true, log: () => {} }));
    for (let i = 0; i < 12; i++) {
      const userId = pick(users_);
      jobs.push(async () => {
        const res = await s.call('POST', '/api/user/cashes', { token: tokens.get(userId), body: { money: `${1 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 100)}`, ...CARD }, ip: freshIp() });
        if (res.code === 200) pendingIds.push(res.data.id);
      });
    }
    for (let i = 0; i < 4; i++)
      jobs.push(async () => {
        const res = await s.call('POST', '/api/Seller/cashes', { token: await s.login('18888888888', '123456', 'users', 'seller'), body: { money: '0.37', ...CARD }, ip: freshIp() });
        if (res.code === 200) pendingIds.push(res.data.id);
      });
    await Promise.all(jobs.sort(() => Math.random() - 0.5).map((job) => job()));
    // then decide every pending one at random, concurrently, twice each
    const decide = pendingIds.flatMap((id) => {
      const body: Record<string, string | number> = Math.random() < 0.5 ? { cash_status: 1 } : { cash_status: 2, refuse_info: '随机拒绝' };
      return [body, body].map((b) => () => s.call('PUT', `/api/Admin/cashes/${id}`, { token: admin, body: b, ip: freshIp() }));
    });
    const results = await Promise.all(decide.sort(() => Math.random() - 0.5).map((job) => job()));
    expect(results.filter((r) => (r as { code: number }).code === 200)).toHaveLength(pendingIds.length);
    expect(await findLedgerMismatches(s.db)).toEqual([]);
    for (const id of users_) expect(await balanceOf(s.db, id)).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
