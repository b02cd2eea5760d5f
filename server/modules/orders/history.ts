import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { order_logs, order_pays } from '../../db/schema';

/**
 * What every area's order detail shows beside the order itself: its history (oldest first) and
 * the payment that paid it (null while unpaid). One read for the shopper's, the store's and the
 * operator's pages.
 */
export function orderHistory(db: Db | Tx, orderId: number) {
  return db
    .select({
      id: order_logs.id,
      action: order_logs.action,
      from_status: order_logs.from_status,
      to_status: order_logs.to_status,
      actor: order_logs.actor,
      actor_name: order_logs.actor_name,
      note: order_logs.note,
      created_at: order_logs.created_at,
    })
    .from(order_logs)
    .where(eq(order_logs.order_id, orderId))
    .orderBy(asc(order_logs.id));
}

export async function orderPayment(db: Db | Tx, payId: number) {
  if (!(payId > 0)) return null;
  const [pay] = await db
    .select({ pay_no: order_pays.pay_no, payment_name: order_pays.payment_name, total: order_pays.total, pay_time: order_pays.pay_time })
    .from(order_pays)
    .where(and(eq(order_pays.id, payId), eq(order_pays.pay_status, 1)))
    .limit(1);
  return pay ?? null;
}
