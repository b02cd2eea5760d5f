import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { toCents } from '../db/money';
import { collective_logs, collective_members, orders } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Services } from '../http/context';
import { cancelOrder } from '../modules/orders/cancel';
import { ORDER_STATUS } from '../modules/orders/states';
import { refundOrderPayment, sendAfterCommit, type RefundResult } from '../modules/payment/refund';

/**
 * Groups that did not fill in time (docs/seckill.md "Expiry"), every minute:
 * 1. every open group past `expires_at` becomes failed (status 2 → 0, a conditional update: on
 *    several instances each group is failed once);
 * 2. the seats of failed groups are settled, their orders claimed with `for update skip locked`
 *    (instances never take the same order): a paid order is refunded in full through
 *    refundOrderPayment (balance at once, gateways after the commit, retried by
 *    payments.sendRefunds) and cancelled with its stock back (`groupFailed`); an unpaid one is
 *    cancelled (cancelOrder). A payment that lands on a failed group later is a paid seat of a
 *    failed group and is refunded by the next run. Each order in its own savepoint.
 * The refund number `RG<order id>` makes a repeat of the same refund a no-op.
 */
export interface GroupTaskResult {
  failedGroups: number;
  refunded: number;
  cancelled: number;
  errors: number;
}

const clock = (now: Date | undefined): SQL => (now ? sql`(${now.toISOString()}::timestamptz)::timestamp` : sql`localtimestamp(0)`);
const SYSTEM = { actor: 'system' as const, actorId: 0, actorName: '系统' };

export const groupRefundNo = (orderId: number) => `RG${orderId}`;

async function settleSeat(tx: Tx, seat: { memberId: number; memberStatus: number; orderId: number; orderStatus: number; total: string; refunded: string }): Promise<{ kind: 'refunded' | 'cancelled' | 'none'; refund?: RefundResult }> {
  if (seat.orderStatus === ORDER_STATUS.unpaid) {
    await cancelOrder(tx, { orderId: seat.orderId, ...SYSTEM, note: '拼团未在时限内成团，自动取消' });
    await tx.update(collective_members).set({ status: 0 }).where(eq(collective_members.id, seat.memberId));
    return { kind: 'cancelled' };
  }
  if (seat.orderStatus === ORDER_STATUS.paid) {
    const cents = toCents(seat.total) - toCents(seat.refunded);
    const refund =
      cents > 0
        ? await refundOrderPayment(tx, { orderId: seat.orderId, cents, reason: '拼团未成团，自动退款', refundNo: groupRefundNo(seat.orderId), ...SYSTEM })
        : undefined;
    await cancelOrder(tx, { orderId: seat.orderId, ...SYSTEM, action: 'groupFailed', note: '拼团未在时限内成团，已退款' });
    await tx.update(collective_members).set({ status: 3 }).where(eq(collective_members.id, seat.memberId));
    return { kind: 'refunded', refund };
  }
  // cancelled meanwhile (or shipped by mistake: left to after-sales): the seat is simply closed
  await tx.update(collective_members).set({ status: seat.memberStatus === 2 ? 3 : 0 }).where(eq(collective_members.id, seat.memberId));
  return { kind: 'none' };
}

export async function expireGroups(services: Pick<Services, 'db' | 'config'>, opts: { now?: Date; batch?: number; log?: (line: string) => void } = {}): Promise<GroupTaskResult> {
  const { db } = services;
  const failed = await db
    .update(collective_logs)
    .set({ status: 0 })
    .where(and(eq(collective_logs.status, 2), isNull(collective_logs.deleted_at), lte(collective_logs.expires_at, clock(opts.now) as unknown as string)))
    .returning({ id: collective_logs.id });

  const result: GroupTaskResult = { failedGroups: failed.length, refunded: 0, cancelled: 0, errors: 0 };
  const refunds: RefundResult[] = [];
  await db.transaction(async (tx) => {
    const seats = await tx
      .select({
        memberId: collective_members.id,
        memberStatus: collective_members.status,
        orderId: orders.id,
        orderStatus: orders.order_status,
        total: orders.total_price,
        refunded: orders.refund_money,
      })
      .from(collective_members)
      .innerJoin(collective_logs, eq(collective_logs.id, collective_members.log_id))
      .innerJoin(orders, eq(orders.id, collective_members.order_id))
      .where(and(eq(collective_logs.status, 0), inArray(collective_members.status, [1, 2])))
      .orderBy(asc(orders.id))
      .limit(opts.batch ?? 100)
      .for('update', { of: orders, skipLocked: true });
    for (const seat of seats) {
      try {
        const done = await tx.transaction((sp) => settleSeat(sp as unknown as Tx, seat));
        if (done.kind === 'refunded') result.refunded++;
        if (done.kind === 'cancelled') result.cancelled++;
        if (done.refund) refunds.push(done.refund);
      } catch (err) {
        result.errors++;
        if (!(err instanceof ApiError)) console.error(`[jobs] group seat of order ${seat.orderId}:`, err);
      }
    }
  });
  await sendAfterCommit({ db, config: services.config }, refunds);
  if (result.failedGroups || result.refunded || result.cancelled || result.errors)
    (opts.log ?? console.log)(`[jobs] expire groups: ${result.failedGroups} failed, ${result.refunded} orders refunded, ${result.cancelled} cancelled${result.errors ? `, ${result.errors} errors` : ''}`);
  return result;
}
