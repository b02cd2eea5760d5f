import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toCents } from '../../../server/db/money';
import { cashes, money_logs, users } from '../../../server/db/schema';
import { findLedgerMismatches } from '../../../server/modules/money/ledgerCheck';
import { countRows, limitedAdmin } from '../admin-system/setup';
import { loginAdmin, loginOwner2Seller, loginOwnerSeller, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { DEMO_USER_ID, topUp } from '../payment/fixtures';
import { listField } from '../content/util';
import { giveRealName, setRates, storeMoney } from './fixtures';

/** What our old form sent beside the amount: a client may still send it, the payee comes from the real-name check. */
const CARD = { name: '别人', bank_name: '别的银行', card_no: '6225 0000 0000 0000' };

describe('withdrawals (PGlite)', () => {
  let s: TestServer;
  let admin: string;
  let shopper: string;
  let owner: string;
  let owner2: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
    shopper = await loginShopper(s);
    owner = await loginOwnerSeller(s);
    owner2 = await loginOwner2Seller(s);
    await topUp(s.db, DEMO_USER_ID, 100_000);
    await giveRealName(s.db, DEMO_USER_ID);
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    await setRates(s.db, { cash: '0.5' });
  });

  const user = async () => {
    const [row] = await s.db.select({ money: users.money, frozen: users.frozen_money }).from(users).where(eq(users.id, DEMO_USER_ID));
    return { money: toCents(row.money), frozen: toCents(row.frozen) };
  };
  const apply = (body: Record<string, string | number>, token = shopper, area = '/api/user/cashes') => s.call('POST', area, { token, body });

  it('the account answer: balance, frozen, fee rate and the payee of the real-name check', async () => {
    const res = await s.call('GET', '/api/user/cashes/account', { token: shopper });
    expect(res).toMatchObject({ code: 200, data: { rate: '0.5', checked: true, details: { name: '陈晓明', bank_name: '招商银行', card_no: '6225880123456789' } } });
    expect(toCents(res.data.balance)).toBe((await user()).money);
    const seller = await s.call('GET', '/api/Seller/cashes/account', { token: owner });
    // the store is paid to its owner's real-name check (seeded for the demo owner)
    expect(seller.data).toMatchObject({ balance: (await storeMoney(s.db, 1)).money, rate: '0.5', checked: true, details: { name: '王小明', bank_name: '中国工商银行' } });
  });

  it('a shopper applies: balance → frozen by the requested amount (two logs), fee 0.5 % exactly, net on the row', async () => {
    const before = await user();
    const res = await apply({ money: '100', ...CARD, remark: '生活费' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ user_id: DEMO_USER_ID, store_id: 0, money: '99.50', commission: '0.50', commission_rate: '0.5', cash_status: 0, card_no: '6225880123456789', name: '陈晓明' });
    expect(await user()).toEqual({ money: before.money - 10_000, frozen: before.frozen + 10_000 });
    const logs = await s.db.select().from(money_logs).where(and(eq(money_logs.user_id, DEMO_USER_ID), eq(money_logs.is_belong, 0))).orderBy(desc(money_logs.id)).limit(2);
    expect(logs.map((l) => [l.name, l.money, l.is_type]).sort()).toEqual([['资金提现', '-100.00', 0], ['资金提现', '100.00', 1]]);
    expect(logs[0].info).toBe(`提现申请 #${res.data.id}`);
    // halves round up: 1.01 × 0.5 % = 0.505 cent → 0.01
    const small = await apply({ money: '1.01', ...CARD });
    expect(small.data).toMatchObject({ money: '1.00', commission: '0.01' });
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('refuses bad input with a 422 naming the field, nothing written', async () => {
    const rows = await countRows(s, cashes);
    const logs = await countRows(s, money_logs);
    const before = await user();
    const cases: [Record<string, string | number>, string][] = [
      [{ ...CARD }, 'money'],
      [{ money: '0', ...CARD }, 'money'],
      [{ money: '-5', ...CARD }, 'money'],
      [{ money: '1.234', ...CARD }, 'money'],
      [{ money: 'abc', ...CARD }, 'money'],
      [{ money: '10', ...CARD, remark: 'x'.repeat(101) }, 'remark'],
      [{ money: '99999999', ...CARD }, 'money'], // more than the balance
    ];
    for (const [body, field] of cases) {
      const res = await apply(body);
      expect(res.code, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.data), JSON.stringify(body)).toContain(field);
    }
    const short = await apply({ money: '99999999', ...CARD });
    expect(short.msg).toContain('可提现余额不足');
    // a 100 % fee leaves nothing to pay out
    await setRates(s.db, { cash: '100' });
    const all = await apply({ money: '5', ...CARD });
    expect(all).toMatchObject({ code: 422, data: { field: 'money' } });
    expect(await countRows(s, cashes)).toBe(rows);
    expect(await countRows(s, money_logs)).toBe(logs);
    expect(await user()).toEqual(before);
  });

  it('the operator pays out once: frozen − requested (提现成功); a second pay-out or a refusal after it changes nothing (422 naming the state)', async () => {
    const created = await apply({ money: '20', ...CARD });
    const before = await user();
    const paid = await s.call('PUT', `/api/Admin/cashes/${created.data.id}`, { token: admin, body: { cash_status: 1, remark: '已打款' } });
    expect(paid.code).toBe(200);
    expect(paid.data).toMatchObject({ cash_status: 1, remark: '已打款' });
    expect(await user()).toEqual({ money: before.money, frozen: before.frozen - 2_000 });
    const logs = await countRows(s, money_logs);
    for (const body of [{ cash_status: 1 }, { cash_status: 2, refuse_info: "重复" }] as Record<string, string | number>[]) {
      const again = await s.call('PUT', `/api/Admin/cashes/${created.data.id}`, { token: admin, body, lang: 'en' });
      expect(again).toMatchObject({ code: 422, data: { field: 'cash_status', cash_status: 1 } });
      expect(again.msg).toContain('Paid out');
    }
    expect(await countRows(s, money_logs)).toBe(logs);
    expect(await user()).toEqual({ money: before.money, frozen: before.frozen - 2_000 });
    const cancel = await s.call('DELETE', `/api/user/cashes/${created.data.id}`, { token: shopper });
    expect(cancel.code).toBe(422);
  });

  it('the operator refuses with a reason: the requested amount goes back to the balance (拒绝提现); a reason is required', async () => {
    const created = await apply({ money: '30', ...CARD });
    const before = await user();
    const noReason = await s.call('PUT', `/api/Admin/cashes/${created.data.id}`, { token: admin, body: { cash_status: 2 } });
    expect(noReason).toMatchObject({ code: 422 });
    expect(JSON.stringify(noReason.data)).toContain('refuse_info');
    for (const cash_status of ['0', '3', 'x', '']) {
      const bad = await s.call('PUT', `/api/Admin/cashes/${created.data.id}`, { token: admin, body: { cash_status } });
      expect(bad.code, cash_status).toBe(422);
      expect(JSON.stringify(bad.data)).toContain('cash_status');
    }
    expect(await user()).toEqual(before);
    const refused = await s.call('PUT', `/api/Admin/cashes/${created.data.id}`, { token: admin, body: { cash_status: 2, refuse_info: '户名与卡号不符' } });
    expect(refused.data).toMatchObject({ cash_status: 2, refuse_info: '户名与卡号不符' });
    expect(await user()).toEqual({ money: before.money + 3_000, frozen: before.frozen - 3_000 });
    const [log] = await s.db.select().from(money_logs).where(eq(money_logs.user_id, DEMO_USER_ID)).orderBy(desc(money_logs.id)).limit(1);
    expect(log).toMatchObject({ name: '拒绝提现', money: '30.00', is_type: 0 });
    expect(log.info).toContain('户名与卡号不符');
    expect((await s.call('PUT', '/api/Admin/cashes/999999', { token: admin, body: { cash_status: 1 } })).code).toBe(404);
    expect((await s.call('PUT', '/api/Admin/cashes/abc', { token: admin, body: { cash_status: 1 } })).code).toBe(404);
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('the applicant cancels a pending withdrawal (all back to the balance), once; someone else’s is a 404', async () => {
    const created = await apply({ money: '12.34', ...CARD });
    const before = await user();
    const theirs = await s.call('DELETE', `/api/Seller/cashes/${created.data.id}`, { token: owner });
    expect(theirs.code).toBe(404);
    const other = await s.login('13800000001');
    expect((await s.call('DELETE', `/api/user/cashes/${created.data.id}`, { token: other })).code).toBe(404);
    expect((await s.call('GET', `/api/user/cashes/${created.data.id}`, { token: other })).code).toBe(404);
    expect(await user()).toEqual(before);
    const res = await s.call('DELETE', `/api/user/cashes/${created.data.id}`, { token: shopper });
    expect(res).toMatchObject({ code: 200, data: [created.data.id] });
    expect(await user()).toEqual({ money: before.money + 1_234, frozen: before.frozen - 1_234 });
    expect((await s.call('DELETE', `/api/user/cashes/${created.data.id}`, { token: shopper })).code).toBe(422);
    expect((await s.call('DELETE', '/api/user/cashes/x', { token: shopper })).code).toBe(422);
    const mine = await s.call('GET', '/api/user/cashes', { token: shopper, body: { cash_status: 3 } });
    expect(mine.data.data.map((r: { id: number }) => r.id)).toContain(created.data.id);
    expect(mine.data.data.every((r: { user_id: number }) => r.user_id === DEMO_USER_ID)).toBe(true);
  });

  it('a store withdraws its balance (商家提现), sees only its own, and the operator pays it out', async () => {
    const before = await storeMoney(s.db, 1);
    const res = await apply({ money: '10', ...CARD }, owner, '/api/Seller/cashes');
    expect(res.data).toMatchObject({ store_id: 1, user_id: 0, money: '9.95', commission: '0.05', name: '王小明', bank_name: '中国工商银行', card_no: '6222000000000000000' });
    const mid = await storeMoney(s.db, 1);
    expect(toCents(mid.money)).toBe(toCents(before.money) - 1_000);
    expect(toCents(mid.frozen)).toBe(toCents(before.frozen) + 1_000);
    const mine = await s.call('GET', '/api/Seller/cashes', { token: owner });
    expect(mine.data.data.every((r: { store_id: number }) => r.store_id === 1)).toBe(true);
    expect((await s.call('GET', '/api/Seller/cashes', { token: owner2 })).data.data.some((r: { id: number }) => r.id === res.data.id)).toBe(false);
    expect((await s.call('GET', `/api/Seller/cashes/${res.data.id}`, { token: owner2 })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Seller/cashes/${res.data.id}`, { token: owner2 })).code).toBe(404);
    const listed = await s.call('GET', '/api/Admin/cashes', { token: admin, body: { store_id: 1, cash_status: 0 } });
    expect(listed.data.data.some((r: { id: number }) => r.id === res.data.id)).toBe(true);
    await s.call('PUT', `/api/Admin/cashes/${res.data.id}`, { token: admin, body: { cash_status: 1 } });
    const after = await storeMoney(s.db, 1);
    expect(after.money).toBe(mid.money);
    expect(toCents(after.frozen)).toBe(toCents(before.frozen));
    const tooMuch = await apply({ money: '999999', ...CARD }, owner, '/api/Seller/cashes');
    expect(tooMuch).toMatchObject({ code: 422, data: { field: 'money' } });
    expect(await findLedgerMismatches(s.db)).toEqual([]);
  });

  it('wrong callers: no token 401, other areas 401, an admin without the permission 403, staff without the page 403, sub-accounts 403; nothing written', async () => {
    const rows = await countRows(s, cashes);
    expect((await s.call('GET', '/api/user/cashes')).code).toBe(401);
    expect((await apply({ money: '1', ...CARD }, admin)).code).toBe(401);
    expect((await s.call('GET', '/api/Admin/cashes', { token: owner })).code).toBe(401);
    expect((await s.call('GET', '/api/Seller/cashes', { token: shopper })).code).toBe(401);
    const lim = await limitedAdmin(s, ['admin.cashes.index']);
    expect((await s.call('GET', '/api/Admin/cashes', { token: lim.token })).code).toBe(200);
    const [pending] = await s.db.select({ id: cashes.id }).from(cashes).where(eq(cashes.cash_status, 0)).limit(1);
    expect((await s.call('PUT', `/api/Admin/cashes/${pending.id}`, { token: lim.token, body: { cash_status: 1 } })).code).toBe(403);
    const staff = await loginStaffSeller(s);
    expect((await apply({ money: '1', ...CARD }, staff, '/api/Seller/cashes')).code).toBe(403);
    // the staff sub-account in the shop area cannot withdraw either
    const staffShopper = await s.login('seller', '123456', 'users');
    const sub = await apply({ money: '1', ...CARD }, staffShopper);
    expect(sub.code).toBe(403);
    expect(await countRows(s, cashes)).toBe(rows);
    const [still] = await s.db.select({ cash_status: cashes.cash_status }).from(cashes).where(eq(cashes.id, pending.id));
    expect(still.cash_status).toBe(0);
  });

  it('staff holding the withdrawals page withdraw and cancel the store\'s money, named in its logs (docs/decisions.md)', async () => {
    const menus = (await s.call<{ menu_id: number[] }>('GET', '/api/Seller/roles/1', { token: owner })).data.menu_id;
    expect((await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: listField('menu_id', [...menus, 43]) })).code).toBe(200);
    try {
      const staff = await loginStaffSeller(s);
      const before = await storeMoney(s.db, 1);
      const applied = await apply({ money: '2', ...CARD }, staff, '/api/Seller/cashes');
      expect(applied.code, applied.msg).toBe(200);
      expect(applied.data).toMatchObject({ store_id: 1, user_id: 0, cash_status: 0 });
      const logOf = async () => (await s.db.select().from(money_logs).where(and(eq(money_logs.user_id, 1), eq(money_logs.is_belong, 1))).orderBy(desc(money_logs.id)).limit(1))[0];
      expect((await logOf()).info).toBe(`提现申请 #${applied.data.id} 员工 seller`);
      expect(toCents((await storeMoney(s.db, 1)).money)).toBe(toCents(before.money) - 200);
      expect((await s.call('DELETE', `/api/Seller/cashes/${applied.data.id}`, { token: staff })).code).toBe(200);
      expect((await logOf()).info).toBe(`提现 #${applied.data.id} 商家取消（员工 seller）`);
      expect(await storeMoney(s.db, 1)).toEqual(before);
      expect(await findLedgerMismatches(s.db)).toEqual([]);
    } finally {
      await s.call('PUT', '/api/Seller/roles/1', { token: owner, body: listField('menu_id', menus) });
    }
  });
});
