import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money_logs, user_to_menus } from '../../../server/db/schema';
import type { AppEnv } from '../../../server/http/context';
import { defineResource, formMoney, formText, mountResource } from '../../../server/http/crud';
import { adminGuard, mountSellerResource, sellerCanOpen, storeIdOf } from '../../../server/http/crud-guards';
import { ApiError, sendError } from '../../../server/http/envelope';
import { adminRouteNames } from '../../../server/http/permissions';
import {
  loginAdmin,
  loginOperator,
  loginOwner2Seller,
  loginOwnerSeller,
  loginShopper,
  loginStaffSeller,
  openTestServer,
  type TestServer,
} from '../helpers';
import { countRows } from './setup';

/** A store-scoped probe resource over money_logs (store logs: is_belong 1, user_id = store id). */
const storeLogs = defineResource({
  table: money_logs,
  area: 'seller',
  name: 'guard_probe',
  columns: {
    readable: ['id', 'user_id', 'name', 'money', 'is_belong'],
    writable: { name: formText({ min: 1, max: 20 }), money: formMoney({ minCents: -100000 }) },
    filterable: ['id', 'name'],
  },
  scope: (ctx) => ({ values: { user_id: storeIdOf(ctx), is_belong: 1 } }),
  softDelete: true,
});

const adminProbe = defineResource({
  table: money_logs,
  area: 'admin',
  name: 'guard_probe',
  columns: { readable: ['id', 'name'], writable: { name: formText({ min: 1, max: 20 }) }, filterable: ['id'] },
  softDelete: true,
});

describe('crud guards', () => {
  let s: TestServer;
  let app: Hono<AppEnv>;
  const call = async (method: string, path: string, token?: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const res = await app.request(path, { method, headers, body });
    return (await res.json()) as { code: number; data: any };
  };

  beforeAll(async () => {
    s = await openTestServer();
    app = new Hono<AppEnv>();
    app.onError((err, c: Context) => (err instanceof ApiError ? sendError(c, err) : c.json({ code: 500, msg: String(err), data: [] })));
    app.use('*', async (c, next) => {
      c.set('services', { database: s.database, db: s.db, config: s.config });
      await next();
    });
    mountSellerResource(app, '/Seller/probe_goods', storeLogs, { pages: '/Seller/goods' });
    mountSellerResource(app, '/Seller/probe_users', storeLogs, { pages: ['/Seller/users'] });
    mountResource(app, '/Admin/guard_probe', adminProbe, adminGuard(adminProbe));
  });
  afterAll(() => s?.close());

  it('sellerGuard: owners see their own store only, through storeIdOf', async () => {
    const owner = await loginOwnerSeller(s);
    const mine = await call('GET', '/Seller/probe_goods', owner);
    expect(mine.code).toBe(200);
    expect(mine.data.total).toBe(3);
    expect(mine.data.data.every((r: { user_id: number; is_belong: number }) => r.user_id === 1 && r.is_belong === 1)).toBe(true);
    const other = await call('GET', '/Seller/probe_users', await loginOwner2Seller(s));
    expect(other.data.total).toBe(0);
    const [row] = mine.data.data;
    expect((await call('GET', `/Seller/probe_goods/${row.id}`, await loginOwner2Seller(s))).code).toBe(404);
    expect((await call('DELETE', `/Seller/probe_goods/${row.id}`, await loginOwner2Seller(s))).code).toBe(404);
    const created = await call('POST', '/Seller/probe_goods', owner, { name: 'x', money: '1', user_id: '2' });
    expect(created.data).toMatchObject({ user_id: 1, is_belong: 1 });
  });

  it('sellerGuard: staff may only use pages among their roles\' menus', async () => {
    const staff = await loginStaffSeller(s);
    expect((await call('GET', '/Seller/probe_goods', staff)).code).toBe(200);
    const before = await countRows(s, money_logs);
    expect((await call('GET', '/Seller/probe_users', staff)).code).toBe(403);
    expect((await call('POST', '/Seller/probe_users', staff, { name: 'y', money: '1' })).code).toBe(403);
    expect(await countRows(s, money_logs)).toBe(before);
    expect(await sellerCanOpen(s.db, 3, ['/Seller/goods', '/Seller/users'])).toBe(true);
    expect(await sellerCanOpen(s.db, 1, ['/Seller/anything'])).toBe(true);
    await s.db.delete(user_to_menus).where(and(eq(user_to_menus.role_id, 1), eq(user_to_menus.menu_id, 12)));
    expect((await call('GET', '/Seller/probe_goods', staff)).code).toBe(403);
  });

  it('sellerGuard: admin, shopper-area and missing tokens are 401', async () => {
    expect((await call('GET', '/Seller/probe_goods', await loginAdmin(s))).code).toBe(401);
    expect((await call('GET', '/Seller/probe_goods', await loginShopper(s))).code).toBe(401);
    expect((await call('GET', '/Seller/probe_goods')).code).toBe(401);
  });

  it('adminGuard: registers the names at mount time and checks them per action', async () => {
    expect(adminRouteNames()).toEqual(expect.arrayContaining(['admin.guard_probe.index', 'admin.guard_probe.destroy']));
    expect((await call('GET', '/Admin/guard_probe', await loginAdmin(s))).code).toBe(200);
    expect((await call('GET', '/Admin/guard_probe', await loginOperator(s))).code).toBe(403);
    expect((await call('GET', '/Admin/guard_probe', await loginOwnerSeller(s))).code).toBe(401);
  });
});
