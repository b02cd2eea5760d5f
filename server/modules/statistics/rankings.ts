import type { Db } from '../../db/client';
import { memoByKey } from '../../http/memo';
import { topGoods, topStores, type RankedGoods, type RankedStore, type Scope } from './figures';

/**
 * Rankings (top stores and goods of a period) kept per instance for `RANKING_CACHE_MS` (default
 * 30 s; 0 or absent: read every time, as the tests do), served again while one reload runs. A
 * ranking aggregates every goods sold in the period (38,000 rows for 30 days over 300,000 orders
 * a year), where the cards read a few hundred: the cards stay live, the order of the best sellers
 * may be half a minute old.
 */
export interface Ranking {
  ms: number;
}

const kept = new WeakMap<Db, ReturnType<typeof memoByKey<unknown>>>();

function keep<T>(ranking: Ranking, db: Db, key: string, read: () => Promise<T>): Promise<T> {
  if (ranking.ms <= 0) return read();
  let memo = kept.get(db);
  if (!memo) kept.set(db, (memo = memoByKey<unknown>(500)));
  return memo.get(key, ranking.ms, read) as Promise<T>;
}

export const rankedStores = (ranking: Ranking, db: Db, from: string, to: string, limit: number): Promise<RankedStore[]> =>
  keep(ranking, db, `stores:${from}:${to}:${limit}`, () => topStores(db, from, to, limit));

export const rankedGoods = (ranking: Ranking, db: Db, scope: Scope, from: string, to: string, limit: number, by: 'amount' | 'orders'): Promise<RankedGoods[]> =>
  keep(ranking, db, `goods:${scope}:${from}:${to}:${limit}:${by}`, () => topGoods(db, scope, from, to, limit, by));
