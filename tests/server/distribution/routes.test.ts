import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributions, goods } from '../../../server/db/schema';
import { payReferralCommissions } from '../../../server/modules/distribution/commission';
import { loginAdmin, loginOperator, loginOwner2Seller, loginOwnerSeller, loginShopper, loginStaffSeller, openTestServer, type TestServer } from '../helpers';
import { makeOrder } from '../office-orders/fixtures';
import { inviteChain, setRates } from './fixtures';

let s: TestServer;
let owner: string;
let owner2: string;
let admin: string;

beforeAll(async () => {
  s = await openTestServer();
  owner = await loginOwnerSeller(s);
  owner2 = await loginOwner2Seller(s);
  admin = await loginAdmin(s);
});
afterAll(() => s.close());

type Row = Record<string, any>;
const goodsOf = async (storeId: number, skip = 0) =>
  (await s.db.select({ id: goods.id }).from(goods).where(and(eq(goods.store_id, storeId), isNull(goods.deleted_at))).orderBy(goods.id).offset(skip).limit(1))[0].id;

describe('/api/Seller/distributions', () => {
  it('sets, lists (with the goods name), edits and removes the rates of an own goods', async () => {
    const g = await goodsOf(1, 3);
    await s.db.delete(distributions).where(eq(distributions.goods_id, g));
    const created = await s.call<Row>('POST', '/api/Seller/distributions', { token: owner, body: { goods_id: g, lev_1: '10.5', lev_2: 5, lev_3: '0' } });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ goods_id: g, store_id: 1, lev_1: '10.50', lev_2: '5.00', lev_3: '0.00' });
    const list = await s.call<Row>('GET', '/api/Seller/distributions', { token: owner });
    const row = list.data.data.find((r: Row) => r.id === created.data.id);
    expect(row.goods_name).toBeTruthy();
    expect(list.data.data.every((r: Row) => r.store_id === 1)).toBe(true);
    expect((await s.call<Row>('PUT', `/api/Seller/distributions/${created.data.id}`, { token: owner, body: { lev_3: '2' } })).data.lev_3).toBe('2.00');
    const twice = await s.call('POST', '/api/Seller/distributions', { token: owner, body: { goods_id: g, lev_1: 1, lev_2: 1, lev_3: 1 } });
    expect([twice.code, twice.data.field]).toEqual([409, 'goods_id']);
    expect((await s.call('DELETE', `/api/Seller/distributions/${created.data.id}`, { token: owner })).code).toBe(200);
  });

  it('refuses rates over 100 % together, a bad rate and another store\'s goods, naming the field; nothing written', async () => {
    const g = await goodsOf(1, 4);
    await s.db.delete(distributions).where(eq(distributions.goods_id, g));
    const before = await s.db.$count(distributions);
    const sum = await s.call('POST', '/api/Seller/distributions', { token: owner, body: { goods_id: g, lev_1: 60, lev_2: 30, lev_3: '10.01' } });
    expect([sum.code, sum.data.field]).toEqual([422, 'lev_1']);
    for (const bad of ['-1', '101', '1.234', 'x']) {
      const res = await s.call('POST', '/api/Seller/distributions', { token: owner, body: { goods_id: g, lev_1: bad, lev_2: 0, lev_3: 0 } });
      expect([res.code, res.data.field], bad).toEqual([422, 'lev_1']);
    }
    const foreign = await s.call('POST', '/api/Seller/distributions', { token: owner, body: { goods_id: await goodsOf(2), lev_1: 1, lev_2: 1, lev_3: 1 } });
    expect([foreign.code, foreign.data.field]).toEqual([422, 'goods_id']);
    expect(await s.db.$count(distributions)).toBe(before);
  });

  it('keeps stores apart: another store\'s row is 404 to read, edit or delete; a shopper is 401', async () => {
    const g = await goodsOf(1, 5);
    await setRates(s, 1, g, ['3', '2', '1']);
    const [row] = await s.db.select({ id: distributions.id }).from(distributions).where(eq(distributions.goods_id, g));
    expect((await s.call('GET', `/api/Seller/distributions/${row.id}`, { token: owner2 })).code).toBe(404);
    expect((await s.call('PUT', `/api/Seller/distributions/${row.id}`, { token: owner2, body: { lev_1: 50 } })).code).toBe(404);
    expect((await s.call('DELETE', `/api/Seller/distributions/${row.id}`, { token: owner2 })).code).toBe(404);
    expect((await s.call<Row>('GET', '/api/Seller/distributions', { token: owner2 })).data.data.map((r: Row) => r.id)).not.toContain(row.id);
    const [still] = await s.db.select().from(distributions).where(eq(distributions.id, row.id));
    expect(still.lev_1).toBe('3.00');
    expect((await s.call('GET', '/api/Seller/distributions', { token: await loginShopper(s) })).code).toBe(401);
    expect([401, 403]).toContain((await s.call('GET', '/api/Seller/distributions', { token: await loginStaffSeller(s) })).code);
  });
});

