import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods } from '../../../server/db/schema';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';
import { buildFixture, params, type Fixture } from './fixtures';

/** GET /api/goods keeps whole answers for config.searchCacheMs (server/modules/shop/goodsSearch.ts). */
let s: TestServer;
let f: Fixture;
beforeAll(async () => {
  s = await openTestServer({ searchCacheMs: 60_000 });
  f = await buildFixture(s);
});
afterAll(() => s.close());

type Answer = { code: number; msg: string; data: { data: { id: number; goods_name: string }[]; total: number; current_page: number } };
const search = (p: unknown, extra: Record<string, string | number> = {}, lang: 'en' | 'zh-cn' = 'en') =>
  s.call('GET', `/api/goods?params=${encodeURIComponent(params(p))}`, { body: extra, lang }) as Promise<Answer>;
const rename = (id: number, name: string) => s.db.update(goods).set({ goods_name: name }).where(eq(goods.id, id));

describe('search answers kept for a while', () => {
  it('serves a kept answer again, in each language, until the time is up', async () => {
    const first = await search({ store_id: f.store });
    expect(first.code).toBe(200);
    const plainName = first.data.data.find((g) => g.id === f.plain)!.goods_name;
    await rename(f.plain, '改过的名字');
    const again = await search({ store_id: f.store });
    expect(again.data).toEqual(first.data);
    const chinese = await search({ store_id: f.store }, {}, 'zh-cn');
    expect(chinese.msg).not.toBe(first.msg);
    expect(chinese.data).toEqual(first.data);
    // another page, sort or filter is another answer, read fresh
    const sorted = await search({ store_id: f.store, sort_type: 'goods_price', sort_order: 'asc' });
    expect(sorted.data.data.find((g) => g.id === f.plain)!.goods_name).toBe('改过的名字');
    await rename(f.plain, plainName);
  });

  it('forgets every kept answer after a goods write in the consoles', async () => {
    const before = await search({ brand_id: f.brand });
    expect(before.data.data.map((g) => g.id)).toContain(f.plain);
    const admin = await loginAdmin(s);
    const off = await s.call('PUT', `/api/Admin/goods/${f.plain}`, { token: admin, body: { goods_status: 0 } });
    expect(off.code).toBe(200);
    const after = await search({ brand_id: f.brand });
    expect(after.data.data.map((g) => g.id)).not.toContain(f.plain);
    expect(after.data.total).toBe(before.data.total - 1);
    expect((await s.call('PUT', `/api/Admin/goods/${f.plain}`, { token: admin, body: { goods_status: 1 } })).code).toBe(200);
    expect((await search({ brand_id: f.brand })).data.data.map((g) => g.id)).toContain(f.plain);
  });

  it('answers concurrent equal searches alike and never keeps a refusal', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => search({ keywords: 'zephy' })));
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(answers[0].data.data.map((g) => g.id)).toEqual([f.english]);
    const bad = await search({ sort_type: 'nonsense' });
    expect(bad.code).toBe(422);
    expect((await search({ sort_type: 'nonsense' })).code).toBe(422);
  });
});
