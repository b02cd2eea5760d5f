import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, configs } from '../../server/db/schema';
import { DEMO } from '../../server/db/seed/accounts';
import { loginAdmin, loginShopper, openTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
  // Secrets an operator may have configured: none of them may ever leave the server.
  await s.db.update(configs).set({ content: JSON.stringify({ key: 'web-key', jsapi: 'js-key', security: 'AMAP-SECRET' }) }).where(eq(configs.name, 'amap'));
  await s.db.update(configs).set({ content: JSON.stringify({ key: 'SMS-KEY', secret: 'SMS-SECRET', sign: 'x' }) }).where(eq(configs.name, 'sms'));
});
afterAll(async () => {
  await s.close();
});

describe('GET /api/common', () => {
  it('answers the public settings, the client IP and the cart count', async () => {
    const res = await s.call('GET', '/api/common', { ip: '203.0.113.9' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ ip: '203.0.113.9', cart: 0 });
    expect(res.data.classes.length).toBeGreaterThan(0);
    expect(res.data.classes[0]).toMatchObject({ lev: 0, children: expect.any(Array) });
    expect(res.data.brands.length).toBeGreaterThan(0);
    expect(Object.keys(res.data.common).sort()).toEqual(
      ['amap', 'close_reason', 'close_status', 'description', 'email', 'icp', 'index_name', 'keyword', 'logo', 'mobile', 'oauth', 'sms_test_mode', 'web_name'].sort(),
    );
    expect(res.data.common.web_name).toBe('Souk 商城');
    expect(res.data.common.close_status).toBe('1');
    // the JS API key and the script to load; the web-service key and the security code stay on the server
    expect(res.data.common.amap).toEqual({ jsapi: 'js-key', script: 'https://webapi.amap.com/maps?v=2.0' });
    expect(res.data.common.oauth).toEqual([]);
    // keys saved: SMS goes through Aliyun, not the test mode
    expect(res.data.common.sms_test_mode).toBe(false);
  });

  it('never contains a secret', async () => {
    const text = JSON.stringify((await s.call('GET', '/api/common', { token: await loginShopper(s) })).data);
    for (const secret of ['AMAP-SECRET', 'web-key', 'SMS-KEY', 'SMS-SECRET', 'security', 'mch_secret', 'app_secret', 'appkey']) expect(text).not.toContain(secret);
  });

  it('still answers with a bad or foreign token', async () => {
    expect((await s.call('GET', '/api/common', { token: 'nonsense' })).code).toBe(200);
    expect((await s.call('GET', '/api/common', { token: await loginAdmin(s) })).data.cart).toBe(0);
  });
});

describe('GET /api/cart_count', () => {
  it('counts the shopper cart lines, and is 0 for anonymous and badly authenticated callers', async () => {
    expect(await s.call('GET', '/api/cart_count')).toMatchObject({ code: 200, data: 0 });
    const lines = await s.db.select().from(carts).where(and(eq(carts.user_id, DEMO.shopper.id), isNull(carts.deleted_at)));
    expect(lines.length).toBeGreaterThan(0);
    expect((await s.call('GET', '/api/cart_count', { token: await loginShopper(s) })).data).toBe(lines.length);
    expect((await s.call('GET', '/api/cart_count', { token: 'bad' })).data).toBe(0);
  });
});

describe('envelope', () => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    const res = await s.call('GET', '/api/no/such/route', { lang: 'en' });
    expect(res.status).toBe(404);
    expect(res).toMatchObject({ code: 404, msg: 'No such API route.', data: [] });
  });

  it('picks the language from ?lang= too', async () => {
    const res = await s.call('POST', '/api/auth/info?lang=en');
    expect(res.msg).toBe('Your session has expired, please log in again.');
  });
});
