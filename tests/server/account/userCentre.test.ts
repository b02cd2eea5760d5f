import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money_logs, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { openTestServer, type TestServer } from '../helpers';

/** The user centre's ledgers of issue 30 (/user/money, /user/frozen_money, /user/integral): their filters on /api/user/money_logs. */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

let seq = 0;
async function shopper() {
  const username = `idck${process.pid % 1000}${++seq}`;
  const [row] = await s.db.insert(users).values({ username, password: await hashPassword('123456'), nickname: '实名测试' }).returning({ id: users.id });
  return { id: row.id, token: await s.login(username, '123456', 'users') };
}

describe('/api/user/money_logs filters (the ledger pages)', () => {
  it('filters the caller\'s own rows of one ledger by kind, in or out, and a date range; a bad value is a 422 naming it', async () => {
    const me = await shopper();
    const other = await shopper();
    const log = (userId: number, name: string, money: string, type: number, at: string) => ({ user_id: userId, is_belong: 0, is_type: type, name, money, info: '', created_at: at });
    await s.db.insert(money_logs).values([
      log(me.id, '分销佣金', '5.00', 0, '2026-11-10 09:00:00'),
      log(me.id, '订单支付', '-20.00', 0, '2026-11-30 23:59:59'),
      log(me.id, '分销佣金', '3.00', 0, '2026-12-01 00:00:00'),
      log(me.id, '订单积分', '100.00', 2, '2026-11-15 12:00:00'),
      log(other.id, '分销佣金', '9.00', 0, '2026-11-10 09:00:00'),
    ]);
    const list = async (query: string) => {
      const res = await s.call<{ data: { name: string; money: string }[] }>('GET', `/api/user/money_logs?${query}`, { token: me.token });
      expect(res.code, res.msg).toBe(200);
      return res.data.data.map((r) => `${r.name} ${r.money}`);
    };
    expect(await list('is_type=0')).toEqual(['分销佣金 3.00', '订单支付 -20.00', '分销佣金 5.00']);
    expect(await list(`is_type=0&name=${encodeURIComponent('分销佣金')}`)).toEqual(['分销佣金 3.00', '分销佣金 5.00']);
    expect(await list('is_type=0&money=0|gt')).toEqual(['分销佣金 3.00', '分销佣金 5.00']);
    expect(await list('is_type=0&money=0|lt')).toEqual(['订单支付 -20.00']);
    // November, whole days: the last second of the 30th in, midnight of December 1st out
    expect(await list('is_type=0&created_at[]=2026-11-01&created_at[]=2026-12-01')).toEqual(['订单支付 -20.00', '分销佣金 5.00']);
    expect(await list('is_type=2')).toEqual(['订单积分 100.00']);
    const bad = await s.call('GET', '/api/user/money_logs?is_type=0&money=abc|gt', { token: me.token });
    expect(bad.code).toBe(422);
    expect(bad.data.field).toBe('money');
    expect((await s.call('GET', '/api/user/money_logs?is_type=0')).code).toBe(401);
  });
});
