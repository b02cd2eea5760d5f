import type { Db } from '../../db/client';
import { topGoods, topStores, type RankedGoods, type RankedStore, type Scope } from './figures';
import { keep } from './kept';

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

export const rankedStores = (ranking: Ranking, db: Db, from: string, to: string, limit: number): Promise<RankedStore[]> =>
  keep(ranking.ms, db, `stores:${from}:${to}:${limit}`, () => topStores(db, from, to, limit));

export const rankedGoods = (ranking: Ranking, db: Db, scope: Scope, from: string, to: string, limit: number, by: 'amount' | 'orders'): Promise<RankedGoods[]> =>
  keep(ranking.ms, db, `goods:${scope}:${from}:${to}:${limit}:${by}`, () => topGoods(db, scope, from, to, limit, by));
