import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { addDefaultReviews } from '../modules/reviews/add';
import { readTaskConfig } from '../modules/orders/taskConfig';
import { claimAndRun, clock, type TaskResult, type TaskRun } from './orderTasks';

/**
 * The default-review task (reference §6.15, B15 fixed: the speed score lands in `speed`): orders
 * received more than `task.comment` days ago and still unreviewed get the system's good review
 * on every line not yet reviewed, and move to completed, as the `system` actor. Rows are claimed
 * with `for update skip locked` (jobs/orderTasks.ts claimAndRun): instances running it at the
 * same time never review one order twice, and the unique line index would refuse it anyway.
 */
export async function reviewReceivedOrders(db: Db, opts: TaskRun = {}): Promise<TaskResult> {
  const { commentDays } = await readTaskConfig(db);
  const due = and(
    eq(orders.order_status, 4),
    isNull(orders.deleted_at),
    lt(orders.receipt_time, sql`${clock(opts.now)} - ${commentDays} * interval '1 day'`),
  )!;
  const result = await claimAndRun(db, due, asc(orders.receipt_time), opts.batch ?? 200, (tx, orderId) => addDefaultReviews(tx, orderId));
  (opts.log ?? console.log)(`[jobs] default reviews (received over ${commentDays} days ago): ${result.done} reviewed${result.failed ? `, ${result.failed} failed` : ''}`);
  return result;
}
