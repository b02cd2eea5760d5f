import { and, asc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orders } from '../db/schema';
import { ApiError } from '../http/envelope';
import { cancelOrder } from '../modules/orders/cancel';
import { changeOrderState } from '../modules/orders/states';
import { readTaskConfig } from '../modules/orders/taskConfig';

/**
 * The order timed tasks (docs/orders-api.md "Timed tasks", reference §6.15 with B12 and B15
 * fixed): cancel orders left unpaid longer than `task.cancel_minutes` (stock back through
 * cancelOrder) and confirm receipt of orders shipped more than `task.confirm` days ago, both as
 * the `system` actor through the order state table. Each run claims a batch of rows with
 * `for update skip locked` in one transaction, so instances running the same task at the same
 * time never take the same order; each order is changed in its own savepoint, so one failure
 * does not undo the others.
 */
export interface TaskRun {
  /** The clock of the run (tests move it forward); the database's now() when absent. */
  now?: Date;
  /** Rows claimed per run. */
  batch?: number;
  log?: (line: string) => void;
}

export interface TaskResult {
  done: number;
  failed: number;
}

export const SYSTEM = { actor: 'system' as const, actorId: 0, actorName: '系统' };

export const clock = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

export async function claimAndRun(db: Db, due: SQL, order: SQL, batch: number, run: (tx: Tx, orderId: number) => Promise<unknown>): Promise<TaskResult> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: orders.id }).from(orders).where(due).orderBy(order).limit(batch).for('update', { skipLocked: true });
    const result: TaskResult = { done: 0, failed: 0 };
    for (const { id } of rows) {
      try {
        await tx.transaction((sp) => run(sp as unknown as Tx, id));
        result.done++;
      } catch (err) {
        result.failed++;
        if (!(err instanceof ApiError)) console.error(`[jobs] order ${id}:`, err);
      }
    }
    return result;
  });
}

/** Cancels unpaid orders older than task.cancel_minutes → how many were cancelled. */
export async function cancelUnpaidOrders(db: Db, opts: TaskRun = {}): Promise<TaskResult> {
  const { cancelMinutes } = await readTaskConfig(db);
  const due = and(
    eq(orders.order_status, 1),
    isNull(orders.deleted_at),
    lt(orders.created_at, sql`${clock(opts.now)} - ${cancelMinutes} * interval '1 minute'`),
  )!;
  const result = await claimAndRun(db, due, asc(orders.created_at), opts.batch ?? 200, (tx, orderId) =>
    cancelOrder(tx, { orderId, ...SYSTEM, note: `超过 ${cancelMinutes} 分钟未支付，自动取消` }),
  );
  (opts.log ?? console.log)(`[jobs] cancel unpaid orders (older than ${cancelMinutes} min): ${result.done} cancelled${result.failed ? `, ${result.failed} failed` : ''}`);
  return result;
}

/** Confirms receipt of orders shipped more than task.confirm days ago → how many were confirmed. */
export async function confirmShippedOrders(db: Db, opts: TaskRun = {}): Promise<TaskResult> {
  const { confirmDays } = await readTaskConfig(db);
  const due = and(
    eq(orders.order_status, 3),
    isNull(orders.deleted_at),
    lt(orders.delivery_time, sql`${clock(opts.now)} - ${confirmDays} * interval '1 day'`),
  )!;
  const result = await claimAndRun(db, due, asc(orders.delivery_time), opts.batch ?? 200, (tx, orderId) =>
    changeOrderState(tx, { orderId, action: 'receive', ...SYSTEM, note: `发货 ${confirmDays} 天后自动确认收货` }),
  );
  (opts.log ?? console.log)(`[jobs] confirm receipt (shipped over ${confirmDays} days ago): ${result.done} confirmed${result.failed ? `, ${result.failed} failed` : ''}`);
  return result;
}
