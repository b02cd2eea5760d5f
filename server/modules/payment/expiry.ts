import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { configs } from '../../db/schema';

/** How long an unpaid order stays reserved: configs.task.cancel_minutes (1 to 10080), default 30. */
export const DEFAULT_CANCEL_MINUTES = 30;

export async function cancelMinutes(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'task'), isNull(configs.deleted_at)));
  try {
    const value = Number((JSON.parse(row?.content ?? '{}') as { cancel_minutes?: unknown })?.cancel_minutes);
    return Number.isInteger(value) && value >= 1 && value <= 10080 ? value : DEFAULT_CANCEL_MINUTES;
  } catch {
    return DEFAULT_CANCEL_MINUTES;
  }
}