describe('/api/Admin/distributions and distribution_logs', () => {
  it('lists every store\'s rates with the store name and may stop one; an operator without the grant is 403', async () => {
    const g = await goodsOf(2, 1);
    await setRates(s, 2, g, ['4', '0', '0']);
    const list = await s.call<Row>('GET', '/api/Admin/distributions', { token: admin, body: { goods_id: g } });
    expect(list.data.data).toHaveLength(1);
    expect(list.data.data[0].store_name).toBeTruthy();
    const operator = await loginOperator(s);
    expect((await s.call('DELETE', `/api/Admin/distributions/${list.data.data[0].id}`, { token: operator })).code).toBe(403);
    expect((await s.call('DELETE', `/api/Admin/distributions/${list.data.data[0].id}`, { token: admin })).code).toBe(200);
    expect(await s.db.$count(distributions, and(eq(distributions.goods_id, g), isNull(distributions.deleted_at)))).toBe(0);
    expect((await s.call('GET', '/api/Admin/distributions?goods_id=x', { token: admin })).code).toBe(422);
  });
});

describe('/api/Admin/distribution_logs (the operator\'s commission list, issue 30)', () => {
  it('lists every commission with names, filtered by beneficiary, order, level and state; 403 without the grant, 422 on a bad filter', async () => {
    const chain = await inviteChain(s);
    const order = await makeOrder(s, { storeId: 1, userId: chain.buyer.id, status: 6, buyNum: 1 });
    await setRates(s, 1, order.goodsId, ['10', '5', '1']);
    await s.db.transaction((tx) => payReferralCommissions(tx, { id: order.id, order_no: order.order_no, user_id: chain.buyer.id, store_id: 1 }));
    const list = async (query: string) => {
      const res = await s.call<Row>('GET', `/api/Admin/distribution_logs?${query}`, { token: admin });
      expect(res.code, res.msg).toBe(200);
      return res.data.data as Row[];
    };
    const ofOrder = await list(`order_no=${order.order_no}`);
    expect(ofOrder.map((l) => [l.level, l.user_id]).sort()).toEqual([[1, chain.a.id], [2, chain.b.id], [3, chain.c.id]]);
    expect(ofOrder[0]).toMatchObject({ buyer_id: chain.buyer.id, store_id: 1, status: 1 });
    expect(ofOrder[0].store_name).toBeTruthy();
    expect(ofOrder[0].nickname).toBeTruthy();
    expect((await list(`order_no=${order.order_no}&level=2`)).map((l) => l.user_id)).toEqual([chain.b.id]);
    expect((await list(`user_id=${chain.a.id}`)).map((l) => l.order_no)).toEqual([order.order_no]);
    expect(await list(`order_no=${order.order_no}&status=0`)).toEqual([]);
    expect((await s.call('GET', '/api/Admin/distribution_logs?level=x', { token: admin })).data.field).toBe('level');
    expect((await s.call('GET', '/api/Admin/distribution_logs', { token: await loginOperator(s) })).code).toBe(403);
    expect((await s.call('GET', '/api/Admin/distribution_logs', { token: chain.a.token })).code).toBe(401);
  });
});

describe('the shopper\'s referral page', () => {
  it('shows the invite link, the invitees on three levels (no private columns) and the commissions', async () => {
    const chain = await inviteChain(s);
    const order = await makeOrder(s, { storeId: 1, userId: chain.buyer.id, status: 6, buyNum: 1 });
    await setRates(s, 1, order.goodsId, ['10', '5', '1']);
    await s.db.transaction((tx) => payReferralCommissions(tx, { id: order.id, order_no: order.order_no, user_id: chain.buyer.id, store_id: 1 }));

    const summary = await s.call<Row>('GET', '/api/user/distribution', { token: chain.c.token });
    expect(summary.data).toMatchObject({ user_id: chain.c.id, invite_path: `/register?inviter_id=${chain.c.id}`, counts: [1, 1, 1], commission_count: 1 });
    expect(Number(summary.data.commission_total)).toBeGreaterThan(0);
    const level3 = await s.call<Row>('GET', '/api/user/distributions?lev=2', { token: chain.c.token });
    expect(level3.data.data.map((u: Row) => u.id)).toEqual([chain.buyer.id]);
    expect(Object.keys(level3.data.data[0]).sort()).toEqual(['avatar', 'created_at', 'id', 'nickname']);
    const logs = await s.call<Row>('GET', '/api/user/distribution_logs', { token: chain.a.token });
    expect(logs.data.data.map((l: Row) => [l.level, l.order_no])).toEqual([[1, order.order_no]]);
    // nobody else sees them
    expect((await s.call<Row>('GET', '/api/user/distribution_logs', { token: chain.buyer.token })).data.total).toBe(0);
    expect((await s.call('GET', '/api/user/distributions?lev=3', { token: chain.c.token })).data.field).toBe('lev');
    expect((await s.call('GET', '/api/user/distribution')).code).toBe(401);
  });
});
