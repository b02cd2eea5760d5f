import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { configs } from '../../db/schema';

/**
 * The two percentages of the money flows after payment, from the `store` configuration row (the
 * admin's 店铺配置 page): `cash`, the withdrawal fee, and `commission`, the platform's commission on
 * settled orders. Both are percents with at most 2 decimals (0.5 = 0.5 %, never rounded to 1 % as
 * the reference's B2 did), kept here as basis points of a percent (1/100 %): 0.5 % → 50.
 *
 * Rounding rule (one for both): amount × rate, to the nearest cent, halves rounded up
 * (`percentOfCents`), computed in integers (BigInt), so no float ever touches money.
 */
export interface MoneyRates {
  /** Withdrawal fee, hundredths of a percent (0..10000). */
  cashBp: number;
  /** Platform commission on a settled order, hundredths of a percent (0..10000). */
  commissionBp: number;
}

/** '0.5' → 50, '5' → 500, '12.25' → 1225; anything else (or > 100) → undefined. */
export function percentToBp(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}

/** 50 → '0.5', 500 → '5', 1225 → '12.25' (the rate as an operator typed it). */
export function bpToPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const frac = bp % 100;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** `cents` × `bp` / 10000, to the nearest cent, halves up (cents ≥ 0). */
export function percentOfCents(cents: number, bp: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`percentOfCents: not whole non-negative cents: ${cents}`);
  if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) throw new Error(`percentOfCents: rate out of range: ${bp}`);
  return Number((BigInt(cents) * BigInt(bp) + 5_000n) / 10_000n);
}

/** Parses the JSON content of the `store` row (pure); a missing or malformed rate is 0. */
export function parseMoneyRates(content: string | null | undefined): MoneyRates {
  let value: Record<string, unknown> = {};
  try {
    const parsed = content ? JSON.parse(content) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) value = parsed;
  } catch {
    /* a broken row charges nothing */
  }
  return { cashBp: percentToBp(value.cash) ?? 0, commissionBp: percentToBp(value.commission) ?? 0 };
}

export async function readMoneyRates(db: Db | Tx): Promise<MoneyRates> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, 'store'), isNull(configs.deleted_at)));
  return parseMoneyRates(row?.content);
}
