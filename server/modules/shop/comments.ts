import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { order_comments, users } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { commentVisible, KIND_WHERE } from '../reviews/rating';
import { visibleGoods } from './goodsDetail';
import { maskName } from './maskName';
import { idParam, intParam, paginator, pagingOf, splitList } from './shared';

/**
 * GET /api/goods_comments/:id?is_type=0..3 — reviews of a visible goods; is_type 1 good (sum of
 * the 4 scores ≥ 15), 2 medium (10 < sum < 15), 3 bad (≤ 10); newest first. Nicknames are masked.
 */
const TYPES = KIND_WHERE;

async function goodsComments(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const input = await readInput(c);
  const id = idParam(c.req.param('id'), 'id');
  const type = intParam(input.is_type, 'is_type', 0, 3) ?? 0;
  const paging = pagingOf(input, 100, 30);
  await visibleGoods(db, id);
  const rows = await db
    .select({
      id: order_comments.id,
      nickname: users.nickname,
      username: users.username,
      avatar: users.avatar,
      score: order_comments.score,
      agree: order_comments.agree,
      service: order_comments.service,
      speed: order_comments.speed,
      content: order_comments.content,
      image: order_comments.image,
      reply: order_comments.reply,
      reply_time: order_comments.reply_time,
      is_system: order_comments.is_system,
      created_at: order_comments.created_at,
      total: sql<string>`count(*) over ()`,
    })
    .from(order_comments)
    .leftJoin(users, eq(users.id, order_comments.user_id))
    .where(and(eq(order_comments.goods_id, id), commentVisible, TYPES[type]))
    // Newest first (the seed, like an import, writes old reviews after newer ones, so ids are no
    // clock); order_comments_goods_created_idx (goods_id, created_at, id) serves it backwards.
    .orderBy(desc(order_comments.created_at), desc(order_comments.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (rows.length === 0 && paging.page > 1) {
    const [row] = await db
      .select({ n: sql<string>`count(*)` })
      .from(order_comments)
      .where(and(eq(order_comments.goods_id, id), commentVisible, TYPES[type]));
    total = Number(row.n);
  }
  const data = rows.map(({ total: _t, username, ...row }) => ({
    ...row,
    nickname: maskName(row.nickname || username || ''),
    avatar: row.avatar ?? '',
    score: Number(row.score),
    agree: Number(row.agree),
    service: Number(row.service),
    speed: Number(row.speed),
    image: splitList(row.image),
  }));
  return ok(c, paginator(data, total, paging));
}

export function mountComments(api: Hono<AppEnv>) {
  api.get('/goods_comments/:id', goodsComments);
}
