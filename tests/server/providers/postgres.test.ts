import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { express_traces, oauths, orders } from '../../../server/db/schema';
import { DEMO } from '../../../server/db/seed/accounts';
import { issueTicket } from '../../../server/modules/oauth/ticket';
import { freshIp, loginAdmin, loginShopper, TEST_SECRET, type TestServer } from '../helpers';
import { PG_URL, openPgServer } from '../pgServer';
import { kuaidi100, type StandIn } from './standins';

/**
 * Providers under concurrency on PostgreSQL: a shopper's double (or sextuple) click on "bind",
 * two shoppers racing for one WeChat identity, and many views of a trace nobody has cached yet.
 */
describe.skipIf(!PG_URL)('providers on PostgreSQL (concurrency)', () => {
  let s: TestServer;
  let k100: StandIn;
  const traces = new Map<string, { state: string; rows: { time: string; context: string }[] }>();
  const endpoint = process.env.KUAIDI100_ENDPOINT;

  beforeAll(async () => {
    [s, k100] = await Promise.all([openPgServer({ pool: 8, mute: ['log', 'warn'] }), kuaidi100('KD100PG', 'kd100-pg-key', traces)]);
    process.env.KUAIDI100_ENDPOINT = `${k100.url}/poll/query.do`;
  });
  afterAll(async () => {
    if (endpoint === undefined) delete process.env.KUAIDI100_ENDPOINT;
    else process.env.KUAIDI100_ENDPOINT = endpoint;
    await Promise.all([s?.close(), k100?.close()]);
  });

  const ticketFor = (openid: string) => issueTicket(TEST_SECRET, { app: 'weixinweb', openid, unionid: '', nickname: 'pg', avatar: '' });
  const bind = (token: string, ticket: string) => s.call('POST', '/api/user/oauth/bind', { token, body: { ticket } });
  const linksOf = (openid: string) => s.db.select().from(oauths).where(and(eq(oauths.openid, openid), isNull(oauths.deleted_at)));

  it('six concurrent binds of one identity by its shopper: all succeed, one binding', async () => {
    const demo = await loginShopper(s);
    const ticket = ticketFor('o-pg-double');
    const answers = await Promise.all(Array.from({ length: 6 }, () => bind(demo, ticket)));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200, 200]);
    const links = await linksOf('o-pg-double');
    expect(links).toHaveLength(1);
    expect(links[0].user_id).toBe(DEMO.shopper.id);
  });

  it('two shoppers racing for one identity: one wins, the other is told it is taken (409), one binding', async () => {
    const [a, b] = await Promise.all([s.login('18888888889', '123456', 'users', 'user'), s.login('18888888888', '123456', 'users', 'user')]);
    const ticket = ticketFor('o-pg-race');
    const answers = await Promise.all([bind(a, ticket), bind(b, ticket), bind(a, ticket), bind(b, ticket)]);
    const codes = answers.map((x) => x.code).sort();
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    for (const refused of answers.filter((x) => x.code === 409)) expect(refused.msg).toBeTruthy();
    expect(await linksOf('o-pg-race')).toHaveLength(1);
  });

  it('eight concurrent views of an uncached trace: all answer the trace, one cached row', async () => {
    const admin = await loginAdmin(s);
    const saved = await s.call('PUT', '/api/Admin/configs/update', { token: admin, body: { 'kuaidi100[customer]': 'KD100PG', 'kuaidi100[key]': 'kd100-pg-key' } });
    expect(saved.code).toBe(200);
    const [order] = await s.db
      .select({ id: orders.id, delivery_no: orders.delivery_no })
      .from(orders)
      .where(and(eq(orders.user_id, DEMO.shopper.id), eq(orders.order_status, 3), ne(orders.delivery_no, '')))
      .limit(1);
    traces.set(order.delivery_no, { state: '0', rows: [{ time: '2026-12-02 08:10:00', context: '【北京市】快件已到达 北京顺义集散中心' }] });
    const shopper = await loginShopper(s);
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.call('POST', '/api/user/order/express', { token: shopper, body: { id: order.id }, ip: freshIp() })));
    expect(answers.map((a) => a.code)).toEqual(Array(8).fill(200));
    for (const answer of answers) expect(answer.data).toMatchObject({ provider: 'kuaidi100', state: 'transit', stale: false });
    expect(k100.seen.every((seen) => seen.valid)).toBe(true);
    const rows = await s.db.select().from(express_traces).where(eq(express_traces.delivery_no, order.delivery_no));
    expect(rows).toHaveLength(1);
  });
});
