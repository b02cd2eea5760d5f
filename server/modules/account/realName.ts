import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { user_checks } from '../../db/schema';
import { fields } from '../../http/input';
import { formUrl } from '../content/fields';

/**
 * The shopper's real-name check (reference §1.5 `/api/user/check`, table user_checks, §6.10): the
 * holder's name, ID number, ID photos (optional here) and the bank card withdrawals are paid to.
 * One per user; a new POST replaces it. A withdrawal takes its payee from it (settlement/cashRoutes.ts).
 */

const compact = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : typeof v === 'number' ? String(v) : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const realNameSchema = z.object({
  name: fields.text(1, 20),
  /** ID card (or passport) number: 6–30 letters and digits. */
  card_no: z.preprocess((v) => (typeof compact(v) === 'string' ? (compact(v) as string).toUpperCase() : v), z.string().regex(/^[A-Z0-9]{6,30}$/)),
  bank_name: fields.text(1, 30),
  /** Bank card number: 8–30 digits (spaces and dashes dropped). */
  bank_no: z.preprocess(compact, z.string().regex(/^\d{8,30}$/)),
  card_t: z.preprocess(blankToUndefined, formUrl(150).optional()),
  card_b: z.preprocess(blankToUndefined, formUrl(150).optional()),
});

export type RealNameInput = z.infer<typeof realNameSchema>;

const columns = {
  id: user_checks.id,
  user_id: user_checks.user_id,
  name: user_checks.name,
  card_no: user_checks.card_no,
  card_t: user_checks.card_t,
  card_b: user_checks.card_b,
  bank_no: user_checks.bank_no,
  bank_name: user_checks.bank_name,
  created_at: user_checks.created_at,
  updated_at: user_checks.updated_at,
};

export type RealName = Pick<typeof user_checks.$inferSelect, keyof typeof columns>;

/** The user's real-name check, or null. */
export async function realNameOf(db: Db | Tx, userId: number): Promise<RealName | null> {
  const [row] = await db
    .select(columns)
    .from(user_checks)
    .where(and(eq(user_checks.user_id, userId), isNull(user_checks.deleted_at)));
  return row ?? null;
}

/** Records (or replaces) the user's real-name check → the row. */
export async function saveRealName(db: Db, userId: number, input: RealNameInput): Promise<RealName> {
  const values = { name: input.name, card_no: input.card_no, bank_name: input.bank_name, bank_no: input.bank_no, card_t: input.card_t ?? '', card_b: input.card_b ?? '' };
  const [row] = await db
    .insert(user_checks)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: user_checks.user_id, targetWhere: sql`${user_checks.deleted_at} is null`, set: { ...values, updated_at: sql`now()` } })
    .returning(columns);
  return row;
}

/** Who a withdrawal of this user (or of the store this user owns) is paid to: the check's name, bank and bank card; null without a check. */
export async function payeeOf(db: Db | Tx, userId: number): Promise<{ name: string; bank_name: string; card_no: string } | null> {
  const check = await realNameOf(db, userId);
  return check ? { name: check.name, bank_name: check.bank_name, card_no: check.bank_no } : null;
}
