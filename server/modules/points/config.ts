import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configs } from '../../db/schema';

/**
 * The points settings (`configs` row `integral`, edited on the admin web settings page):
 * `order_rate` — points earned by a completed order, in percent of the goods amount paid in yuan
 * (100 = one point per yuan; 0 = no points). A missing or malformed value gives the default.
 */
export const POINTS_DEFAULT_RATE = 100;
export const POINTS_MAX_RATE = 10_000;

export function parsePointsRate(content: string | null | undefined): number {
  try {
    const value = content ? (JSON.parse(content) as Record<string, unknown>) : {};
    const raw = value && typeof value === 'object' ? value.order_rate : undefined;
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (/^\d{1,5}$/.test(text) && Number(text) <= POINTS_MAX_RATE) return Number(text);
  } catch {
    /* a broken row keeps the default */
  }
  return POINTS_DEFAULT_RATE;
}

export async function readPointsRate(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'integral'), isNull(configs.deleted_at)));
  return parsePointsRate(row?.content);
}

/**
 * Whole points for a paid goods amount (pure): floor(cents × rate / 10,000), so ¥99.99 at 100 %
 * gives 99 points — rounded down, never more than the rate says. Returned as points cents.
 */
export function pointsFor(paidCents: number, rate: number): number {
  if (paidCents <= 0 || rate <= 0) return 0;
  return Math.floor((paidCents * rate) / 10_000) * 100;
}
