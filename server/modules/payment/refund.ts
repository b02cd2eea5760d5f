import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { shopNumber } from '../../db/numbers';
import { order_logs, order_pays, orders, payment_refunds } from '../../db/schema';
import { fail } from '../../http/envelope';
import { applyLedger } from '../money/ledger';
import { releaseOrderCoupon } from '../marketing/orderCoupon';
import type { Actor } from '../orders/states';
import { gatewayFor, type GatewayMethod, type GatewayProvider } from './providers';
import './messages';

/**
 * Refunds of an order's payment (docs/refunds.md "Money"), the one way money goes back to a buyer:
 * - `orders.refund_money` counts what was refunded so far and can never pass `total_price` (what
 *   the buyer paid for the order): the order row is locked, the amount checked, and the column
 *   raised by a conditional UPDATE (plus a CHECK constraint as the last word);
 * - a balance payment goes back through applyLedger (售后退款) in the caller's transaction;
 * - a gateway payment (alipay / wechat, or the dev provider standing in for them) becomes a
 *   pending `payment_refunds` row with a unique refund number; `sendPendingRefunds` sends it
 *   after the commit (never inside a transaction: claim, call, record) and the `payments.sendRefunds` timed task retries it until the provider
 *   accepts (providers are idempotent on the refund number, so a resend never pays twice).
 * The same refund number twice is answered with the first refund, nothing moves again. A refund
 * that completes the order's refund releases its coupon (marketing/orderCoupon.ts).
 */

export interface RefundInput {
  orderId: number;
  /** Cents to refund (> 0, ≤ paid − already refunded). */
  cents: number;
  /** Why (the gateway shows it to the buyer; ≤ 80 characters kept). */
  reason: string;
  /** Our refund number (unique; newRefundNo() makes one). The same number again is a no-op. */
  refundNo: string;
  actor: Actor;
  actorId?: number;
  actorName?: string;
}

export interface RefundResult {
  refundNo: string;
  cents: number;
  /** Where the money went: the buyer's balance (done now) or back through the gateway (pending until sent). */
  channel: 'balance' | 'gateway';
  method: 'balance' | GatewayMethod;
  status: 'done' | 'pending';
  /** orders.refund_money after this refund, in cents. */
  refundedCents: number;
  /** True when this refund number had already been applied: nothing moved this time. */
  repeated: boolean;
}

/** A fresh refund number: `R` + the order-number format, on the shop's clock (server/db/numbers.ts). */
export const newRefundNo = (timeZone: string, now = new Date()): string => shopNumber('R', timeZone, now);

type TxLike = Pick<Db, 'select' | 'update' | 'insert'>;

