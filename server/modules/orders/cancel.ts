import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changeOrderState, type Actor } from './states';
import { releaseOrderCoupon } from '../marketing/orderCoupon';
import { returnOrderStock } from './stock';
import { releasePromotions } from '../seckill/orderHooks';

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

export interface CancelOrder {
  orderId: number;
  actor: Extract<Actor, 'user' | 'admin' | 'system'>;
  actorId?: number;
  actorName?: string;
  note?: string;
  /** The buyer's or store's scope; a miss is a 404. */
  scope?: SQL;
  /** 'groupFailed': a paid order of a group that did not fill (refunded by the caller; seckill/expireGroups.ts). */
  action?: 'cancel' | 'groupFailed';
}

/**
 * Cancels an unpaid order and puts its stock (returnOrderStock) and coupon back, in the caller's
 * transaction. The state change locks the order first, so a cancel racing a
 * payment or another cancel returns the stock at most once.
 */
export async function cancelOrder(tx: Tx, input: CancelOrder) {
  const row = await changeOrderState(tx, { ...input, action: input.action ?? 'cancel' });
  await releasePromotions(tx, input.orderId);
  await returnOrderStock(tx, input.orderId);
  // the coupon it used goes back to the shopper
  await releaseOrderCoupon(tx, input.orderId);
  return row;
}
