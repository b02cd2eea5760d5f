import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rate_limits } from '../db/schema';
import { fail } from './envelope';

/**
 * DB-backed fixed-window counters, so limits hold across instances. Every change is one
 * atomic `insert … on conflict do update`.
 */
const expired = (seconds: number) => sql`${rate_limits.window_start} <= now() - make_interval(secs => ${seconds})`;

/** Counts one event under `key`; returns the count in the current window (1 for a fresh one). */
export function hit(db: Db, key: string, windowSeconds: number): Promise<number> {
  return hitBy(db, key, windowSeconds, 1);
}

/** Adds `amount` (a whole number ≥ 0: bytes in KiB, …) under `key`; returns the window's total. */
export async function hitBy(db: Db, key: string, windowSeconds: number, amount: number): Promise<number> {
  const [row] = await db
    .insert(rate_limits)
    .values({ key, count: amount })
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: {
        count: sql`case when ${expired(windowSeconds)} then ${amount}::int else ${rate_limits.count} + ${amount}::int end`,
        window_start: sql`case when ${expired(windowSeconds)} then now() else ${rate_limits.window_start} end`,
        updated_at: sql`now()`,
      },
    })
    .returning({ count: rate_limits.count });
  return row.count;
}

/** The count in the current window, without counting. */
export async function peek(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rate_limits.count })
    .from(rate_limits)
    .where(and(eq(rate_limits.key, key), gt(rate_limits.window_start, sql`now() - make_interval(secs => ${windowSeconds})`)));
  return row?.count ?? 0;
}

/**
 * Gives back one event of the current window (a login that turned out right): the counter
 * counted it up front so concurrent attempts could not all slip under the limit.
 */
export async function refund(db: Db, key: string): Promise<void> {
  await db
    .update(rate_limits)
    .set({ count: sql`greatest(${rate_limits.count} - 1, 0)`, updated_at: sql`now()` })
    .where(eq(rate_limits.key, key));
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rate_limits).where(eq(rate_limits.key, key));
}

/**
 * A guard that lets one event through per `seconds` (SMS resend): true when this call took
 * the slot, false when another one did less than `seconds` ago. Safe under concurrency: the
 * conflicting insert waits for the row lock and re-checks the condition.
 */
export async function claim(db: Db, key: string, seconds: number): Promise<boolean> {
  const rows = await db
    .insert(rate_limits)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: { count: sql`${rate_limits.count} + 1`, window_start: sql`now()`, updated_at: sql`now()` },
      setWhere: expired(seconds),
    })
    .returning({ id: rate_limits.id });
  return rows.length > 0;
}

export const tooMany = () => fail('tooMany', undefined, 429);

/** Counts one event and refuses with code 429 once `max` per window is exceeded. */
export async function enforce(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  if ((await hit(db, key, windowSeconds)) > max) throw tooMany();
}
