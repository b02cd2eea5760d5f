import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integral_earnings, orders } from '../../db/schema';
import { fromCents, toCents } from '../../db/money';
import { applyLedger } from '../money/ledger';
import { pointsFor, readPointsRate } from './config';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;
type Order = Pick<typeof orders.$inferSelect, 'id' | 'user_id' | 'order_no' | 'total_price' | 'freight_money' | 'refund_money'>;

/**
 * Points for an order that has just reached completed (orders/states.ts calls it in the same
 * transaction as the state change): the goods amount paid and kept (total_price − freight_money − refund_money) at the
 * configured rate, credited through the ledger (type 2, 订单积分) once per order — the
 * `integral_earnings` row (unique order_id) is claimed first, so a second call earns nothing.
 * Returns the points cents credited.
 */
export async function awardOrderPoints(tx: Tx, order: Order): Promise<number> {
  const rate = await readPointsRate(tx);
  const paid = Math.max(0, toCents(order.total_price) - toCents(order.freight_money) - toCents(order.refund_money));
  const points = pointsFor(paid, rate);
  const [claimed] = await tx
    .insert(integral_earnings)
    .values({ order_id: order.id, user_id: order.user_id, points: fromCents(points), rate })
    .onConflictDoNothing({ target: integral_earnings.order_id })
    .returning({ id: integral_earnings.id });
  if (!claimed || points === 0) return 0;
  await applyLedger(tx, { owner: 'user', id: order.user_id, type: 2, cents: points, name: '订单积分', info: order.order_no });
  return points;
}

/** The points an order earned (0 when none yet). */
export async function pointsOfOrder(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx.select({ points: integral_earnings.points }).from(integral_earnings).where(eq(integral_earnings.order_id, orderId));
  return row ? toCents(row.points) : 0;
}
