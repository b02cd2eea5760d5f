import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { configs } from '../../db/schema';

/**
 * The timed-task settings (`configs` row `task`, docs/orders-api.md): how long an unpaid order
 * is kept (minutes), after how many days a shipped order counts as received, and the settlement
 * period in days, and how long after receipt an after-sale may be applied for (days). A missing or malformed value falls back to the default.
 */
export interface TaskConfig {
  cancelMinutes: number;
  confirmDays: number;
  settlementDays: number;
  /** How many days after receipt the buyer may still apply for an after-sale (`refund`). */
  refundDays: number;
  /** Days after receipt when a received order left unreviewed gets the system's default good review. */
  commentDays: number;
}

export const TASK_DEFAULTS: TaskConfig = { cancelMinutes: 30, confirmDays: 4, settlementDays: 7, refundDays: 7, commentDays: 7 };

const whole = (raw: unknown, min: number, max: number, fallback: number) => {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,6}\s*$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** Parses the JSON content of the `task` row (pure). */
export function parseTaskConfig(content: string | null | undefined): TaskConfig {
  let value: Record<string, unknown> = {};
  try {
    const parsed = content ? JSON.parse(content) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) value = parsed;
  } catch {
    /* a broken row keeps the defaults */
  }
  return {
    cancelMinutes: whole(value.cancel_minutes, 1, 10_080, TASK_DEFAULTS.cancelMinutes),
    confirmDays: whole(value.confirm, 1, 365, TASK_DEFAULTS.confirmDays),
    settlementDays: whole(value.settlement, 1, 365, TASK_DEFAULTS.settlementDays),
    refundDays: whole(value.refund, 1, 365, TASK_DEFAULTS.refundDays),
    commentDays: whole(value.comment, 1, 365, TASK_DEFAULTS.commentDays),
  };
}

export async function readTaskConfig(db: Db | Tx): Promise<TaskConfig> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'task'), isNull(configs.deleted_at)));
  return parseTaskConfig(row?.content);
}

/**
 * Whole seconds (>= 0) from the database's now() until `end` (a session-time-zone timestamp):
 * the `expires_in` beside `expires_at`, so a client's countdown does not depend on its time zone.
 */
export const secondsUntil = (end: SQL) => sql<number>`greatest(0, floor(extract(epoch from (${end})::timestamptz - now())))::int`;
