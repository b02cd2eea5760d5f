import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSearchConcurrency, loadConfig } from '../../../server/config';
import { searchTurnOf } from '../../../server/modules/shop/goodsSearch';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestServer, type TestServer } from '../helpers';
import { params } from './fixtures';

/** At most config.searchConcurrency searches run their SQL at once per instance; the rest wait in line. */
let s: TestServer;
beforeAll(async () => {
  s = await openTestServer({ searchConcurrency: 1 });
});
afterAll(() => s.close());

describe('search turns', () => {
  it('SEARCH_CONCURRENCY: twice the cores unless set; anything but a whole number from 1 stops the start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'souk-config-'));
    const load = (value?: string) => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x', ...(value === undefined ? {} : { SEARCH_CONCURRENCY: value }) }).searchConcurrency;
    expect(defaultSearchConcurrency()).toBe(2 * availableParallelism());
    expect(load()).toBe(defaultSearchConcurrency());
    expect(load('')).toBe(defaultSearchConcurrency());
    expect(load('3')).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'many', '1001']) expect(() => load(bad)).toThrow(/SEARCH_CONCURRENCY/);
  });

  it('runs that many at once, the others in the order they came, and none is lost', async () => {
    const turn = searchTurnOf(s.db, 2);
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const done = [0, 1, 2, 3, 4].map((i) =>
      turn(() => {
        started.push(i);
        return new Promise<number>((resolve) => releases.push(() => resolve(i)));
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1]);
    expect(turn.pendingCount).toBe(3);
    releases[0]();
    await done[0];
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1, 2]);
    for (let i = 1; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 10));
      releases[i]();
    }
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    // another setting for the same database: a new line of that width
    expect(searchTurnOf(s.db, 3).concurrency).toBe(3);
  });

  it('twenty searches at once with one turn answer as they do one by one', async () => {
    const paths = [{ keywords: '手机' }, { sort_type: 'goods_price', sort_order: 'asc' }, {}, { keywords: 'pro', sort_type: 'goods_sale', sort_order: 'desc' }].flatMap((p) =>
      [1, 2].map((page) => `/api/goods?per_page=2&page=${page}&params=${encodeURIComponent(params(p))}`),
    );
    const alone: Awaited<ReturnType<typeof s.call>>[] = [];
    for (const path of paths) alone.push(await s.call('GET', path));
    const together = await Promise.all([...paths, ...paths, ...paths].slice(0, 20).map((path) => s.call('GET', path)));
    together.forEach((answer, i) => {
      expect(answer.code).toBe(200);
      expect(answer.data).toEqual(alone[i % paths.length].data);
    });
    expect(alone.some((a) => (a.data as { data: unknown[] }).data.length > 0)).toBe(true);
  });
});
