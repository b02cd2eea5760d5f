import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, refunds } from '../db/schema';
import type { Services } from '../http/context';
import { ORDER_STATUS } from '../modules/orders/states';
import { readTaskConfig } from '../modules/orders/taskConfig';
import { sendPendingRefunds, type SendResult } from '../modules/payment/refund';
import { takeStep } from '../modules/refunds/steps';
import { claimAndRun, clock, SYSTEM, type TaskResult, type TaskRun } from './orderTasks';

/**
 * Retries gateway refunds the provider has not accepted yet (payment/refund.ts): every pending
 * `payment_refunds` row whose next try is due, claimed with `for update skip locked` and a lease in a
 * short transaction, so instances running the task at the same time never send one refund twice at
 * once; the provider is called with no transaction open (and a resend is harmless: providers are
 * idempotent on the refund number).
 */
export async function retryPendingRefunds(services: Pick<Services, 'db' | 'config'>, opts: { now?: Date; log?: (line: string) => void } = {}): Promise<SendResult> {
  const result = await sendPendingRefunds({ db: services.db, config: services.config }, { now: opts.now, batch: 50 });
  if (result.sent || result.failed) (opts.log ?? console.log)(`[jobs] pending refunds: ${result.sent} sent${result.failed ? `, ${result.failed} failed (retried later)` : ''}`);
  return result;
}

/**
 * Confirms receipt of re-shipped after-sale goods the buyer did not confirm (modules/refunds/steps.ts
 * `confirm`, as the `system` actor) `task.confirm` days after the re-shipment, as shipped orders
 * are confirmed (jobs/orderTasks.ts): the orders are claimed with `for update skip locked`, each
 * confirmed in its own savepoint through the after-sale step table (which checks the stage again).
 */
export async function confirmReshippedRefunds(db: Db, opts: TaskRun = {}): Promise<TaskResult> {
  const { confirmDays } = await readTaskConfig(db);
  const due = and(
    eq(orders.order_status, ORDER_STATUS.afterSale),
    isNull(orders.deleted_at),
    sql`exists (select 1 from ${refunds} where ${refunds.order_id} = ${orders.id} and ${refunds.deleted_at} is null and ${refunds.refund_verify} = 1
      and ${refunds.refund_step} = 2 and ${refunds.re_delivery_no} <> '' and ${refunds.updated_at} < ${clock(opts.now)} - ${confirmDays} * interval '1 day')`,
  )!;
  const result = await claimAndRun(db, due, asc(orders.id), opts.batch ?? 200, (tx, orderId) => takeStep(tx, { orderId, step: 'confirm', ...SYSTEM }));
  if (result.done || result.failed)
    (opts.log ?? console.log)(`[jobs] confirm re-shipped after-sales (over ${confirmDays} days): ${result.done} confirmed${result.failed ? `, ${result.failed} failed` : ''}`);
  return result;
}
