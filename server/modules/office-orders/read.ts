import { orderDiscounts } from '../marketing/orderDiscounts';
import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { expresses, order_goods, orders, stores, users } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { escapeLike, planList, type ListPlan, type ListQuery, type ListSpec } from '../../http/crud';
import { fieldFail } from '../../http/crud/messages';
import { jsonSafe } from '../../http/crud/present';
import type { Lang } from '../../http/messages';
import { orderHistory, orderPayment } from '../orders/history';
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
  return { plan, countPlan: planList(spec, { ...others, isAll: '1' }), buyer: buyerCondition(rawBuyer), totalIs };
}

export interface OrdersPlan {
  plan: ListPlan;
  /** The same filters without the state: what the per-state counts cover. */
  countPlan: ListPlan;
  buyer: SQL | undefined;
  /** Which per-state count (`all`, or a state) the page's total equals; undefined: count it apart. */
  totalIs?: string;
}

function buyerCondition(raw: unknown): SQL | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw fieldFail('crud.badShape', 'buyer', 'crud.issue.invalid');
  const text = raw.replace(/\|(like|likeRight|likeLeft)$/, '').trim().slice(0, 30);
  if (text === '') return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    sql`${users.username} ilike ${pattern} escape '\\'`,
    sql`${users.nickname} ilike ${pattern} escape '\\'`,
    sql`${users.phone} ilike ${pattern} escape '\\'`,
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

/** Orders per state (`"0"` … `"6"`) and `all`, under the filters of `countPlan` within `scope`. */
async function stateCounts(db: Exec, countPlan: ListPlan, scope: SQL | undefined, buyer: SQL | undefined) {
  const rows = (await joined(db, { status: orders.order_status, n: count() })
    .where(and(isNull(orders.deleted_at), scope, buyer, countPlan.where))
    .groupBy(orders.order_status)
    .prepare('')
    .execute(countPlan.values)) as { status: number; n: number }[];
  const counts: Record<string, number> = { all: 0 };
  for (const status of Object.keys(STATUS_LABELS)) counts[status] = 0;
  for (const row of rows) {
    counts[String(row.status)] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

/**
 * Paginated rows (or the bare array with isAll) of the orders matching the plan within `scope`;
 * a page also carries `count`, the orders per state under the other filters (the state tabs).
 */
export async function listOrders(db: Exec, { plan, countPlan, buyer, totalIs }: OrdersPlan, scope: SQL | undefined, lang: Lang) {
  // plan.where holds placeholders for the request's values (listQuery.ts): run with plan.values.
  const where = and(isNull(orders.deleted_at), scope, buyer, plan.where);
  const rows = joined(db, LIST_FIELDS).where(where).orderBy(...plan.orderBy).$dynamic();
  const shown = (data: unknown) => (data as Row[]).map((row) => present(row, lang));
  if (plan.mode.kind !== 'page') return shown(await rows.prepare('').execute(plan.values));
  const { page, perPage } = plan.mode;
  // each count reads every matching order (300,000 orders: ~150 ms): the total is not counted twice
  const [data, totals, counts] = await Promise.all([
    rows.limit(perPage).offset((page - 1) * perPage).prepare('').execute(plan.values),
    totalIs === undefined ? (joined(db, { total: count() }).where(where).prepare('').execute(plan.values) as Promise<{ total: number }[]>) : undefined,
    stateCounts(db, countPlan, scope, buyer),
  ]);
  const total = totalIs === undefined ? Number(totals?.[0]?.total ?? 0) : (counts[totalIs] ?? 0);
  return { data: shown(data), total, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), count: counts };
}

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
