import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { goods, order_comments, order_goods, stores, users } from '../../db/schema';
import { planList, type ListPlan, type ListQuery, type ListSpec } from '../../http/crud';
import { fieldFail } from '../../http/crud/messages';
import type { Lang } from '../../http/messages';
import { splitList } from '../shop/shared';
import { reviewsMessage } from './messages';
import { KIND_WHERE } from './rating';

/**
 * Reviews as their writer, the store and the operator read them (reference OrderCommentCollection
 * / OrderCommentHomeUserCollection): the review, the buyer's name and avatar, the goods line it
 * is about (the order line's name, image and SKU; the goods' own for reviews written before
 * lines were kept), the store's name, the reply, and whether it is shown.
 */

type Exec = Db | Tx;
type Row = Record<string, unknown>;

const FIELDS = {
  id: order_comments.id,
  order_id: order_comments.order_id,
  order_goods_id: order_comments.order_goods_id,
  goods_id: order_comments.goods_id,
  store_id: order_comments.store_id,
  user_id: order_comments.user_id,
  store_name: sql<string>`coalesce(${stores.store_name}, '')`,
  nickname: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username}, '')`,
  avatar: sql<string>`coalesce(${users.avatar}, '')`,
  goods_name: sql<string>`coalesce(${order_goods.goods_name}, ${goods.goods_name}, '')`,
  goods_master_image: sql<string>`coalesce(nullif(${order_goods.goods_image}, ''), ${goods.goods_master_image}, '')`,
  sku_name: sql<string>`coalesce(${order_goods.sku_name}, '')`,
  score: order_comments.score,
  agree: order_comments.agree,
  service: order_comments.service,
  speed: order_comments.speed,
  content: order_comments.content,
  image: order_comments.image,
  reply: order_comments.reply,
  reply_time: order_comments.reply_time,
  is_show: order_comments.is_show,
  is_system: order_comments.is_system,
  created_at: order_comments.created_at,
};

function joined<T extends Record<string, unknown>>(db: Exec, fields: T) {
  return db
    .select(fields as never)
    .from(order_comments)
    .leftJoin(users, eq(users.id, order_comments.user_id))
    .leftJoin(order_goods, eq(order_goods.id, order_comments.order_goods_id))
    .leftJoin(goods, eq(goods.id, order_comments.goods_id))
    .leftJoin(stores, eq(stores.id, order_comments.store_id));
}

const live = sql`${order_comments.deleted_at} is null`;

const FILTERS = {
  id: order_comments.id,
  goods_id: order_comments.goods_id,
  order_id: order_comments.order_id,
  goods_name: goods.goods_name,
  content: order_comments.content,
  is_show: order_comments.is_show,
  created_at: order_comments.created_at,
};

export const userListSpec: ListSpec = { filterable: { goods_id: order_comments.goods_id }, defaultOrder: [desc(order_comments.id)] };
export const sellerListSpec: ListSpec = {
  filterable: FILTERS,
  sortable: { id: order_comments.id, created_at: order_comments.created_at },
  defaultOrder: [desc(order_comments.id)],
};
export const adminListSpec: ListSpec = { ...sellerListSpec, filterable: { ...FILTERS, store_id: order_comments.store_id, store_name: stores.store_name } };

export interface CommentsPlan {
  plan: ListPlan;
  /** is_type (0 all, 1 good, 2 medium, 3 bad) and replied (0 / 1). */
  extra: SQL | undefined;
}

const containsOf = (value: unknown) => (typeof value === 'string' && value !== '' && !value.includes('|') ? `${value}|like` : value);

function wholeParam(raw: unknown, field: string, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d$/.test(raw) || Number(raw) > max) throw fieldFail('crud.badShape', field, 'crud.issue.invalid');
  return Number(raw);
}

/** The list plan of a request: the DSL filters, plus `is_type` and `replied`; bare texts search as contains. */
export function planComments(spec: ListSpec, input: ListQuery): CommentsPlan {
  const { is_type: rawType, replied: rawReplied, ...rest } = input as Record<string, unknown>;
  const query: Record<string, unknown> = { ...rest };
  for (const key of ['goods_name', 'content', 'store_name']) if (key in query) query[key] = containsOf(query[key]);
  const type = wholeParam(rawType, 'is_type', 3);
  const replied = wholeParam(rawReplied, 'replied', 1);
  const extra = and(
    type ? KIND_WHERE[type] : undefined,
    replied === undefined ? undefined : replied ? sql`${order_comments.reply} <> ''` : sql`${order_comments.reply} = ''`,
  );
  return { plan: planList(spec, query), extra };
}

const kindOf = (sum: number) => (sum >= 15 ? 1 : sum > 10 ? 2 : 3);

/** A row as answered: scores as numbers, photos as a list, a system review's text in the caller's language. */
export function presentComment(row: Row, lang: Lang): Row {
  const scores = [row.score, row.agree, row.service, row.speed].map(Number);
  const system = Number(row.is_system) === 1;
  return {
    ...row,
    score: scores[0],
    agree: scores[1],
    service: scores[2],
    speed: scores[3],
    is_type: kindOf(scores.reduce((a, b) => a + b, 0)),
    content: system && !row.content ? reviewsMessage('reviews.systemContent', lang) : row.content,
    image: splitList(String(row.image ?? '')),
  };
}

/** Most rows an `isAll` list answers (an export of a large shop's reviews is paged). */
const ALL_LIMIT = 2000;

/** Paginated reviews (or at most ALL_LIMIT with isAll) matching the plan within `scope`, newest first. */
export async function listComments(db: Exec, { plan, extra }: CommentsPlan, scope: SQL | undefined, lang: Lang) {
  const where = and(live, scope, extra, plan.where);
  const rows = joined(db, FIELDS).where(where).orderBy(...plan.orderBy).$dynamic();
  const shown = (data: unknown) => (data as Row[]).map((row) => presentComment(row, lang));
  if (plan.mode.kind !== 'page') return shown(await rows.limit(ALL_LIMIT).prepare('').execute(plan.values));
  const { page, perPage } = plan.mode;
  const [data, totals] = await Promise.all([
    rows.limit(perPage).offset((page - 1) * perPage).prepare('').execute(plan.values),
    joined(db, { total: count() }).where(where).prepare('').execute(plan.values) as Promise<{ total: number }[]>,
  ]);
  const total = Number(totals[0]?.total ?? 0);
  return { data: shown(data), total, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** One live review within `scope`, or undefined (a 404 for the caller). */
export async function commentById(db: Exec, id: number, scope: SQL | undefined, lang: Lang) {
  const [row] = (await joined(db, FIELDS)
    .where(and(eq(order_comments.id, id), live, scope))
    .limit(1)) as Row[];
  return row ? presentComment(row, lang) : undefined;
}

