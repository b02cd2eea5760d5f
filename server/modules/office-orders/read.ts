import { orderDiscounts } from '../marketing/orderDiscounts';
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { expresses, order_goods, orders, stores, users } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { COUNT_CAP, escapeLike, likeOperator, pageAnswer, pageTotal, planList, type ListPlan, type ListQuery, type ListSpec } from '../../http/crud';
import { fieldFail } from '../../http/crud/messages';
import { jsonSafe } from '../../http/crud/present';
import type { Lang } from '../../http/messages';
import { orderHistory, orderPayment } from '../orders/history';
import { stateCounts as liveStateCounts } from '../statistics/figures';
import { NEWEST_ORDERS_FIRST, STATUS_LABELS, type OrderStatus } from '../orders/states';
import { officeOrdersMessage } from './messages';

/**
 * Orders as the store's and the operator's consoles read them (docs/orders-api.md "Store",
 * "Operator"; reference OrderCollection / OrderResource): the list with the buyer's and the
 * store's names, and the detail with its lines, payment and history.
 */

type Exec = Db | Tx;
type Row = Record<string, unknown>;

const buyerName = sql<string>`coalesce(nullif(${users.nickname}, ''), ${users.username}, '')`;

const LIST_FIELDS = {
  id: orders.id,
  order_no: orders.order_no,
  order_name: orders.order_name,
  order_image: orders.order_image,
  total_price: orders.total_price,
  order_price: orders.order_price,
  freight_money: orders.freight_money,
  coupon_money: orders.coupon_money,
  store_id: orders.store_id,
  user_id: orders.user_id,
  store_name: sql<string>`coalesce(${stores.store_name}, '')`,
  buyer_name: buyerName,
  order_status: orders.order_status,
  refund_status: orders.refund_status,
  payment_name: orders.payment_name,
  delivery_no: orders.delivery_no,
  delivery_code: orders.delivery_code,
  receive_name: orders.receive_name,
  receive_tel: orders.receive_tel,
  receive_area: orders.receive_area,
  receive_address: orders.receive_address,
  pay_time: orders.pay_time,
  delivery_time: orders.delivery_time,
  receipt_time: orders.receipt_time,
  comment_time: orders.comment_time,
  cancel_time: orders.cancel_time,
  created_at: orders.created_at,
  updated_at: orders.updated_at,
};

const DETAIL_FIELDS = {
  ...LIST_FIELDS,
  remark: orders.remark,
  pay_id: orders.pay_id,
  delivery_name: sql<string>`coalesce(${expresses.name}, '')`,
};

/**
 * `orders` with only the joins a filter needs (the buyer, the store): ids and counts read from an
 * orders index alone (index-only) when no filter names a joined table; a join, even one the
 * planner removes, keeps the joined key column needed and so the table in the plan.
 */
function filtered<T extends Record<string, unknown>>(db: Exec, fields: T, needs: OrdersPlan['needs']) {
  const q = db.select(fields as never).from(orders).$dynamic();
  if (needs.users) q.leftJoin(users, eq(users.id, orders.user_id));
  if (needs.stores) q.leftJoin(stores, eq(stores.id, orders.store_id));
  return q;
}

function joined<T extends Record<string, unknown>>(db: Exec, fields: T, withExpress = false) {
  const base = db
    .select(fields as never)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.user_id))
    .leftJoin(stores, eq(stores.id, orders.store_id));
  return withExpress ? base.leftJoin(expresses, and(eq(expresses.code, orders.delivery_code), isNull(expresses.deleted_at))) : base;
}

const FILTERS = {
  id: orders.id,
  order_no: orders.order_no,
  order_name: orders.order_name,
  order_status: orders.order_status,
  refund_status: orders.refund_status,
  created_at: orders.created_at,
};

/** The store's list: its own orders only (the scope comes from the session). */
export const sellerListSpec: ListSpec = {
  filterable: FILTERS,
  sortable: { id: orders.id, total_price: orders.total_price, created_at: orders.created_at },
  defaultOrder: NEWEST_ORDERS_FIRST,
};

/** The operator's list: every store, and a search by store. */
export const adminListSpec: ListSpec = {
  ...sellerListSpec,
  filterable: { ...FILTERS, store_id: orders.store_id, store_name: stores.store_name },
};

/** A bare text search value (`x`, or `x|like` as the table page sends it) as `|like`. */
const containsOf = (value: unknown) => (typeof value === 'string' && !value.includes('|') && value !== '' ? `${value}|like` : value);

/**
 * The list plan of a request, plus the `buyer` condition (username, nickname or phone contains
 * the text): `order_status=-1` means every state, a bare `store_name` searches as contains.
 */
