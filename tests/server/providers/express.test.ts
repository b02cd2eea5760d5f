import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { express_traces, orders } from '../../../server/db/schema';
import { DEMO } from '../../../server/db/seed/accounts';
import { kuaibaoProvider } from '../../../server/modules/express/providers/kuaibao';
import { kuaidi100Provider } from '../../../server/modules/express/providers/kuaidi100';
import { TrackingRefusal } from '../../../server/modules/express/providers';
import { freshIp, loginAdmin, loginOwner2Seller, loginOwnerSeller, loginShopper, openTestServer, type TestServer } from '../helpers';
import { kuaibao, kuaidi100, type StandIn, type TraceRow } from './standins';

/**
 * Parcel tracking against stand-ins of kuaidi100's poll/query.do and Kuaibao's express.info.get
 * that check the signs: the adapters, then the three areas' routes (scope, cache, refusals).
 */
const CUSTOMER = 'KD100CUSTOMER0001';
const KEY = 'kd100-key';
const KB_APP = '100735';
const KB_KEY = 'kuaibao-app-key';

const rows: TraceRow[] = [
  { time: '2026-12-03 18:20:00', context: '【北京市】快件已由本人签收' },
  { time: '2026-12-02 08:10:00', context: '【北京市】快件已到达 北京顺义集散中心' },
  { time: '2026-12-01 21:05:00', context: '【深圳市】顺丰速运 已收取快件' },
];
const k100Traces = new Map<string, { state: string; rows: TraceRow[] }>();
const kbTraces = new Map<string, { status: string; rows: TraceRow[] }>();

let s: TestServer;
let k100: StandIn;
let kb: StandIn;
let admin: string;
let shopper: string;
const saved = { k100: process.env.KUAIDI100_ENDPOINT, kb: process.env.KUAIBAO_ENDPOINT };
let shipped: { id: number; delivery_code: string; delivery_no: string; store_id: number };

