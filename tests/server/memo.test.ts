import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoByKey } from '../../server/http/memo';

afterEach(() => vi.useRealTimers());

describe('memoByKey', () => {
  it('loads a key once for concurrent callers; after the time is up one reload runs while the old value is served', async () => {
    vi.useFakeTimers();
    const memo = memoByKey<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([memo.get('k', 1000, load), memo.get('k', 1000, load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(1001);
    const stale = await Promise.all([memo.get('k', 1000, load), memo.get('k', 1000, load)]);
    expect(stale).toEqual([1, 1]);
    expect(loads).toBe(2);
    expect(await memo.get('k', 1000, load)).toBe(2);
    expect(await memo.get('other', 1000, load)).toBe(3);
    memo.clear();
    expect(await memo.get('k', 1000, load)).toBe(4);
  });

  it('forgets a value whose reload failed, so the next caller loads afresh', async () => {
    vi.useFakeTimers();
    const memo = memoByKey<number>(10);
    expect(await memo.get('k', 1000, async () => 1)).toBe(1);
    vi.advanceTimersByTime(1001);
    const failing = Promise.reject(new Error('down'));
    expect(await memo.get('k', 1000, () => failing)).toBe(1);
    await failing.catch(() => {}); // the memo's own handler was attached first and has run
    expect(await memo.get('k', 1000, async () => 3)).toBe(3);
  });

  it('spreads the reloads of values loaded together over the second half of the time', async () => {
    vi.useFakeTimers();
    const memo = memoByKey<number>(1000);
    const keys = Array.from({ length: 200 }, (_, i) => `k${i}`);
    for (const key of keys) await memo.get(key, 1000, async () => 0);
    let reloads = 0;
    const reloadsAt = async (ms: number) => {
      vi.setSystemTime(ms);
      for (const key of keys) await memo.get(key, 1000, async () => (reloads++, 1));
      return reloads;
    };
    const start = Date.now();
    expect(await reloadsAt(start + 499)).toBe(0);
    const half = await reloadsAt(start + 750);
    expect(half).toBeGreaterThan(20);
    expect(half).toBeLessThan(180);
    expect(await reloadsAt(start + 1001)).toBe(200);
  });

  it('keeps an expired value on while the write mark it was read at has not moved', async () => {
    vi.useFakeTimers();
    const memo = memoByKey<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.get('k', 1000, load, 7)).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(await memo.get('k', 1000, load, 7)).toBe(1);
    expect(loads).toBe(1);
    // a write moved the mark: once the time is up, the old value is served while one reload runs
    vi.advanceTimersByTime(1001);
    expect(await memo.get('k', 1000, load, 8)).toBe(1);
    expect(loads).toBe(2);
    expect(await memo.get('k', 1000, load, 8)).toBe(2);
    // no mark (PostgreSQL): reloaded once the time is up
    vi.advanceTimersByTime(1001);
    expect(await memo.get('k', 1000, load, null)).toBe(2);
    expect(loads).toBe(3);
  });

  it('keeps at most maxKeys, dropping the oldest', async () => {
    const memo = memoByKey<string>(2);
    const seen: string[] = [];
    const load = (key: string) => async () => (seen.push(key), key);
    for (const key of ['a', 'b', 'c', 'b', 'a']) await memo.get(key, 60_000, load(key));
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });

  it('forgets a failed load at once', async () => {
    const memo = memoByKey<number>(10);
    await expect(memo.get('k', 60_000, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('k', 60_000, async () => 7)).toBe(7);
  });
});
