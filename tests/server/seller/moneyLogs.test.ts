import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money_logs } from '../../../server/db/schema';
import { loginOwner2Seller, loginOwnerSeller, loginStaffSeller, openTestServer, type TestServer } from '../helpers';

let s: TestServer;
let owner: string;
let owner2: string;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
});
afterAll(() => s.close());

type Log = { id: number; name: string; money: string; is_type: number; is_belong: number };
const total = async () => Number((await s.db.select({ n: count() }).from(money_logs))[0].n);

describe('/api/Seller/money_logs (read-only, the store\'s own logs)', () => {
  it('lists the store logs only (is_belong 1 for this store), with filters', async () => {
    const res = await s.call<{ data: Log[]; total: number }>('GET', '/api/Seller/money_logs', { token: owner });
    expect(res.code).toBe(200);
    expect(res.data.total).toBe(3);
    expect(res.data.data.every((l) => l.is_belong === 1)).toBe(true);
    expect(res.data.data.map((l) => l.money).sort()).toEqual(['-5.00', '46.90', '5.00']);
    const frozen = await s.call<{ data: Log[] }>('GET', '/api/Seller/money_logs', { token: owner, body: { is_type: '1' } });
    expect(frozen.data.data.map((l) => l.money)).toEqual(['5.00']);
    const named = await s.call<{ data: Log[] }>('GET', '/api/Seller/money_logs', { token: owner, body: { name: '订单|likeRight', is_belong: '0' } });
    expect(named.data.data).toEqual([]);
    const shown = await s.call<Log>('GET', `/api/Seller/money_logs/${res.data.data[0].id}`, { token: owner });
    expect(shown.data).toMatchObject({ id: res.data.data[0].id });
  });

  it('a second store sees none of them and cannot open one; user logs stay hidden', async () => {
    const mine = await s.call<{ data: Log[] }>('GET', '/api/Seller/money_logs', { token: owner });
    const res = await s.call<{ total: number }>('GET', '/api/Seller/money_logs', { token: owner2 });
    expect(res.data.total).toBe(0);
    expect((await s.call('GET', `/api/Seller/money_logs/${mine.data.data[0].id}`, { token: owner2 })).code).toBe(404);
    // log 1 is a user log of user 1 (not a store log)
    expect((await s.call('GET', '/api/Seller/money_logs/1', { token: owner })).code).toBe(404);
  });

  it('cannot be written: create, update, delete and import answer 404, nothing changes', async () => {
    const before = await total();
    expect((await s.call('POST', '/api/Seller/money_logs', { token: owner, body: { name: '伪造', money: '1000' } })).code).toBe(404);
    expect((await s.call('PUT', '/api/Seller/money_logs/6', { token: owner, body: { money: '1000' } })).code).toBe(404);
    expect((await s.call('DELETE', '/api/Seller/money_logs/6', { token: owner })).code).toBe(404);
    expect((await s.call('POST', '/api/Seller/money_logs/import/excel', { token: owner, body: { 'rows[0][name]': 'x' } })).code).toBe(404);
    expect(await total()).toBe(before);
  });

  it('staff without the money page get 403', async () => {
    const staff = await loginStaffSeller(s);
    expect((await s.call('GET', '/api/Seller/money_logs', { token: staff })).code).toBe(403);
  });
});