export function planOrders(spec: ListSpec, input: ListQuery): OrdersPlan {
  const { buyer: rawBuyer, ...rest } = input as Record<string, unknown>;
  const query: Record<string, unknown> = { ...rest };
  if (query.order_status === '-1') delete query.order_status;
  if ('store_name' in query) query.store_name = containsOf(query.store_name);
  if ('order_no' in query) query.order_no = containsOf(query.order_no);
  const plan = planList(spec, query);
  // the state tabs count every state under the other filters
  const { order_status: status, ...others } = query;
  // the page's total is one of those counts when the list is of every state or of one
  const totalIs = status === undefined ? 'all' : typeof status === 'string' && /^\d{1,2}$/.test(status) ? String(Number(status)) : undefined;
  const buyer = buyerCondition(rawBuyer);
  const needs = { users: buyer !== undefined, stores: query.store_name !== undefined };
  return { plan, countPlan: planList(spec, { ...others, isAll: '1' }), buyer, totalIs, needs };
}

export interface OrdersPlan {
  plan: ListPlan;
  /** The same filters without the state: what the per-state counts cover. */
  countPlan: ListPlan;
  buyer: SQL | undefined;
  /** Which per-state count (`all`, or a state) the page's total equals; undefined: count it apart. */
  totalIs?: string;
  /** The joined tables the filters name (the buyer's account, the store). */
  needs: { users: boolean; stores: boolean };
}

function buyerCondition(raw: unknown): SQL | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw fieldFail('crud.badShape', 'buyer', 'crud.issue.invalid');
  const text = raw.replace(/\|(like|likeRight|likeLeft)$/, '').trim().slice(0, 30);
  if (text === '') return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const op = likeOperator(text);
  return or(
    sql`${users.username} ${op} ${pattern} escape '\\'`,
    sql`${users.nickname} ${op} ${pattern} escape '\\'`,
    sql`${users.phone} ${op} ${pattern} escape '\\'`,
  );
}

const statusLabel = (status: number, lang: Lang) => STATUS_LABELS[status as OrderStatus]?.[lang] ?? '';

function paymentLabel(name: string, lang: Lang): string {
  if (name === 'balance' || name === 'wechat' || name === 'alipay') return officeOrdersMessage(`officeOrders.payment.${name}`, lang);
  return name;
}

/** A row as answered: JSON-safe, with the state's and the payment's names in the caller's language. */
function present(row: Row, lang: Lang): Row {
  return {
    ...jsonSafe(row),
    order_status_cn: statusLabel(Number(row.order_status), lang),
    payment_name_cn: paymentLabel(String(row.payment_name ?? ''), lang),
  };
}

const STATES = Object.keys(STATUS_LABELS).map(Number);

/**
 * Orders per state (`"0"` … `"6"`) and `all`, under the filters of `countPlan` within `scope`,
 * each counted up to COUNT_CAP + 1 (the state's index, then a bounded count): counting every
 * one of 300,000 orders on each page view was most of a list's cost. `capped`: some state has
 * more, its count (and `all`) is then a lower bound.
 */
async function stateCounts(db: Exec, { countPlan, buyer, needs }: OrdersPlan, scope: SQL | undefined, rollup: number) {
  // no filter but the scope: the live counts the dashboards keep per store and for the platform,
  // exact and a few rows to read (statistics/figures.ts), instead of counting orders per state
  if (!buyer && countPlan.where === undefined) {
    const live = await liveStateCounts(db as Db, rollup);
    const counts: Record<string, number> = { all: 0 };
    for (const state of STATES) {
      counts[String(state)] = live[state] ?? 0;
      counts.all += live[state] ?? 0;
    }
    return { counts, over: new Set<string>() };
  }
  // a text search (contains, buyer) matches few orders through its trigram index: group those
  // (at most COUNT_CAP + 1 of them; past that every state is a lower bound) rather than search once per state
  if (buyer || /:like(Right|Left)?=?\//.test(countPlan.shape)) {
    const matched = filtered(db, { status: orders.order_status }, needs)
      .where(and(isNull(orders.deleted_at), scope, buyer, countPlan.where))
      .limit(COUNT_CAP + 1);
    const grouped = (await db
      .select({ status: sql<number>`m.order_status`, n: count() })
      .from(sql`(${matched}) as m`)
      .groupBy(sql`m.order_status`)
      .prepare('')
      .execute(countPlan.values)) as { status: number; n: number }[];
    const counts: Record<string, number> = { all: 0 };
    for (const state of STATES) counts[String(state)] = 0;
    for (const row of grouped) {
      counts[String(row.status)] = Number(row.n);
      counts.all += Number(row.n);
    }
    return { counts, over: new Set(counts.all > COUNT_CAP ? ['all', ...STATES.map(String)] : []) };
  }
  // one branch per state with the state as a literal: the planner then knows how rare each is
  // and reads a rare state from its index (a parameter made it scan for every state)
  const branches = STATES.map((state) => {
    const bounded = filtered(db, { one: sql`1` }, needs)
      .where(and(sql`${orders.order_status} = ${sql.raw(String(state))}`, isNull(orders.deleted_at), scope, buyer, countPlan.where))
      .limit(COUNT_CAP + 1);
    return sql`select ${sql.raw(String(state))} as status, (select count(*) from (${bounded}) as c) as n`;
  });
  const rows = (await db
    .select({ status: sql<number>`u.status`.mapWith(Number), n: sql<number>`u.n`.mapWith(Number) })
    .from(sql`(${sql.join(branches, sql` union all `)}) as u`)
    .prepare('')
    .execute(countPlan.values)) as { status: number; n: number }[];
  const counts: Record<string, number> = { all: 0 };
  /** The states (and `all`) whose count stopped at the cap: lower bounds. */
  const over = new Set<string>();
  for (const row of rows) {
    if (row.n > COUNT_CAP) over.add(String(row.status)).add('all');
    counts[String(row.status)] = Math.min(row.n, COUNT_CAP);
    counts.all += Math.min(row.n, COUNT_CAP);
  }
  return { counts, over };
}