beforeAll(async () => {
  [s, k100, kb] = await Promise.all([openTestServer(), kuaidi100(CUSTOMER, KEY, k100Traces), kuaibao(KB_APP, KB_KEY, kbTraces)]);
  process.env.KUAIDI100_ENDPOINT = `${k100.url}/poll/query.do`;
  process.env.KUAIBAO_ENDPOINT = `${kb.url}/api`;
  [admin, shopper] = await Promise.all([loginAdmin(s), loginShopper(s)]);
  [shipped] = await s.db
    .select({ id: orders.id, delivery_code: orders.delivery_code, delivery_no: orders.delivery_no, store_id: orders.store_id })
    .from(orders)
    .where(and(eq(orders.user_id, DEMO.shopper.id), eq(orders.order_status, 3), ne(orders.delivery_no, '')))
    .limit(1);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  for (const [key, value] of [['KUAIDI100_ENDPOINT', saved.k100], ['KUAIBAO_ENDPOINT', saved.kb]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await Promise.all([s.close(), k100.close(), kb.close()]);
});
beforeEach(() => {
  k100.mode = 'ok';
  kb.mode = 'ok';
});

const request = { courier: 'sf', waybill: 'SF1234567890', phone: '13800000000' };

describe('kuaidi100 adapter', () => {
  const provider = (key = KEY) => kuaidi100Provider({ customer: CUSTOMER, key, endpoint: `${k100.url}/poll/query.do`, timeoutMs: 400 });

  it('posts customer, param {com, num, phone} and the upper-case MD5 sign; reads the trace newest first', async () => {
    k100Traces.set('SF1234567890', { state: '3', rows });
    k100.seen.length = 0;
    const trace = await provider().track(request);
    const [seen] = k100.seen;
    expect(seen.valid).toBe(true);
    expect(seen.form.sign).toMatch(/^[0-9A-F]{32}$/);
    expect(JSON.parse(seen.form.param)).toMatchObject({ com: 'shunfeng', num: 'SF1234567890', phone: '13800000000' });
    expect(trace.state).toBe('delivered');
    expect(trace.steps.map((step) => step.time)).toEqual(['2026-12-03 18:20:00', '2026-12-02 08:10:00', '2026-12-01 21:05:00']);
    expect(trace.steps[0].text).toBe('【北京市】快件已由本人签收');
  });

  it('refusals: a wrong key (503), an exhausted key (601), no result yet (500), a timeout', async () => {
    await expect(provider('wrong').track(request)).rejects.toMatchObject({ kind: 'rejected', providerCode: '503' });
    k100.mode = 'refuse';
    await expect(provider().track(request)).rejects.toMatchObject({ kind: 'rejected', providerCode: '601' });
    k100.mode = 'ok';
    await expect(provider().track({ ...request, waybill: 'SF000' })).rejects.toMatchObject({ kind: 'notFound', providerCode: '500' });
    k100.mode = 'hang';
    const err = await provider().track(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TrackingRefusal);
    expect(err).toMatchObject({ kind: 'unreachable', providerCode: 'timeout' });
  });
});

describe('Kuaibao adapter', () => {
  const provider = (key = KB_KEY) => kuaibaoProvider({ appId: KB_APP, appKey: key, endpoint: `${kb.url}/api`, timeoutMs: 400 });

  it('posts app_id, method, ts, the MD5 sign and data {waybill_no, exp_company_code, phone last 4}; orders the trace newest first', async () => {
    kbTraces.set('YT998877', { status: 'sending', rows });
    kb.seen.length = 0;
    const trace = await provider().track({ courier: 'yt', waybill: 'YT998877', phone: '13800001234' });
    expect(kb.seen[0].valid).toBe(true);
    expect(JSON.parse(kb.seen[0].form.data)).toMatchObject({ waybill_no: 'YT998877', exp_company_code: 'yt', phone: '1234' });
    expect(trace.state).toBe('transit');
    expect(trace.steps[0].time).toBe('2026-12-03 18:20:00');
  });

  it('refusals: a wrong key, a spent quota, an unknown waybill, a timeout', async () => {
    await expect(provider('wrong').track(request)).rejects.toMatchObject({ kind: 'rejected', providerCode: '1001' });
    kb.mode = 'refuse';
    await expect(provider().track(request)).rejects.toMatchObject({ kind: 'rejected', providerCode: '1002' });
    kb.mode = 'ok';
    await expect(provider().track({ ...request, waybill: 'NOPE' })).rejects.toMatchObject({ kind: 'notFound' });
    kb.mode = 'hang';
    await expect(provider().track(request)).rejects.toMatchObject({ kind: 'unreachable' });
  });
});

const saveConfigs = (body: Record<string, string>) => s.call('PUT', '/api/Admin/configs/update', { token: admin, body });
const traceOf = (path: string, token: string, id: number, lang: 'zh-cn' | 'en' = 'zh-cn') => s.call('POST', path, { token, body: { id }, lang, ip: freshIp() });

describe('the three areas read an order trace', () => {
  it('test mode first: a labelled sample from the dev provider, without asking anyone', async () => {
    const count = k100.seen.length;
    const res = await traceOf('/api/user/order/express', shopper, shipped.id);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ provider: 'dev', test_mode: true, delivery_no: shipped.delivery_no });
    expect(res.data.steps[0].text).toContain('测试模式');
    expect(k100.seen.length).toBe(count);
    expect((await s.call('GET', '/api/Admin/configs/providers', { token: admin })).data.tracking).toEqual({ provider: 'kuaidi100', live: false });
  });

  it('with kuaidi100 keys saved the shopper sees its own parcel, newest step first; a second look is served from the cache', async () => {
    expect((await saveConfigs({ 'kuaidi100[customer]': CUSTOMER, 'kuaidi100[key]': KEY })).code).toBe(200);
    expect((await s.call('GET', '/api/Admin/configs/providers', { token: admin })).data.tracking).toEqual({ provider: 'kuaidi100', live: true });
    k100Traces.set(shipped.delivery_no, { state: '0', rows: rows.slice(1) });
    const count = k100.seen.length;
    const res = await traceOf('/api/user/order/express', shopper, shipped.id);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ provider: 'kuaidi100', test_mode: false, state: 'transit', stale: false });
    expect(res.data.steps).toEqual([
      { time: '2026-12-02 08:10:00', text: '【北京市】快件已到达 北京顺义集散中心' },
      { time: '2026-12-01 21:05:00', text: '【深圳市】顺丰速运 已收取快件' },
    ]);
    expect(k100.seen.length).toBe(count + 1);
    expect(k100.seen.at(-1)?.valid).toBe(true);
    // the store and the operator see the same trace, from the cache
    expect((await traceOf('/api/Seller/orders/express/find', await loginOwnerSeller(s), shipped.id)).data.steps).toHaveLength(2);
    expect((await traceOf('/api/Admin/orders/express/find', admin, shipped.id)).data.steps).toHaveLength(2);
    expect(k100.seen.length).toBe(count + 1);
  });

  it('another shopper, another store and an anonymous caller get nothing', async () => {
    const ownerAsShopper = await s.login('18888888889', '123456', 'users', 'user');
    const notMine = await traceOf('/api/user/order/express', ownerAsShopper, shipped.id);
    expect(notMine.code).toBe(404);
    expect(JSON.stringify(notMine.data)).not.toContain('北京');
    const otherStore = await traceOf('/api/Seller/orders/express/find', await loginOwner2Seller(s), shipped.id);
    expect(otherStore.code).toBe(shipped.store_id === 2 ? 200 : 404);
    expect((await s.call('POST', '/api/user/order/express', { body: { id: shipped.id } })).code).toBe(401);
    expect((await traceOf('/api/Admin/orders/express/find', shopper, shipped.id)).code).toBe(401);
  });

  it('bad input and an order not shipped yet are clear 4xx answers', async () => {
    const bad = await traceOf('/api/user/order/express', shopper, 'x' as unknown as number);
    expect(bad.code).toBe(422);
    expect(JSON.stringify(bad.data)).toContain('id');
    const [unpaid] = await s.db.select({ id: orders.id }).from(orders).where(and(eq(orders.user_id, DEMO.shopper.id), eq(orders.order_status, 1))).limit(1);
    const notShipped = await traceOf('/api/user/order/express', shopper, unpaid.id, 'en');
    expect(notShipped.code).toBe(422);
    expect(notShipped.msg).toBe('This order has not been shipped yet, so there is no tracking.');
  });

  it('after the cache expires a provider failure answers the last copy (stale); without a copy, a clear message, never a 500', async () => {
    await s.db.update(express_traces).set({ fetched_at: '2026-01-01 00:00:00' }).where(eq(express_traces.delivery_no, shipped.delivery_no));
    k100.mode = 'refuse';
    const stale = await traceOf('/api/user/order/express', shopper, shipped.id);
    expect(stale.code).toBe(200);
    expect(stale.data).toMatchObject({ stale: true, state: 'transit' });
    await s.db.delete(express_traces).where(eq(express_traces.delivery_no, shipped.delivery_no));
    const refused = await traceOf('/api/user/order/express', shopper, shipped.id);
    expect(refused.code).toBe(503);
    expect(refused.msg).toBe('物流查询服务暂不可用，请稍后再试或联系客服。');
    k100.mode = 'ok';
    k100Traces.delete(shipped.delivery_no);
    const none = await traceOf('/api/user/order/express', shopper, shipped.id, 'en');
    expect(none.code).toBe(404);
    expect(none.msg).toBe('The courier has no tracking for this waybill yet; please look again later.');
  });

  it('a delivered parcel is kept: later views never ask again, even after the cache time', async () => {
    k100Traces.set(shipped.delivery_no, { state: '3', rows });
    expect((await traceOf('/api/user/order/express', shopper, shipped.id)).data.state).toBe('delivered');
    await s.db.update(express_traces).set({ fetched_at: '2026-01-01 00:00:00' }).where(eq(express_traces.delivery_no, shipped.delivery_no));
    const count = k100.seen.length;
    const again = await traceOf('/api/user/order/express', shopper, shipped.id);
    expect(again.data).toMatchObject({ state: 'delivered', stale: false });
    expect(again.data.steps).toHaveLength(3);
    expect(k100.seen.length).toBe(count);
  });

  it('logistics[provider]=kuaibao with its keys switches the provider', async () => {
    expect((await saveConfigs({ 'logistics[provider]': 'kuaibao', 'kuaibao[appid]': KB_APP, 'kuaibao[appkey]': KB_KEY })).code).toBe(200);
    kbTraces.set(shipped.delivery_no, { status: 'delivering', rows: rows.slice(1) });
    const res = await traceOf('/api/Admin/orders/express/find', admin, shipped.id);
    expect(res.data).toMatchObject({ provider: 'kuaibao', state: 'transit' });
    expect(kb.seen.at(-1)?.valid).toBe(true);
    expect((await saveConfigs({ 'logistics[provider]': 'ups' })).code).toBe(422);
    const read = await s.call('GET', '/api/Admin/configs?name[]=kuaidi100&name[]=kuaibao', { token: admin });
    expect(JSON.stringify(read.data)).not.toContain(KEY);
    expect(JSON.stringify(read.data)).not.toContain(KB_KEY);
  });
});
