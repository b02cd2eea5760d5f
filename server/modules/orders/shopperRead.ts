import { orderDiscounts } from '../marketing/orderDiscounts';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { expresses, order_goods, orders, stores } from '../../db/schema';
import type { Lang } from '../../http/messages';
import { orderHistory, orderPayment } from './history';
import { NEWEST_ORDERS_FIRST, STATUS_LABELS, type OrderStatus } from './states';
import { secondsUntil } from './taskConfig';

/**
 * The shopper's order rows (docs/orders-api.md "Orders"): the list shape with lines and store,
 * and the detail (address, waybill, times, payment, history). Every query is scoped by the
 * caller's user id by its callers.
 */
type Executor = Db | Tx;

const stampText = (column: SQL | typeof orders.created_at) => sql<string | null>`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

const reservationEnd = (cancelMinutes: number) => sql`${orders.created_at} + ${cancelMinutes} * interval '1 minute'`;

/** The list row columns; `expires_at` and `expires_in` (seconds left) only while the order awaits payment. */
const listColumns = (cancelMinutes: number) => ({
  id: orders.id,
  order_no: orders.order_no,
  order_name: orders.order_name,
  order_image: orders.order_image,
  order_price: orders.order_price,
  total_price: orders.total_price,
  freight_money: orders.freight_money,
  coupon_money: orders.coupon_money,
  order_status: orders.order_status,
  refund_status: orders.refund_status,
  payment_name: orders.payment_name,
  store_id: orders.store_id,
  store_name: sql<string>`coalesce(${stores.store_name}, '')`,
  store_logo: sql<string>`coalesce(${stores.store_logo}, '')`,
  /** The store owner's user id: whom "contact the store" talks to (chat). */
  store_user_id: sql<number>`coalesce(${stores.user_id}, 0)`,
  created_at: orders.created_at,
  expires_at: sql<string | null>`case when ${orders.order_status} = 1 then ${stampText(reservationEnd(cancelMinutes))} end`,
  expires_in: sql<number | null>`case when ${orders.order_status} = 1 then ${secondsUntil(reservationEnd(cancelMinutes))} end`,
});

/** One line of an order as the shopper sees it. */
export interface OrderLine {
  id: number;
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_image: string;
  sku_name: string;
  goods_price: string;
  buy_num: number;
  total_price: string;
}

type ListRow = Awaited<ReturnType<typeof selectList>>[number];

const selectList = (db: Executor, where: SQL | undefined, opts: { cancelMinutes: number; limit: number; offset?: number }) =>
  db
    .select(listColumns(opts.cancelMinutes))
    .from(orders)
    .leftJoin(stores, eq(stores.id, orders.store_id))
    .where(where)
    .orderBy(...NEWEST_ORDERS_FIRST)
    .limit(opts.limit)
    .offset(opts.offset ?? 0);

async function linesOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, OrderLine[]>();
  const rows = await db
    .select({
      id: order_goods.id,
      order_id: order_goods.order_id,
      goods_id: order_goods.goods_id,
      sku_id: order_goods.sku_id,
      goods_name: order_goods.goods_name,
      goods_image: order_goods.goods_image,
      sku_name: order_goods.sku_name,
      goods_price: order_goods.goods_price,
      buy_num: order_goods.buy_num,
      total_price: order_goods.total_price,
    })
    .from(order_goods)
    .where(inArray(order_goods.order_id, orderIds))
    .orderBy(asc(order_goods.id));
  const byOrder = new Map<number, OrderLine[]>();
  for (const { order_id, ...line } of rows) byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), line]);
  return byOrder;
}

function present(row: ListRow, lines: Map<number, OrderLine[]>, lang: Lang) {
  const { store_id, store_name, store_logo, store_user_id, ...rest } = row;
  return {
    ...rest,
    order_status_cn: STATUS_LABELS[row.order_status as OrderStatus]?.[lang] ?? '',
    store: { id: store_id, store_name, store_logo, user_id: store_user_id },
    order_goods: lines.get(row.id) ?? [],
  };
}

export type OrderListRow = ReturnType<typeof present>;

/** Rows matching `where` (newest first), with their lines. */
export async function orderList(db: Executor, where: SQL | undefined, opts: { lang: Lang; cancelMinutes: number; limit: number; offset?: number }) {
  const rows = await selectList(db, where, opts);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => present(row, lines, opts.lang));
}

/** Number of orders per state matching `where`: {"0": n, …, "6": n, all: n}. */
export async function orderCounts(db: Executor, where: SQL | undefined) {
  const rows = await db
    .select({ status: orders.order_status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where)
    .groupBy(orders.order_status);
  const counts: Record<string, number> = { all: 0 };
  for (let s = 0; s <= 6; s++) counts[String(s)] = 0;
  for (const r of rows) {
    counts[String(r.status)] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

/** One order in the detail shape, or null. */
export async function orderDetail(db: Executor, where: SQL, opts: { lang: Lang; cancelMinutes: number }) {
  const [row] = await orderList(db, where, { ...opts, limit: 1 });
  if (!row) return null;
  const [more] = await db
    .select({
      receive_name: orders.receive_name,
      receive_tel: orders.receive_tel,
      receive_area: orders.receive_area,
      receive_address: orders.receive_address,
      remark: orders.remark,
      delivery_code: orders.delivery_code,
      delivery_name: sql<string>`coalesce((select e.name from ${expresses} e where e.code = "orders"."delivery_code" and e.deleted_at is null and "orders"."delivery_code" <> '' limit 1), '')`,
      delivery_no: orders.delivery_no,
      pay_time: orders.pay_time,
      delivery_time: orders.delivery_time,
      receipt_time: orders.receipt_time,
      comment_time: orders.comment_time,
      cancel_time: orders.cancel_time,
      pay_id: orders.pay_id,
    })
    .from(orders)
    .where(eq(orders.id, row.id));
  const { pay_id, ...detail } = more;
  const [pay, logs, discounts] = await Promise.all([orderPayment(db, pay_id), orderHistory(db, row.id), orderDiscounts(db, row.id)]);
  return { ...row, ...detail, pay, logs, discounts };
}

/** The detail answer of GET /api/user/order/{id} (the SPA may import this type). */
export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;