/** Which live orders of `scope` match: the store and buyer filters read the joined store and buyer. */
const pageIds = (db: Exec, where: SQL | undefined, { plan, needs }: OrdersPlan, page: number, perPage: number) =>
  filtered(db, { id: orders.id }, needs)
    .where(where)
    .orderBy(...plan.orderBy)
    .limit(perPage)
    .offset((page - 1) * perPage);

/**
 * Paginated rows (or the bare array with isAll) of the orders matching the plan within `scope`;
 * a page also carries `count`, the orders per state under the other filters (the state tabs).
 * The page's ids come first (a deferred join: an index walk to page 500 skips entries, not joined
 * rows), then those 30 orders are read with their buyer and store.
 */
export async function listOrders(db: Exec, plans: OrdersPlan, scope: SQL | undefined, rollup: number, lang: Lang) {
  const { plan, buyer, totalIs, needs } = plans;
  // plan.where holds placeholders for the request's values (listQuery.ts): run with plan.values.
  const where = and(isNull(orders.deleted_at), scope, buyer, plan.where);
  const shown = (data: unknown) => (data as Row[]).map((row) => present(row, lang));
  if (plan.mode.kind !== 'page') return shown(await joined(db, LIST_FIELDS).where(where).orderBy(...plan.orderBy).prepare('').execute(plan.values));
  const { page, perPage } = plan.mode;
  const [data, totals, states] = await Promise.all([
    joined(db, LIST_FIELDS).where(inArray(orders.id, pageIds(db, where, plans, page, perPage))).orderBy(...plan.orderBy).prepare('').execute(plan.values) as Promise<Row[]>,
    totalIs === undefined ? (db.select({ n: sql<number>`(${cappedOrders(db, where, needs)})`.mapWith(Number) }).from(sql`(select 1) as one`).prepare('').execute(plan.values) as Promise<{ n: number }[]>) : undefined,
    stateCounts(db, plans, scope, rollup),
  ]);
  const counted = totalIs === undefined ? Number(totals?.[0]?.n ?? 0) : (states.counts[totalIs] ?? 0);
  const capped = totalIs === undefined ? counted > COUNT_CAP : states.over.has(totalIs);
  const { total, capped: lowerBound } = pageTotal(counted, page, perPage, data.length, capped);
  return { ...pageAnswer(shown(data), total, lowerBound, page, perPage), count: states.counts };
}

/** The orders matching `where`, counted up to COUNT_CAP + 1. */
const cappedOrders = (db: Exec, where: SQL | undefined, needs: OrdersPlan['needs']) => {
  const bounded = filtered(db, { one: sql`1` }, needs).where(where).limit(COUNT_CAP + 1).as('bounded');
  return db.select({ n: count() }).from(bounded);
};

/**
 * One order with `order_goods`, `logs` (oldest first) and `pay` (the payment that paid it, or
 * null); undefined when there is no such live order within `scope` (a 404 for the caller).
 */
export async function orderDetail(db: Exec, id: number, scope: SQL | undefined, lang: Lang) {
  const [row] = (await joined(db, DETAIL_FIELDS, true)
    .where(and(eq(orders.id, id), isNull(orders.deleted_at), scope))
    .limit(1)) as Row[];
  if (!row) return undefined;
  const [lines, logs, pay, discounts] = await Promise.all([
    db
      .select({
        id: order_goods.id,
        goods_id: order_goods.goods_id,
        sku_id: order_goods.sku_id,
        goods_name: order_goods.goods_name,
        goods_image: order_goods.goods_image,
        sku_name: order_goods.sku_name,
        goods_price: order_goods.goods_price,
        buy_num: order_goods.buy_num,
        total_price: order_goods.total_price,
        total_weight: order_goods.total_weight,
      })
      .from(order_goods)
      .where(eq(order_goods.order_id, id))
      .orderBy(asc(order_goods.id)),
    orderHistory(db, id),
    orderPayment(db, Number(row.pay_id)),
    orderDiscounts(db, id),
  ]);
  const { pay_id: _payId, ...rest } = row;
  return {
    ...present(rest, lang),
    order_goods: lines,
    logs: logs.map((log) => ({ ...log, to_status_cn: statusLabel(log.to_status, lang) })),
    pay: pay ? { ...pay, payment_name_cn: paymentLabel(pay.payment_name, lang) } : null,
    discounts,
  };
}
