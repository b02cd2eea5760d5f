import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema';
import { DEMO } from '../../../server/db/seed/accounts';
import { loginAdmin, loginOwnerSeller, loginShopper, openTestServer, type TestServer } from '../helpers';

/** Issue 12 leftover: every list of orders reads newest first by creation time, the seeded demo orders too. */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer();
});
afterAll(() => s.close());

type Row = { id: number; created_at: string };
const stamp = (r: Row) => Date.parse(String(r.created_at).replace(' ', 'T'));
const newestFirst = (rows: Row[]) => rows.every((r, i) => i === 0 || stamp(rows[i - 1]) >= stamp(r));

describe('seeded demo orders', () => {
  it('of the demo shopper have ids that follow their creation time (the seed inserts them oldest first)', async () => {
    const rows = await s.db.select({ id: orders.id, created_at: orders.created_at }).from(orders).where(eq(orders.user_id, DEMO.shopper.id)).orderBy(asc(orders.id));
    expect(rows.length).toBeGreaterThan(6);
    const late = rows.filter((r, i) => i > 0 && stamp(rows[i - 1]) > stamp(r)).map((r) => r.id);
    expect(late).toEqual([]);
  });

  // the other seeds (settlements, points, promotions) add older orders after these: the lists
  // themselves read by creation time
  it('read newest first in the shopper\'s, the store\'s and the operator\'s lists', async () => {
    const shopper = await s.call<{ data: Row[] }>('GET', '/api/user/orders', { token: await loginShopper(s), body: { per_page: 50 } });
    expect(shopper.data.data.length).toBeGreaterThan(5);
    expect(newestFirst(shopper.data.data)).toBe(true);
    const seller = await s.call<{ data: Row[] }>('GET', '/api/Seller/orders', { token: await loginOwnerSeller(s), body: { per_page: 50 } });
    expect(seller.data.data.length).toBeGreaterThan(2);
    expect(newestFirst(seller.data.data)).toBe(true);
    const admin = await s.call<{ data: Row[] }>('GET', '/api/Admin/orders', { token: await loginAdmin(s), body: { per_page: 50 } });
    expect(admin.data.data.length).toBeGreaterThan(6);
    expect(newestFirst(admin.data.data)).toBe(true);
  });
});
