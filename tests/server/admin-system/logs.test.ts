import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money_logs, sms, sms_logs } from '../../../server/db/schema';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { countRows, limitedAdmin } from './setup';

describe('admin: money logs, SMS templates, SMS logs', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
    await s.db.insert(sms_logs).values([
      { phone: '13700000001', name: 'register', content: '123456', status: 1, ip: '10.0.0.9' },
      { phone: '13700000002', name: 'forget_password', content: '654321', status: 0, error_msg: 'provider down' },
    ]);
  });
  afterAll(() => s?.close());

  it('money logs: list, filters (user_id, is_type, is_belong, created_at range, name), show; read-only', async () => {
    const all = await s.call('GET', '/api/Admin/money_logs', { token: admin });
    // 8 of the accounts seed, 6 of the demo shopper (seed/orders.ts: opening balance, points, 4 payments),
    // 31 of seed/settlements.ts (a shopper's opening and 2 payments, store 3's 2 settlements, 8 withdrawals: 26)
    expect(all.data.total).toBe(45);
    expect((await s.call('GET', '/api/Admin/money_logs?user_id=1&is_belong=1', { token: admin })).data.total).toBe(3);
    expect((await s.call('GET', '/api/Admin/money_logs?is_type=2', { token: admin })).data.total).toBe(2);
    // 资金提现: 4 of the accounts seed, 2 per withdrawal of the seeded shopper (4)
    expect((await s.call('GET', '/api/Admin/money_logs?name=资金|likeRight', { token: admin })).data.total).toBe(12);
    expect((await s.call('GET', '/api/Admin/money_logs?created_at[]=2000-01-01&created_at[]=2000-01-02', { token: admin })).data.total).toBe(0);
    expect((await s.call('GET', '/api/Admin/money_logs?is_type=abc', { token: admin })).code).toBe(422);
    const one = all.data.data[0];
    expect((await s.call('GET', `/api/Admin/money_logs/${one.id}`, { token: admin })).data).toMatchObject({ id: one.id, money: one.money });
    const before = await countRows(s, money_logs);
    expect((await s.call('POST', '/api/Admin/money_logs', { token: admin, body: { user_id: 1, money: '5' } })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Admin/money_logs/${one.id}`, { token: admin })).code).toBe(404);
    expect(await countRows(s, money_logs)).toBe(before);
  });

  it('SMS templates: list, search, create, update, delete; bad input and duplicates refused', async () => {
    expect((await s.call('GET', '/api/Admin/sms?name=reg|likeRight', { token: admin })).data.total).toBe(1);
    const created = await s.call('POST', '/api/Admin/sms', { token: admin, body: { name: 'bind_phone', code: 'SMS_1', content: 'Souk商城', description: '绑定' } });
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect((await s.call('PUT', `/api/Admin/sms/${id}`, { token: admin, body: { code: 'SMS_2' } })).data.code).toBe('SMS_2');
    const before = await countRows(s, sms, isNull(sms.deleted_at));
    expect((await s.call('POST', '/api/Admin/sms', { token: admin, body: { name: 'register', code: 'X', content: 'Y' } })).code).toBe(409);
    for (const body of <Record<string, string | number>[]>[
      { name: '', code: 'X', content: 'Y' },
      { name: 'bad name', code: 'X', content: 'Y' },
      { name: 'ok_name', code: '', content: 'Y' },
      { name: 'ok_name', code: 'X', content: 'Y'.repeat(26) },
    ]) {
      expect((await s.call('POST', '/api/Admin/sms', { token: admin, body })).code, JSON.stringify(body)).toBe(422);
    }
    expect(await countRows(s, sms, isNull(sms.deleted_at))).toBe(before);
    expect((await s.call('DELETE', `/api/Admin/sms/${id}`, { token: admin })).data).toBe(1);
  });

  it('SMS logs: list with the reference fields, search (IP alias, status), show, delete; no create or update', async () => {
    const list = await s.call('GET', '/api/Admin/sms_logs', { token: admin });
    expect(list.data.total).toBe(2);
    expect(list.data.data[0]).toHaveProperty('content');
    expect(list.data.data[0]).toHaveProperty('error_msg');
    expect((await s.call('GET', '/api/Admin/sms_logs?IP=10.0.0.9', { token: admin })).data.total).toBe(1);
    expect((await s.call('GET', '/api/Admin/sms_logs?status=0', { token: admin })).data.total).toBe(1);
    expect((await s.call('GET', '/api/Admin/sms_logs?phone=1370000000|likeRight', { token: admin })).data.total).toBe(2);
    const id = list.data.data[0].id;
    expect((await s.call('GET', `/api/Admin/sms_logs/${id}`, { token: admin })).data.id).toBe(id);
    expect((await s.call('PUT', `/api/Admin/sms_logs/${id}`, { token: admin, body: { status: 1 } })).code).toBe(404);
    expect((await s.call('DELETE', '/api/Admin/sms_logs/x', { token: admin })).code).toBe(422);
    expect((await s.call('DELETE', `/api/Admin/sms_logs/${id}`, { token: admin })).data).toBe(1);
    expect(await countRows(s, sms_logs, isNull(sms_logs.deleted_at))).toBe(1);
  });

  it('403 without the permission (nothing written), allowed with it; 401 for a seller token', async () => {
    const without = await limitedAdmin(s, ['admin.sms.index', 'admin.money_logs.index']);
    const before = await countRows(s, sms, isNull(sms.deleted_at));
    expect((await s.call('POST', '/api/Admin/sms', { token: without.token, body: { name: 'no_1', code: 'X', content: 'Y' } })).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/sms_logs', { token: without.token })).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/money_logs/1', { token: without.token })).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/money_logs', { token: without.token })).code).toBe(200);
    expect(await countRows(s, sms, isNull(sms.deleted_at))).toBe(before);
    const withIt = await limitedAdmin(s, ['admin.sms.store', 'admin.sms_logs.destroy']);
    expect((await s.call('POST', '/api/Admin/sms', { token: withIt.token, body: { name: 'yes_1', code: 'X', content: 'Y' } })).code).toBe(200);
    expect(await countRows(s, sms, eq(sms.name, 'yes_1'))).toBe(1);
    const seller = await loginOwnerSeller(s);
    for (const path of ['/api/Admin/money_logs', '/api/Admin/sms', '/api/Admin/sms_logs']) {
      expect((await s.call('GET', path, { token: seller })).code, path).toBe(401);
    }
  });
});
