import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCents } from '../../db/money';
import { orders, refunds } from '../../db/schema';
import { fail } from '../../http/envelope';
import { isUniqueViolation } from '../../http/db-errors';
import { newRefundNo } from '../payment/refund';
import { canApply, changeOrderState, ORDER_STATUS, STATUS_LABELS, type OrderStatus } from '../orders/states';
import { readTaskConfig } from '../orders/taskConfig';
import './messages';

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

export interface Application {
  orderId: number;
  userId: number;
  userName: string;
  /** 0 refund only, 1 return the goods. */
  refundType: 0 | 1;
  remark: string;
  images: string[];
  /** The shop's TIME_ZONE: the refund number reads the shop's date (server/db/numbers.ts). */
  timeZone: string;
}

/**
 * A buyer applies for an after-sale (reference §6.5 "apply", its holes closed): the caller's own,
 * paid order, in a state that allows it (paid, shipped or received: ORDER_ACTIONS.afterSale), a
 * return only once shipped, not settled, within `task.refund` days after receipt, with something
 * left to refund for a refund, and no open request (the order moves to 5, and a partial unique
 * index holds one open request per order). The order is locked first, so two applications of one
 * order make one request.
 */
export async function applyForAfterSale(tx: Tx, input: Application) {
  const [order] = await tx
    .select({
      id: orders.id,
      storeId: orders.store_id,
      status: orders.order_status,
      settled: orders.is_settlement,
      total: orders.total_price,
      refunded: orders.refund_money,
      receivedDaysAgo: sql<number>`extract(epoch from (now() - coalesce(${orders.receipt_time}, now())::timestamptz)) / 86400`,
    })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.user_id, input.userId), isNull(orders.deleted_at)))
    .for('update');
  if (!order) throw fail('orders.notFound', undefined, 404, { field: 'order_id' });
  if (!canApply('afterSale', order.status)) {
    const label = STATUS_LABELS[order.status as OrderStatus];
    throw fail('refunds.orderNotAllowed', { stateZh: label['zh-cn'], stateEn: label.en }, 422, { field: 'order_id', order_status: order.status });
  }
  if (input.refundType === 1 && order.status === ORDER_STATUS.paid) throw fail('refunds.returnNeedsShipping', undefined, 422, { field: 'refund_type' });
  if (order.settled !== 0) throw fail('refunds.settled', undefined, 422, { field: 'order_id' });
  if (order.status === ORDER_STATUS.received) {
    const { refundDays } = await readTaskConfig(tx as Db);
    if (Number(order.receivedDaysAgo) > refundDays) throw fail('refunds.windowClosed', { days: refundDays }, 422, { field: 'order_id' });
  }
  if (input.refundType === 0 && toCents(order.total) - toCents(order.refunded) <= 0) throw fail('refunds.nothingToRefund', undefined, 422, { field: 'refund_type' });

  let row: typeof refunds.$inferSelect;
  try {
    [row] = await tx
      .insert(refunds)
      .values({
        user_id: input.userId,
        store_id: order.storeId,
        order_id: order.id,
        refund_no: newRefundNo(input.timeZone),
        refund_type: input.refundType,
        refund_remark: input.remark,
        images: input.images.join(','),
        from_status: order.status,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('refunds.openExists', undefined, 409, { field: 'order_id' });
    throw err;
  }
  await changeOrderState(tx, {
    orderId: order.id,
    action: 'afterSale',
    actor: 'user',
    actorId: input.userId,
    actorName: input.userName,
    set: { refund_status: input.refundType },
    note: `${input.refundType === 1 ? '申请退货' : '申请退款'}：${input.remark}`.slice(0, 500),
  });
  return row;
}
