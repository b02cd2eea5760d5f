import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { order_discounts } from '../../db/schema';

/** An order's discounts line by line, as priced when it was made (every area's order detail). */
export function orderDiscounts(db: Db | Tx, orderId: number) {
  return db
    .select({ kind: order_discounts.kind, label: order_discounts.label, money: order_discounts.money })
    .from(order_discounts)
    .where(eq(order_discounts.order_id, orderId))
    .orderBy(asc(order_discounts.id));
}
