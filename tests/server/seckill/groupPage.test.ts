import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { openTestServer, type TestServer } from '../helpers';
import { buyPromo, makeOffer, makePayer, payByBalance, promoStore, type Payer } from './fixtures';

/**
 * A goods page shows its open groups and their seats (collective_list). Joins, payments and
 * cancels are order writes no console announces; the goods answer's one live statement carries a
 * fingerprint of the advertised groups (server/modules/shop/goodsDetail.ts), so the kept goods
 * answer and the kept page document (server/http/pageDocument.ts) show a new seat on the very next
 * read, on this instance and on another one over the same database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set).
 */
type App = ReturnType<typeof createApp>;
interface Group { id: number; joined: number; paid: number }

function distDir() {
  const dist = mkdtempSync(join(tmpdir(), 'souk-dist-group-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<html lang="zh-CN"><head><script type="module" src="/assets/entry.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/entry.js' } }));
  return dist;
}

const groupsOfApi = async (app: App, goodsId: number): Promise<Group[]> => {
  const body = (await (await app.request(`/api/goods/${goodsId}`)).json()) as { code: number; data: { collective_list: Group[] } };
  expect(body.code).toBe(200);
  return body.data.collective_list;
};
const groupsOfPage = async (app: App, goodsId: number): Promise<Group[]> => {
  const html = await (await app.request(`/goods/${goodsId}`, { headers: { 'accept-language': 'zh-CN' } })).text();
  const m = /<script type="application\/json" id="souk-data">(.*?)<\/script>/s.exec(html);
  expect(m).not.toBeNull();
  return (JSON.parse(m![1]) as Record<string, { collective_list: Group[] }>)[`goods:${goodsId}`].collective_list;
};
const seats = (list: Group[], id: number) => list.filter((g) => g.id === id).map((g) => [g.joined, g.paid]);

function scenarios(url: string | undefined) {
  let s: TestServer;
  let here: App;
  let there: App;
  let shop: Awaited<ReturnType<typeof promoStore>>;
  let alice: Payer;
  let bob: Payer;
  let carol: Payer;

  beforeAll(async () => {
    s = await openTestServer({ databaseUrl: url });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const dist = distDir();
    here = createApp({ database: s.database, db: s.db, config: { ...s.config, distDir: dist } });
    there = createApp({ database: s.database, db: s.db, config: { ...s.config, distDir: dist } });
    shop = await promoStore(s, `拼团页${url ? 'PG' : ''}`);
    await makeOffer(s, { store: shop.store, goods: shop.goods, need: 3 });
    [alice, bob, carol] = [await makePayer(s), await makePayer(s), await makePayer(s)];
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await s?.close();
  });

  it('a join, a payment and a cancel show at once on the goods answer and the page document of both instances', async () => {
    const open = await buyPromo(s, alice, { goods_id: shop.goods, collective_id: -1 });
    expect(open.code, open.msg).toBe(200);
    expect((await payByBalance(s, alice, open.data.order_id[0])).code).toBe(200);
    const groupId = (await groupsOfApi(here, shop.goods))[0].id;
    for (const app of [here, there]) {
      expect(seats(await groupsOfApi(app, shop.goods), groupId)).toEqual([[1, 1]]);
      expect(seats(await groupsOfPage(app, shop.goods), groupId)).toEqual([[1, 1]]);
    }
    // both instances keep the answer and the document now; a join announces nothing to the catalogue
    const join = await buyPromo(s, bob, { goods_id: shop.goods, collective_id: groupId });
    expect(join.code, join.msg).toBe(200);
    for (const app of [here, there]) {
      expect(seats(await groupsOfPage(app, shop.goods), groupId)).toEqual([[2, 1]]);
      expect(seats(await groupsOfApi(app, shop.goods), groupId)).toEqual([[2, 1]]);
    }
    const cancel = await s.call('PUT', `/api/user/order/${join.data.order_id[0]}`, { token: bob.token, body: { order_status: 0 } });
    expect(cancel.code, cancel.msg).toBe(200);
    for (const app of [there, here]) expect(seats(await groupsOfPage(app, shop.goods), groupId)).toEqual([[1, 1]]);
    const again = await buyPromo(s, carol, { goods_id: shop.goods, collective_id: groupId });
    expect(again.code, again.msg).toBe(200);
    expect((await payByBalance(s, carol, again.data.order_id[0])).code).toBe(200);
    for (const app of [here, there]) expect(seats(await groupsOfPage(app, shop.goods), groupId)).toEqual([[2, 2]]);
  });
}

describe('group seats on the goods page (PGlite)', () => scenarios(undefined));
describe.skipIf(!process.env.TEST_DATABASE_URL)('group seats on the goods page (PostgreSQL)', () => scenarios(process.env.TEST_DATABASE_URL));
