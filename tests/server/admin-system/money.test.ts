import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { money_logs, stores, users } from '../../../server/db/schema';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { countRows, limitedAdmin } from './setup';

const HANDLE = '/api/Admin/users/money/handle';

describe('admin: balance adjustment (users/money/handle)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s?.close());

  const balances = async (id: number) => {
    const [row] = await s.db.select({ money: users.money, frozen: users.frozen_money, integral: users.integral }).from(users).where(eq(users.id, id));
    return row;
  };

  it('credits and debits a user balance, answering the new balance and writing a 系统处理 log', async () => {
    const up = await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: '10.5', is_type: 0 } });
    expect(up).toMatchObject({ code: 200, data: { id: 4, balance: '1010.50', money: '10.50', is_type: 0, is_belong: 0 } });
    const down = await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: '-0.50', is_type: 0 } });
    expect(down.data.balance).toBe('1010.00');
    const [log] = await s.db.select().from(money_logs).where(eq(money_logs.user_id, 4)).orderBy(desc(money_logs.id)).limit(1);
    expect(log).toMatchObject({ name: '系统处理', money: '-0.50', is_type: 0, is_belong: 0 });
    expect(log.info).toContain('admin');
    expect(log.info).toContain('测试调整');
  });

  it('requires a reason: without one (or a blank one) it is a 422 naming reason, nothing written', async () => {
    const logs = await countRows(s, money_logs);
    const before = await balances(4);
    for (const reason of [undefined, '', '   ', 'x'.repeat(101)]) {
      const body: Record<string, string | number> = { id: 4, money: '1', is_type: 0 };
      if (reason !== undefined) body.reason = reason;
      const res = await s.call('POST', HANDLE, { token: admin, body });
      expect(res.code, String(reason)).toBe(422);
      expect(JSON.stringify(res.data)).toContain('reason');
    }
    expect(await balances(4)).toEqual(before);
    expect(await countRows(s, money_logs)).toBe(logs);
  });

  it('adjusts frozen money, integral and a store balance', async () => {
    expect((await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: '3', is_type: 1 } })).data.balance).toBe('3.00');
    // the demo shopper's points (seed: 50 at registration, the points mall's gift, completed orders' points)
    const points = (await balances(4)).integral;
    expect((await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: `-${points}`, is_type: 2 } })).data.balance).toBe('0.00');
    const storeSystemLogs = () => countRows(s, money_logs, and(eq(money_logs.user_id, 1), eq(money_logs.is_belong, 1), eq(money_logs.name, '系统处理')));
    const logsBefore = await storeSystemLogs();
    const store = await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 1, money: '8.10', is_type: 0, is_belong: 1 } });
    expect(store.data.balance).toBe('50.00');
    const [row] = await s.db.select({ money: stores.store_money }).from(stores).where(eq(stores.id, 1));
    expect(row.money).toBe('50.00');
    // one more 系统处理 log (the seed's opening balance is one too)
    expect(await storeSystemLogs()).toBe(logsBefore + 1);
  });

  it('never overdraws: refused with the current balance, nothing written', async () => {
    const before = await balances(4);
    const logs = await countRows(s, money_logs);
    const res = await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: '-999999', is_type: 0 } });
    expect(res.code).toBe(422);
    expect(res.msg).toContain(before.money);
    expect(await balances(4)).toEqual(before);
    expect(await countRows(s, money_logs)).toBe(logs);
  });

  it('refuses bad input with 422 (or 404 for no such account), nothing written', async () => {
    const logs = await countRows(s, money_logs);
    const before = await balances(4);
    for (const body of <Record<string, string | number>[]>[
      { id: 4, money: '0', is_type: 0 },
      { id: 4, money: '1.234', is_type: 0 },
      { id: 4, money: 'abc', is_type: 0 },
      { id: 4, money: '1', is_type: 3 },
      { id: 4, money: '1', is_type: 0, is_belong: 2 },
      { id: 1, money: '1', is_type: 2, is_belong: 1 },
      { id: 'x', money: '1', is_type: 0 },
    ]) {
      expect((await s.call('POST', HANDLE, { token: admin, body })).code, JSON.stringify(body)).toBe(422);
    }
    expect((await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 9999, money: '1', is_type: 0 } })).code).toBe(404);
    expect(await countRows(s, money_logs)).toBe(logs);
    expect(await balances(4)).toEqual(before);
  });

  it('403 without the permission (nothing written), allowed with it; 401 for a seller token', async () => {
    const before = await balances(4);
    const without = await limitedAdmin(s, ['admin.users.index', 'admin.users.update']);
    expect((await s.call('POST', HANDLE, { token: without.token, body: { reason: '测试调整', id: 4, money: '1', is_type: 0 } })).code).toBe(403);
    expect((await s.call('POST', HANDLE, { token: await loginOwnerSeller(s), body: { reason: '测试调整', id: 4, money: '1', is_type: 0 } })).code).toBe(401);
    expect(await balances(4)).toEqual(before);
    const withIt = await limitedAdmin(s, ['admin.users.money.handle']);
    const res = await s.call('POST', HANDLE, { token: withIt.token, body: { reason: '测试调整', id: 4, money: '1', is_type: 0 } });
    expect(res.code).toBe(200);
    const [log] = await s.db.select().from(money_logs).orderBy(desc(money_logs.id)).limit(1);
    expect(log.info).toContain(`#${withIt.id}`);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('admin: balance adjustment on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer({ databaseUrl: url });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    admin = await loginAdmin(s);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await s?.close();
  });

  it('concurrent credits and debits are exact', async () => {
    // demo starts at 1000.00: 20 × +1.25 and 20 × -0.75 in parallel → 1010.00.
    const calls = Array.from({ length: 40 }, (_, i) =>
      s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: i % 2 ? '-0.75' : '1.25', is_type: 0 } }),
    );
    const before = await countRows(s, money_logs, and(eq(money_logs.user_id, 4), eq(money_logs.name, '系统处理')));
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const [row] = await s.db.select({ money: users.money }).from(users).where(eq(users.id, 4));
    expect(row.money).toBe('1010.00');
    expect(await countRows(s, money_logs, and(eq(money_logs.user_id, 4), eq(money_logs.name, '系统处理')))).toBe(before + 40);
  });

  it('concurrent debits never go below 0: exactly as many succeed as the balance allows', async () => {
    // the demo's points (registration, the mall's gift, completed orders) are first set to 50.00:
    // then 12 parallel debits of 5 → 10 succeed, 2 refused, points 0.
    const [start] = await s.db.select({ integral: users.integral }).from(users).where(eq(users.id, 4));
    const toFifty = (Number(start.integral) - 50).toFixed(2);
    if (toFifty !== '0.00') expect((await s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: `${-Number(toFifty)}`, is_type: 2 } })).code).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => s.call('POST', HANDLE, { token: admin, body: { reason: '测试调整', id: 4, money: '-5', is_type: 2 } })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 422)).toHaveLength(2);
    const [row] = await s.db.select({ integral: users.integral }).from(users).where(eq(users.id, 4));
    expect(row.integral).toBe('0.00');
  });
});
