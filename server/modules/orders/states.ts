import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { order_logs, orders } from '../../db/schema';
import type { Db } from '../../db/client';
import { fail } from '../../http/envelope';
import { awardOrderPoints } from '../points/earn';
import { announce, type NoticeKind } from '../../live/events';
import './messages';

/**
 * The one order state table (reference §6.3, with its bugs B4, B12, B15 fixed). Every change of
 * `orders.order_status` in any area goes through `changeOrderState`: a conditional UPDATE on the
 * states an action may start from, the action's timestamp, and an `order_logs` row, in the
 * caller's transaction. An action that does not apply to the order's current state is a 422
 * naming that state, never a silent success.
 */
/**
 * How every list of orders reads (the shopper's, the store's, the operator's): newest first by
 * creation time, the id breaking ties between orders of the same second.
 */
export const NEWEST_ORDERS_FIRST = [desc(orders.created_at), desc(orders.id)] as const;

export const ORDER_STATUS = { cancelled: 0, unpaid: 1, paid: 2, shipped: 3, received: 4, afterSale: 5, completed: 6 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export type Actor = 'user' | 'seller' | 'admin' | 'system';

export interface OrderAction {
  from: readonly OrderStatus[];
  to: OrderStatus;
  who: readonly Actor[];
  /** The column stamped with now() when the action happens. */
  stamp?: 'pay_time' | 'delivery_time' | 'receipt_time' | 'comment_time' | 'cancel_time';
}

export const ORDER_ACTIONS = {
  /** Unpaid → cancelled: the buyer, an operator or the unpaid-order task; stock goes back (orders service). */
  cancel: { from: [1], to: 0, who: ['user', 'admin', 'system'], stamp: 'cancel_time' },
  /** Unpaid → paid: only a confirmed payment (balance debit or a verified provider notify). */
  pay: { from: [1], to: 2, who: ['system'], stamp: 'pay_time' },
  /** Paid → shipped, with an express company and a waybill number. */
  ship: { from: [2], to: 3, who: ['seller', 'admin'], stamp: 'delivery_time' },
  /** Shipped → received: the buyer, an operator or the auto-confirm task. */
  receive: { from: [3], to: 4, who: ['user', 'admin', 'system'], stamp: 'receipt_time' },
  /** Received → completed by a review (or the system's default review). */
  comment: { from: [4], to: 6, who: ['user', 'system'], stamp: 'comment_time' },
  /** A refund or return application on a paid order (issue 13). */
  afterSale: { from: [2, 3, 4], to: 5, who: ['user'] },
  /** After-sale finished (refunded, or returned and re-shipped). */
  afterSaleDone: { from: [5], to: 6, who: ['seller', 'admin', 'user', 'system'] },
  /** A refused or withdrawn after-sale: back to the state the order came from (refunds/steps.ts). */
  backToPaid: { from: [5], to: 2, who: ['seller', 'admin', 'user', 'system'] },
  backToShipped: { from: [5], to: 3, who: ['seller', 'admin', 'user', 'system'] },
  backToReceived: { from: [5], to: 4, who: ['seller', 'admin', 'user', 'system'] },
  /** Paid → cancelled: its group did not fill in time; the payment is refunded (seckill/expireGroups.ts). */
  groupFailed: { from: [2], to: 0, who: ['system'], stamp: 'cancel_time' },
} as const satisfies Record<string, OrderAction>;

export type OrderActionName = keyof typeof ORDER_ACTIONS;

/** Order changes the other side hears of live: the store of a paid order and a new after-sale, the buyer of its shipment. */
const STATE_NOTICES: Partial<Record<OrderActionName, { kind: NoticeKind; to: 'store' | 'user' }>> = {
  pay: { kind: 'order_paid', to: 'store' },
  afterSale: { kind: 'after_sale', to: 'store' },
  ship: { kind: 'shipped', to: 'user' },
};

/** Status names for messages and order_logs readers (zh-cn labels of the reference, en beside). */
export const STATUS_LABELS: Record<OrderStatus, { 'zh-cn': string; en: string }> = {
  0: { 'zh-cn': '订单取消', en: 'Cancelled' },
  1: { 'zh-cn': '等待支付', en: 'Awaiting payment' },
  2: { 'zh-cn': '等待发货', en: 'Awaiting shipment' },
  3: { 'zh-cn': '等待收货', en: 'Shipped' },
  4: { 'zh-cn': '等待评论', en: 'Awaiting review' },
  5: { 'zh-cn': '售后处理', en: 'After-sale' },
  6: { 'zh-cn': '订单完成', en: 'Completed' },
};

/** Whether `action` may start from `status` (pure; views and tests use it too). */
export const canApply = (action: OrderActionName, status: number) => (ORDER_ACTIONS[action].from as readonly number[]).includes(status);

export interface StateChange {
  orderId: number;
  action: OrderActionName;
  actor: Actor;
  actorId?: number;
  actorName?: string;
  note?: string;
  /** Extra columns set with the change (waybill, payment name, pay id…). */
  set?: Partial<typeof orders.$inferInsert>;
  /** Scope: the order must also match this (its buyer, its store). A miss is a 404, nothing leaks. */
  scope?: SQL;
}

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;


/**
 * Applies one action to one order inside the caller's transaction and returns the updated row.
 * Concurrent changes of the same order serialise on the row: exactly one of two cancels (or a
 * cancel and a payment) wins, the other sees the new state and gets the 422.
 */
export async function changeOrderState(tx: Tx, change: StateChange) {
  const action: OrderAction = ORDER_ACTIONS[change.action];
  if (!action.who.includes(change.actor)) throw fail('orders.actionNotAllowed', { action: change.action }, 403);
  const where = and(eq(orders.id, change.orderId), isNull(orders.deleted_at), change.scope);
  // lock the row first: concurrent changes queue here and each sees the state the last one left
  const [current] = await tx.select({ status: orders.order_status }).from(orders).where(where).for('update');
  if (!current) throw fail('orders.notFound', undefined, 404, { field: 'id' });
  if (!canApply(change.action, current.status)) {
    const label = STATUS_LABELS[current.status as OrderStatus];
    throw fail('orders.illegalState', { stateZh: label['zh-cn'], stateEn: label.en }, 422, { field: 'order_status', order_status: current.status });
  }
  const set: Record<string, unknown> = { ...change.set, order_status: action.to };
  if (action.stamp) set[action.stamp] = sql`now()`;
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, change.orderId)).returning();
  await tx.insert(order_logs).values({
    order_id: change.orderId,
    from_status: current.status,
    to_status: action.to,
    actor: change.actor,
    actor_id: change.actorId ?? 0,
    actor_name: (change.actorName ?? '').slice(0, 30),
    action: change.action,
    note: change.note ?? '',
  });
  // points mall: a completed order earns its buyer points once (modules/points/earn.ts)
  if (action.to === ORDER_STATUS.completed) await awardOrderPoints(tx, row);
  // live notices (server/live), heard when the transaction commits
  const notice = STATE_NOTICES[change.action];
  if (notice) await announce(tx, { t: 'notice', kind: notice.kind, order: row.id, ...(notice.to === 'store' ? { store: row.store_id } : { user: row.user_id }) });
  return row;
}

/** The creation row of an order's history (no state before it), without its order_id. */
export function orderCreatedLog(actorId: number, actorName: string) {
  return { from_status: -1, to_status: ORDER_STATUS.unpaid, actor: 'user', actor_id: actorId, actor_name: actorName.slice(0, 30), action: 'create' };
}

/** Writes the creation row of an order's history (no state before it). */
export async function logOrderCreated(tx: Tx, orderId: number, actorId: number, actorName: string) {
  await tx.insert(order_logs).values({ order_id: orderId, ...orderCreatedLog(actorId, actorName) });
}