export async function refundOrderPayment(tx: TxLike, input: RefundInput): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.cents) || input.cents <= 0) throw fail('refund.amountInvalid', undefined, 422, { field: 'money' });
  // the order row first: concurrent refunds of one order queue here and each sees what the last one left
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.user_id,
      orderNo: orders.order_no,
      status: orders.order_status,
      total: orders.total_price,
      refunded: orders.refund_money,
      paymentName: orders.payment_name,
      payId: orders.pay_id,
    })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), isNull(orders.deleted_at)))
    .for('update');
  if (!order) throw fail('orders.notFound', undefined, 404, { field: 'order_id' });

  const [earlier] = await tx.select().from(payment_refunds).where(eq(payment_refunds.refund_no, input.refundNo));
  if (earlier) {
    if (earlier.order_id !== order.id || toCents(earlier.money) !== input.cents) throw fail('refund.numberReused', undefined, 409, { field: 'refund_no' });
    return {
      refundNo: earlier.refund_no,
      cents: input.cents,
      channel: earlier.payment_name === 'balance' ? 'balance' : 'gateway',
      method: earlier.payment_name as RefundResult['method'],
      status: earlier.status === 1 ? 'done' : 'pending',
      refundedCents: toCents(order.refunded),
      repeated: true,
    };
  }

  if (order.status < 2 || !order.paymentName || order.payId <= 0) throw fail('refund.notPaid', undefined, 422, { field: 'order_id' });
  const left = toCents(order.total) - toCents(order.refunded);
  if (input.cents > left) throw fail('refund.exceedsPaid', { left: fromCents(Math.max(0, left)) }, 422, { field: 'money', left: fromCents(Math.max(0, left)) });

  const amount = sql`${fromCents(input.cents)}::numeric`;
  const [raised] = await tx
    .update(orders)
    .set({ refund_money: sql`${orders.refund_money} + ${amount}` })
    .where(and(eq(orders.id, order.id), sql`${orders.refund_money} + ${amount} <= ${orders.total_price}`))
    .returning({ refunded: orders.refund_money });
  if (!raised) throw fail('refund.exceedsPaid', { left: fromCents(Math.max(0, left)) }, 422, { field: 'money' });
  // a fully refunded order gives its coupon back to the buyer (issue 14), as a cancelled one does
  if (toCents(raised.refunded) >= toCents(order.total)) await releaseOrderCoupon(tx, order.id);

  const [pay] = await tx
    .select({ payNo: order_pays.pay_no, tradeNo: order_pays.trade_no, total: order_pays.total, method: order_pays.payment_name })
    .from(order_pays)
    .where(eq(order_pays.id, order.payId));
  const method = (pay?.method || order.paymentName) as RefundResult['method'];
  const reason = input.reason.slice(0, 80);
  const row = {
    refund_no: input.refundNo,
    order_id: order.id,
    user_id: order.userId,
    pay_id: order.payId,
    payment_name: method,
    pay_no: pay?.payNo ?? '',
    trade_no: pay?.tradeNo ?? '',
    pay_total: pay?.total ?? order.total,
    money: fromCents(input.cents),
    reason,
    actor: input.actor,
  };

  let status: RefundResult['status'];
  if (method === 'balance') {
    await applyLedger(tx, { owner: 'user', id: order.userId, type: 0, cents: input.cents, name: '售后退款', info: `${order.orderNo} ${input.refundNo}` });
    await tx.insert(payment_refunds).values({ ...row, status: 1, provider_refund_id: '-', done_at: sql`now()` });
    status = 'done';
  } else {
    await tx.insert(payment_refunds).values({ ...row, status: 0 });
    status = 'pending';
  }
  await tx.insert(order_logs).values({
    order_id: order.id,
    from_status: order.status,
    to_status: order.status,
    actor: input.actor,
    actor_id: input.actorId ?? 0,
    actor_name: (input.actorName ?? '').slice(0, 30),
    action: 'refund',
    note: `${fromCents(input.cents)} → ${method} (${input.refundNo})${reason ? ` ${reason}` : ''}`,
  });
  return {
    refundNo: input.refundNo,
    cents: input.cents,
    channel: method === 'balance' ? 'balance' : 'gateway',
    method,
    status,
    refundedCents: toCents(raised.refunded),
    repeated: false,
  };
}

export interface SendContext {
  db: Db;
  config: Config;
  /** This server's public origin (the dev provider's pages); '' from the timed task. */
  origin?: string;
  env?: NodeJS.ProcessEnv;
  /** The provider of a method; gatewayFor (configured keys, else the dev provider) when absent. */
  providerFor?: (method: GatewayMethod) => Promise<GatewayProvider>;
}

export interface SendOptions {
  /** Only these refund numbers (after a commit); otherwise every pending row that is due. */
  refundNos?: string[];
  batch?: number;
  /** The clock of the run (tests move it forward); the database's now() when absent. */
  now?: Date;
}

export interface SendResult {
  sent: number;
  failed: number;
}

/** Seconds before the n-th retry: 1 min, 2, 4 … capped at 1 hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

/**
 * Seconds a claimed refund is left to its sender: longer than any provider call takes (the SDKs time
 * out well before), so nobody else sends it meanwhile; a sender that died after claiming leaves the
 * row due again once it runs out, and the resend carries the same refund number.
 */
export const REFUND_LEASE_SECONDS = 300;

type PendingRefund = typeof payment_refunds.$inferSelect;

/**
 * Claims the due pending refunds in one short transaction: `for update skip locked` picks rows no
 * other sender is claiming, and the claim itself (attempts + 1, next try = clock + lease) makes them
 * not due for anyone else until the lease runs out. The returned rows carry the claimed `attempts`,
 * the token the result is recorded with.
 */
