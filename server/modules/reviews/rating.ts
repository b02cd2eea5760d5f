import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { goods, order_comments } from '../../db/schema';

/**
 * The one place a goods' rating statistics are computed (reference §6.6): a review is good when
 * the sum of its four scores is ≥ 15, medium when 10 < sum < 15, bad when ≤ 10; only visible
 * reviews count (not deleted, not hidden by an operator). `goods.comment_count`, `comment_good`,
 * `comment_medium` and `comment_bad` hold the counts; every write of order_comments
 *   1. locks the goods rows it touches (`lockGoods`, in id order: no deadlock between writers),
 *   2. writes the reviews,
 *   3. recounts those goods from order_comments (`refreshGoodsRating`),
 * in one transaction. The lock makes concurrent writers for one goods take turns, and the
 * recount is a new statement, so it sees every review committed before it: the counts are
 * exact, never a lost increment.
 */
export const SCORE_SUM = sql`(${order_comments.score} + ${order_comments.agree} + ${order_comments.service} + ${order_comments.speed})`;

/** is_type of GET /api/goods_comments: 0 all, 1 good, 2 medium, 3 bad. */
export const KIND_WHERE: readonly (SQL | undefined)[] = [undefined, sql`${SCORE_SUM} >= 15`, sql`${SCORE_SUM} > 10 and ${SCORE_SUM} < 15`, sql`${SCORE_SUM} <= 10`];

/** Reviews the shop shows and counts. */
export const commentVisible: SQL = and(isNull(order_comments.deleted_at), eq(order_comments.is_show, 1))!;

type Exec = Db | Tx;

const distinctSorted = (ids: readonly number[]) => [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b);

/** Locks the goods rows (in id order) before their reviews change. */
export async function lockGoods(tx: Exec, goodsIds: readonly number[]): Promise<void> {
  const ids = distinctSorted(goodsIds);
  if (ids.length === 0) return;
  await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids)).orderBy(goods.id).for('update');
}

/** Recounts the visible reviews of these goods (every goods when `goodsIds` is absent: the seed). */
export async function refreshGoodsRating(tx: Exec, goodsIds?: readonly number[]): Promise<void> {
  const ids = goodsIds && distinctSorted(goodsIds);
  if (ids && ids.length === 0) return;
  const only = ids ? sql`and g.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const sum = sql`(c.score + c.agree + c.service + c.speed)`;
  await tx.execute(sql`
    update ${goods} set
      comment_count = v.n, comment_good = v.good, comment_medium = v.medium, comment_bad = v.bad
    from (
      select g.id,
        count(c.id)::int as n,
        (count(c.id) filter (where ${sum} >= 15))::int as good,
        (count(c.id) filter (where ${sum} > 10 and ${sum} < 15))::int as medium,
        (count(c.id) filter (where ${sum} <= 10))::int as bad
      from ${goods} g
      left join ${order_comments} c on c.goods_id = g.id and c.deleted_at is null and c.is_show = 1
      where true ${only}
      group by g.id
    ) v
    where ${goods.id} = v.id
      and (${goods.comment_count}, ${goods.comment_good}, ${goods.comment_medium}, ${goods.comment_bad}) is distinct from (v.n, v.good, v.medium, v.bad)`);
}

export interface CommentStatistics {
  all: number;
  good: number;
  commonly: number;
  bad: number;
  /** good / all × 100, rounded; 100 when there is no review. */
  rate: number;
}

/** The statistics as the goods page shows them, from the stored counts (pure). */
export function statisticsOf(row: { comment_count: number; comment_good: number; comment_medium: number; comment_bad: number }): CommentStatistics {
  const all = row.comment_count;
  return { all, good: row.comment_good, commonly: row.comment_medium, bad: row.comment_bad, rate: all ? Math.round((row.comment_good / all) * 100) : 100 };
}

/** {all, good, commonly, bad, rate} of one goods (zeros and rate 100 for an unknown id). */
export async function commentStatistics(db: Exec, goodsId: number): Promise<CommentStatistics> {
  const [row] = await db
    .select({ comment_count: goods.comment_count, comment_good: goods.comment_good, comment_medium: goods.comment_medium, comment_bad: goods.comment_bad })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return statisticsOf(row ?? { comment_count: 0, comment_good: 0, comment_medium: 0, comment_bad: 0 });
}
