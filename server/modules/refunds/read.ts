import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { expresses, order_goods, orders, refunds, stores, users } from '../../db/schema';
import { COUNT_CAP, pageAnswer, pageTotal, planList, type ListQuery, type ListSpec } from '../../http/crud';
import { fieldFail } from '../../http/crud/messages';
import { jsonSafe } from '../../http/crud/present';
import type { Lang } from '../../http/messages';
import { orderHistory } from '../orders/history';
import { STATUS_LABELS, type OrderStatus } from '../orders/states';
import { STAGE_LABELS } from './messages';
import { REFUND_STEPS, stageOf, type Stage, type StepName } from './steps';

/**
 * After-sale requests as the three areas read them: a list (the store's, the operator's, the
 * buyer's own) and one request by its order id, with the order's summary, the stage in words, the
 * steps the reader may take now, the express names, the lines and the order's history.
 */
type Exec = Db | Tx;
type Row = Record<string, unknown>;

const backExpress = aliasedTable(expresses, 'back_express');
const reExpress = aliasedTable(expresses, 're_express');

const FIELDS = {
  id: refunds.id,
  order_id: refunds.order_id,
  user_id: refunds.user_id,
  store_id: refunds.store_id,
  refund_no: refunds.refund_no,
  refund_type: refunds.refund_type,
  refund_verify: refunds.refund_verify,
  refund_step: refunds.refund_step,
  refund_remark: refunds.refund_remark,
  images: refunds.images,
  refuse_remark: refunds.refuse_remark,
  delivery_code: refunds.delivery_code,
  delivery_no: refunds.delivery_no,
  delivery_name: sql<string>`coalesce(${backExpress.name}, '')`,
  re_delivery_code: refunds.re_delivery_code,
  re_delivery_no: refunds.re_delivery_no,
  re_delivery_name: sql<string>`coalesce(${reExpress.name}, '')`,
  refund_money: refunds.refund_money,
  from_status: refunds.from_status,
  created_at: refunds.created_at,
  updated_at: refunds.updated_at,
  order_no: orders.order_no,
  order_name: orders.order_name,
  order_image: orders.order_image,
  total_price: orders.total_price,
  order_refund_money: orders.refund_money,
  order_status: orders.order_status,
  payment_name: orders.payment_name,
  store_name: sql<string>`coalesce(${stores.store_name}, '')`,
  buyer_name: sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username}, '')`,
};

function joined<T extends Record<string, unknown>>(db: Exec, fields: T) {
  return db
    .select(fields as never)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.order_id))
    .leftJoin(users, eq(users.id, refunds.user_id))
    .leftJoin(stores, eq(stores.id, refunds.store_id))
    .leftJoin(backExpress, and(eq(backExpress.code, refunds.delivery_code), isNull(backExpress.deleted_at)))
    .leftJoin(reExpress, and(eq(reExpress.code, refunds.re_delivery_code), isNull(reExpress.deleted_at)));
}

/**
 * `refunds` with only the joins a filter names (the order's number or name, the store's name): a
 * page's ids and its count then read refunds alone. Every request has its order (orders are never
 * removed, only marked deleted), so the inner join of the rows changes no count.
 */
function filtered<T extends Record<string, unknown>>(db: Exec, fields: T, query: Record<string, unknown>) {
  const q = db.select(fields as never).from(refunds).$dynamic();
  if (query.order_no !== undefined || query.order_name !== undefined) q.innerJoin(orders, eq(orders.id, refunds.order_id));
  if (query.store_name !== undefined) q.leftJoin(stores, eq(stores.id, refunds.store_id));
  return q;
}

const STAGE_WHERE: Record<Stage, SQL> = {
  pending: sql`${refunds.refund_verify} = 0`,
  awaitingReturn: sql`${refunds.refund_verify} = 1 and ${refunds.refund_step} = 0`,
  returning: sql`${refunds.refund_verify} = 1 and ${refunds.refund_step} = 1`,
  arrived: sql`${refunds.refund_verify} = 1 and ${refunds.refund_step} = 2 and ${refunds.re_delivery_no} = ''`,
  reshipped: sql`${refunds.refund_verify} = 1 and ${refunds.refund_step} = 2 and ${refunds.re_delivery_no} <> ''`,
  done: sql`${refunds.refund_verify} = 1 and ${refunds.refund_step} = 3`,
  refused: sql`${refunds.refund_verify} = 2`,
  withdrawn: sql`${refunds.refund_verify} = 3`,
};

export const STAGES = Object.keys(STAGE_WHERE) as Stage[];

const listSpec: ListSpec = {
  filterable: {
    id: refunds.id,
    order_id: refunds.order_id,
    refund_type: refunds.refund_type,
    refund_no: refunds.refund_no,
    order_no: orders.order_no,
    order_name: orders.order_name,
    store_id: refunds.store_id,
    store_name: stores.store_name,
    created_at: refunds.created_at,
  },
  sortable: { id: refunds.id, created_at: refunds.created_at, updated_at: refunds.updated_at },
  defaultOrder: desc(refunds.id),
};

/** A bare text search value as contains (`x` → `x|like`). */
const containsOf = (value: unknown) => (typeof value === 'string' && !value.includes('|') && value !== '' ? `${value}|like` : value);

export type Reader = 'user' | 'seller' | 'admin';

/** The steps `reader` may take at `stage` (what the pages show as buttons). */
export function stepsFor(reader: Reader, stage: Stage): StepName[] {
  return (Object.keys(REFUND_STEPS) as StepName[]).filter((step) => {
    const rule = REFUND_STEPS[step] as { from: readonly Stage[]; who: readonly string[] };
    return rule.from.includes(stage) && rule.who.includes(reader);
  });
}

function present(row: Row, lang: Lang, reader: Reader): Row {
  const stage = stageOf({ refund_verify: Number(row.refund_verify), refund_step: Number(row.refund_step), re_delivery_no: String(row.re_delivery_no ?? '') });
  const images = String(row.images ?? '');
  return {
    ...jsonSafe(row),
    images: images ? images.split(',') : [],
    stage,
    stage_cn: STAGE_LABELS[stage][lang],
    order_status_cn: STATUS_LABELS[Number(row.order_status) as OrderStatus]?.[lang] ?? '',
    steps: stepsFor(reader, stage),
  };
}

/** Rows of the list (paginated, or all with isAll) within `scope`; `stage=<name>` filters by stage, `count` holds the open ones per stage. */
export async function listRefunds(db: Exec, input: ListQuery, scope: SQL | undefined, lang: Lang, reader: Reader) {
  const { stage: rawStage, ...rest } = input as Record<string, unknown>;
  const query: Record<string, unknown> = { ...rest };
  for (const key of ['order_no', 'order_name', 'store_name', 'refund_no']) if (key in query) query[key] = containsOf(query[key]);
  let stageWhere: SQL | undefined;
  if (rawStage !== undefined && rawStage !== '') {
    if (typeof rawStage !== 'string' || !STAGES.includes(rawStage as Stage)) throw fieldFail('crud.badShape', 'stage', 'crud.issue.invalid');
    stageWhere = STAGE_WHERE[rawStage as Stage];
  }
  const plan = planList(listSpec, query);
  const where = and(isNull(refunds.deleted_at), scope, stageWhere, plan.where);
  const shown = (data: unknown) => (data as Row[]).map((row) => present(row, lang, reader));
  if (plan.mode.kind !== 'page') return shown(await joined(db, FIELDS).where(where).orderBy(...plan.orderBy).prepare('').execute(plan.values));
  const { page, perPage } = plan.mode;
  // the page's ids first (a deferred join), a total counted up to COUNT_CAP + 1 (office-orders/read.ts does the same)
  const ids = filtered(db, { id: refunds.id }, query).where(where).orderBy(...plan.orderBy).limit(perPage).offset((page - 1) * perPage);
  const bounded = filtered(db, { one: sql`1` }, query).where(where).limit(COUNT_CAP + 1).as('bounded');
  const [data, totals, perStage] = await Promise.all([
    joined(db, FIELDS).where(inArray(refunds.id, ids)).orderBy(...plan.orderBy).prepare('').execute(plan.values) as Promise<Row[]>,
    db.select({ total: count() }).from(bounded).prepare('').execute(plan.values) as Promise<{ total: number }[]>,
    db
      .select({ verify: refunds.refund_verify, step: refunds.refund_step, reshipped: sql<boolean>`${refunds.re_delivery_no} <> ''`, n: count() })
      .from(refunds)
      .where(and(isNull(refunds.deleted_at), scope))
      .groupBy(refunds.refund_verify, refunds.refund_step, sql`${refunds.re_delivery_no} <> ''`),
  ]);
  const counts: Record<string, number> = Object.fromEntries(STAGES.map((s) => [s, 0]));
  for (const r of perStage) counts[stageOf({ refund_verify: r.verify, refund_step: r.step, re_delivery_no: r.reshipped ? '-' : '' })] += Number(r.n);
  const { total, capped } = pageTotal(Number(totals[0]?.total ?? 0), page, perPage, data.length);
  return { ...pageAnswer(shown(data), total, capped, page, perPage), count: counts };
}

/** The latest request of order `orderId` within `scope`, with the order's lines and history; undefined when none. */
export async function refundDetail(db: Exec, orderId: number, scope: SQL | undefined, lang: Lang, reader: Reader) {
  const [row] = (await joined(db, FIELDS)
    .where(and(eq(refunds.order_id, orderId), isNull(refunds.deleted_at), isNull(orders.deleted_at), scope))
    .orderBy(desc(refunds.id))
    .limit(1)) as Row[];
  if (!row) return undefined;
  const [lines, logs] = await Promise.all([
    db
      .select({
        id: order_goods.id,
        goods_id: order_goods.goods_id,
        goods_name: order_goods.goods_name,
        goods_image: order_goods.goods_image,
        sku_name: order_goods.sku_name,
        goods_price: order_goods.goods_price,
        buy_num: order_goods.buy_num,
        total_price: order_goods.total_price,
      })
      .from(order_goods)
      .where(eq(order_goods.order_id, orderId))
      .orderBy(asc(order_goods.id)),
    orderHistory(db, orderId),
  ]);
  return { ...present(row, lang, reader), order_goods: lines, logs };
}