export async function claimDueRefunds(db: Db, opts: SendOptions = {}): Promise<PendingRefund[]> {
  const clock = opts.now ? sql`${opts.now.toISOString()}::timestamptz` : sql`now()`;
  // timestamp(0) rounds now() to the nearest second, possibly up: a fresh row counts as due
  const due = and(eq(payment_refunds.status, 0), lte(payment_refunds.next_try_at, sql`${clock} + interval '1 second'`));
  const where = opts.refundNos ? and(due, inArray(payment_refunds.refund_no, opts.refundNos)) : due;
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: payment_refunds.id })
      .from(payment_refunds)
      .where(where)
      .orderBy(asc(payment_refunds.next_try_at), asc(payment_refunds.id))
      .limit(opts.batch ?? 50)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    return tx
      .update(payment_refunds)
      .set({ attempts: sql`${payment_refunds.attempts} + 1`, next_try_at: sql`${clock} + make_interval(secs => ${REFUND_LEASE_SECONDS})` })
      .where(inArray(payment_refunds.id, picked.map((r) => r.id)))
      .returning();
  });
}

/**
 * Sends pending gateway refunds to their providers in three steps, none of which holds a
 * transaction across the network: claim the due rows (claimDueRefunds, a short transaction), call
 * each provider with no transaction open, then record each answer in its own short statement that
 * only applies while the row is still pending and still carries this claim (`attempts`). A row the
 * provider accepted is done (status 1); a failure keeps it pending with a growing delay. Never throws
 * for a provider's failure. Providers are idempotent on the refund number, so the resend after a
 * crash between call and record (the lease runs out, the task claims it again) is the same refund.
 */
export async function sendPendingRefunds(ctx: SendContext, opts: SendOptions = {}): Promise<SendResult> {
  if (opts.refundNos && opts.refundNos.length === 0) return { sent: 0, failed: 0 };
  const clock = opts.now ? sql`${opts.now.toISOString()}::timestamptz` : sql`now()`;
  const rows = await claimDueRefunds(ctx.db, opts);
  const providerFor = ctx.providerFor ?? (async (method: GatewayMethod) => (await gatewayFor({ db: ctx.db, config: ctx.config, origin: ctx.origin ?? '', env: ctx.env }, method)).provider);
  const result: SendResult = { sent: 0, failed: 0 };
  for (const row of rows) {
    const mine = and(eq(payment_refunds.id, row.id), eq(payment_refunds.status, 0), eq(payment_refunds.attempts, row.attempts));
    try {
      const provider = await providerFor(row.payment_name as GatewayMethod);
      const answer = await provider.refund({
        payNo: row.pay_no,
        tradeNo: row.trade_no,
        refundNo: row.refund_no,
        totalCents: toCents(row.pay_total),
        refundCents: toCents(row.money),
        reason: row.reason,
      });
      const done = await ctx.db
        .update(payment_refunds)
        .set({ status: 1, provider_refund_id: answer.refundId.slice(0, 64), last_error: '', done_at: sql`now()` })
        .where(mine)
        .returning({ id: payment_refunds.id });
      // not ours any more: the lease ran out and another sender owns the row (it records the same refund)
      if (done.length) result.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(`[refunds] ${row.payment_name} refund ${row.refund_no} failed (attempt ${row.attempts}):`, message);
      await ctx.db
        .update(payment_refunds)
        .set({ last_error: message.slice(0, 500), next_try_at: sql`${clock} + make_interval(secs => ${retryDelaySeconds(row.attempts)})` })
        .where(mine);
      result.failed++;
    }
  }
  return result;
}

/** Sends the given refunds after their transaction committed; a failure is left to the timed task. */
export async function sendAfterCommit(ctx: SendContext, results: readonly Pick<RefundResult, 'refundNo' | 'status'>[]): Promise<void> {
  const pending = results.filter((r) => r.status === 'pending').map((r) => r.refundNo);
  if (pending.length === 0) return;
  try {
    await sendPendingRefunds(ctx, { refundNos: pending });
  } catch (err) {
    console.error('[refunds] sending after commit failed, the timed task will retry:', err instanceof Error ? err.message : err);
  }
}

