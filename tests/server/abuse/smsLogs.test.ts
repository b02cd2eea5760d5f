import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rate_limits, sms_logs } from '../../../server/db/schema';
import { freshIp, loginAdmin, openTestServer, type TestServer } from '../helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s.close();
});

describe('SMS logs in the admin console', () => {
  it('never show a pending code, in the list or one row; a spent one may show', async () => {
    const phone = '13655550001';
    expect((await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() })).code).toBe(200);
    const [row] = await s.db.select().from(sms_logs).where(and(eq(sms_logs.phone, phone), eq(sms_logs.name, 'register'))).orderBy(desc(sms_logs.id)).limit(1);
    const admin = await loginAdmin(s);
    const list = await s.call('GET', `/api/Admin/sms_logs?phone=${phone}`, { token: admin });
    expect(list.data.data).toHaveLength(1);
    expect(list.data.data[0].content).toBe('******');
    expect(JSON.stringify(list.data)).not.toContain(row.content);
    const one = await s.call('GET', `/api/Admin/sms_logs/${row.id}`, { token: admin });
    expect(one.data.content).toBe('******');
    // once used the code opens nothing any more
    const reg = await s.call('POST', '/api/register', { body: { username: phone, password: 'Kite-lamp-91', re_password: 'Kite-lamp-91', code: row.content }, ip: freshIp() });
    expect(reg.code).toBe(200);
    expect((await s.call('GET', `/api/Admin/sms_logs/${row.id}`, { token: admin })).data).toMatchObject({ status: 2, content: row.content });
  });
});

describe('SMS sends per phone', () => {
  it('one phone gets at most SMS_PER_PHONE_PER_HOUR codes an hour, whatever the IPs', async () => {
    const { SMS_PER_PHONE_PER_HOUR } = await import('../../../server/modules/sms/service');
    const phone = '13655550002';
    const codes: number[] = [];
    for (let i = 0; i < SMS_PER_PHONE_PER_HOUR + 2; i++) {
      // past the 30 s resend guard each time, as a patient attacker with many IPs would be
      await s.db.delete(rate_limits).where(eq(rate_limits.key, `sms-resend:${phone}:register`));
      codes.push((await s.call('POST', '/api/sms', { body: { phone, name: 'register' }, ip: freshIp() })).code);
    }
    expect(codes.slice(0, SMS_PER_PHONE_PER_HOUR).every((c) => c === 200)).toBe(true);
    expect(codes.slice(SMS_PER_PHONE_PER_HOUR)).toEqual([429, 429]);
    expect((await s.db.select().from(sms_logs).where(eq(sms_logs.phone, phone))).length).toBe(SMS_PER_PHONE_PER_HOUR);
  });
});
