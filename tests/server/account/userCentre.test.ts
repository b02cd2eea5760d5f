import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money_logs, user_checks, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/http/password';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';

/** The user centre's pages of issue 30: GET|POST /api/user/check (/user/safe/check) and the ledgers' filters (/user/money, /user/frozen_money, /user/integral). */
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

const VALID = { name: '张三', card_no: '11010519491231002x', card_t: '/uploads/check/t.png', card_b: '/uploads/check/b.png', bank_no: '6222021234567890123', bank_name: '工商银行' };
const records = (userId: number) => s.db.select().from(user_checks).where(and(eq(user_checks.user_id, userId), isNull(user_checks.deleted_at)));

describe('/api/user/check', () => {
  it('answers null before a submission, saves one record, replaces it on a new one, and answers the numbers masked', async () => {
    const me = await shopper();
    expect((await s.call('GET', '/api/user/check', { token: me.token })).data).toBeNull();
    const saved = await s.call('POST', '/api/user/check', { token: me.token, body: VALID });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.msg).toBe('实名信息已保存。');
    expect(saved.data).toMatchObject({ name: '张三', card_no: '**************002X', bank_no: '***************0123', bank_name: '工商银行' });
    const again = await s.call('POST', '/api/user/check', { token: me.token, body: { ...VALID, bank_name: '建设银行' } });
    expect(again.code).toBe(200);
    const rows = await records(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ card_no: '11010519491231002X', bank_name: '建设银行' });
    expect((await s.call('GET', '/api/user/check', { token: me.token })).data).toMatchObject({ name: '张三', bank_name: '建设银行', card_no: '**************002X' });
    const info = await s.call('POST', '/api/auth/info', { token: me.token, body: { provider: 'users' } });
    expect(info.data.check).toBe(true);
  });

  it('refuses a bad field naming it, nothing written', async () => {
    const me = await shopper();
    for (const [patch, field] of [
      [{ name: '' }, 'name'],
      [{ card_no: '110105194912310021' }, 'card_no'],
      [{ card_t: 'javascript:alert(1)' }, 'card_t'],
      [{ card_b: '' }, 'card_b'],
      [{ bank_no: '12ab' }, 'bank_no'],
      [{ bank_name: 'x'.repeat(31) }, 'bank_name'],
    ] as const) {
      const res = await s.call('POST', '/api/user/check', { token: me.token, body: { ...VALID, ...patch } });
      expect(res.code, field).toBe(422);
      expect(res.data.field).toBe(field);
    }
    expect(await records(me.id)).toHaveLength(0);
  });

  it('is the caller\'s own: no token 401, an admin token 401, another shopper sees nothing of it', async () => {
    const me = await shopper();
    const other = await shopper();
    await s.call('POST', '/api/user/check', { token: me.token, body: VALID });
    expect((await s.call('GET', '/api/user/check')).code).toBe(401);
    expect((await s.call('POST', '/api/user/check', { body: VALID })).code).toBe(401);
    const admin = await loginAdmin(s);
    expect((await s.call('GET', '/api/user/check', { token: admin })).code).toBe(401);
    expect((await s.call('GET', '/api/user/check', { token: other.token })).data).toBeNull();
    expect(await records(other.id)).toHaveLength(0);
  });
});

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
