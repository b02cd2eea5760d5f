import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, loginOperator, loginOwnerSeller, openTestServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(async () => {
  await s.close();
});

/** Issue 15: the console hides what the role cannot do, from the caller's own grants. */
describe('GET /api/Admin/load_grants', () => {
  it('gives a super admin every permission-checked route', async () => {
    const res = await s.call('GET', '/api/Admin/load_grants', { token: await loginAdmin(s) });
    expect(res.code).toBe(200);
    expect(res.data.routes).toContain('admin.users.destroy');
    expect(res.data.routes).not.toContain('admin.load_menu');
    expect(res.data.granted).toEqual(res.data.routes);
  });

  it('gives the 运营 role its grants only (goods yes, users no)', async () => {
    const res = await s.call('GET', '/api/Admin/load_grants', { token: await loginOperator(s) });
    expect(res.code).toBe(200);
    expect(res.data.granted).toContain('admin.goods.update');
    expect(res.data.granted).not.toContain('admin.users.destroy');
    expect(res.data.routes).toContain('admin.users.destroy');
    // and the server agrees with what it says
    const refused = await s.call('GET', '/api/Admin/users', { token: await loginOperator(s) });
    expect(refused.code).toBe(403);
  });

  it('answers 401 without an admin session (none, or a seller token), leaking nothing', async () => {
    const none = await s.call('GET', '/api/Admin/load_grants');
    expect(none.code).toBe(401);
    expect(none.data?.routes).toBeUndefined();
    const seller = await s.call('GET', '/api/Admin/load_grants', { token: await loginOwnerSeller(s) });
    expect(seller.code).toBe(401);
    expect(seller.data?.routes).toBeUndefined();
  });
});
