import type { Db } from '../../db/client';
import { memoByKey } from '../../http/memo';

/**
 * Values kept per instance and database for `ms` (0: read every time, as the tests do), one read
 * in flight per key, served again while one reload runs (`memoByKey`). The dashboards keep their
 * rankings (RANKING_CACHE_MS) and their whole answers (DASHBOARD_CACHE_MS) through it.
 */
const kept = new WeakMap<Db, ReturnType<typeof memoByKey<unknown>>>();

export function keep<T>(ms: number, db: Db, key: string, read: () => Promise<T>): Promise<T> {
  if (ms <= 0) return read();
  let memo = kept.get(db);
  if (!memo) kept.set(db, (memo = memoByKey<unknown>(500)));
  return memo.get(key, ms, read) as Promise<T>;
}
