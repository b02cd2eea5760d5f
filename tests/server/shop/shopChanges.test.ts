import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { Db } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import { CHECK_MS } from '../../../server/modules/shop/shopChanges';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';
import { buildFixture, params, type Fixture } from './fixtures';

/**
 * Console writes reach every instance's shop memos (server/modules/shop/shopChanges.ts): here two
 * apps over one database, each with its own memos, both keeping search answers for a minute.
 */
let s: TestServer;
let f: Fixture;
let other: ReturnType<typeof createApp>;
beforeAll(async () => {
  s = await openTestServer({ searchCacheMs: 60_000 });
  f = await buildFixture(s);
  const secondDb = drizzle((s.db as unknown as { $client: pg.Pool }).$client, { schema }) as unknown as Db;
  other = createApp({ database: s.database, db: secondDb, config: s.config });
});
afterAll(() => s.close());

type Answer = { code: number; data: { data: { id: number; store_name: string }[]; total: number } };
const path = (p: unknown) => `/api/goods?params=${encodeURIComponent(params(p))}`;
const here = (p: unknown) => s.call('GET', path(p)) as Promise<Answer>;
const there = async (p: unknown) => (await (await other.request(path(p), { headers: { 'accept-language': 'en' } })).json()) as Answer;
const ids = (a: Answer) => a.data.data.map((g) => g.id);
const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

/** Asks `read` until `done` holds (each ask may start the instance's check), for up to 3 s. */
async function eventually(read: () => Promise<Answer>, done: (a: Answer) => boolean): Promise<Answer> {
  const until = Date.now() + 3000;
  for (;;) {
    const answer = await read();
    if (done(answer) || Date.now() > until) return answer;
    await sleep(50);
  }
}

describe('shop memos follow console writes on every instance', () => {
  it('another instance drops its kept answers within about a second of a goods write', async () => {
    const admin = await loginAdmin(s);
    const before = await there({ brand_id: f.brand });
    expect(ids(before)).toContain(f.plain);
    await sleep(CHECK_MS + 50); // the other instance has looked at the sequence once since its answers were kept
    await there({ brand_id: f.brand });

    const off = await s.call('PUT', `/api/Admin/goods/${f.plain}`, { token: admin, body: { goods_status: 0 } });
    expect(off.code).toBe(200);
    // this instance at once; the other one still serves its kept answer until it looks again
    expect(ids(await here({ brand_id: f.brand }))).not.toContain(f.plain);
    expect(ids(await there({ brand_id: f.brand }))).toContain(f.plain);
    const started = Date.now();
    const after = await eventually(() => there({ brand_id: f.brand }), (a) => !ids(a).includes(f.plain));
    expect(ids(after)).not.toContain(f.plain);
    expect(after.data.total).toBe(before.data.total - 1);
    expect(Date.now() - started).toBeLessThan(CHECK_MS + 1000);

    expect((await s.call('PUT', `/api/Admin/goods/${f.plain}`, { token: admin, body: { goods_status: 1 } })).code).toBe(200);
    expect(ids(await eventually(() => there({ brand_id: f.brand }), (a) => ids(a).includes(f.plain)))).toContain(f.plain);
  });

  it("a seller's new store name shows in search answers at once", async () => {
    const seller = await loginOwnerSeller(s);
    const names = async () => (await here({ store_id: 1 })).data.data.map((g) => g.store_name);
    const old = await names();
    expect(old.length).toBeGreaterThan(0);
    const renamed = await s.call('PUT', '/api/Seller/stores/0', { token: seller, body: { store_name: '小王数码新名字' } });
    expect(renamed.code, renamed.msg).toBe(200);
    expect(new Set(await names())).toEqual(new Set(['小王数码新名字']));
    expect((await s.call('PUT', '/api/Seller/stores/0', { token: seller, body: { store_name: old[0] } })).code).toBe(200);
  });

  it('a refused console write changes nothing the shop shows', async () => {
    const admin = await loginAdmin(s);
    const before = await here({ brand_id: f.brand });
    const bad = await s.call('PUT', `/api/Admin/goods/${f.plain}`, { token: admin, body: { goods_status: 'x' } });
    expect(bad.code).toBe(422);
    expect((await here({ brand_id: f.brand })).data).toEqual(before.data);
  });
});
