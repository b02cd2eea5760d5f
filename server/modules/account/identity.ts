import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { user_checks, users } from '../../db/schema';
import { callerOf } from '../../http/auth';
import { formText } from '../../http/crud';
import { validateIn } from '../../http/crud/validate';
import type { AppEnv } from '../../http/context';
import { langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { shopperRoutes } from '../../http/routes';
import { isFileUrl } from '../content/fields';
import { isIdCardNo } from '../shop/storeApply';
import { accountMessage } from './messages';

/**
 * The shopper's real-name record (reference `GET|POST /api/user/check`, screens §3.34
 * `/user/safe/check`): name, ID card number and photos, bank card. One live row per user,
 * replaced by a new submission. The withdrawal form takes its bank card from here
 * (settlement/cashRoutes.ts). The answer masks both numbers: the page shows what is on file, and
 * a copied token reads no full ID number.
 */
const text = (max: number) => formText({ max, min: 1 });
const image = () => text(150).refine(isFileUrl, { params: { messageKey: 'content.badUrl' } });

export const identitySchema = z.object({
  name: text(20),
  card_no: text(18).refine(isIdCardNo, { params: { messageKey: 'shop.badIdCard' } }),
  card_t: image(),
  card_b: image(),
  bank_no: text(30).refine((v) => /^\d{12,19}$/.test(v), { params: { messageKey: 'account.badBankCard' } }),
  bank_name: text(30),
});

/** All but the last four characters hidden. */
export const maskNumber = (value: string) => (value.length <= 4 ? value : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`);

async function ownRecord(db: Db, userId: number) {
  const [row] = await db
    .select({ name: user_checks.name, card_no: user_checks.card_no, card_t: user_checks.card_t, card_b: user_checks.card_b, bank_no: user_checks.bank_no, bank_name: user_checks.bank_name, updated_at: user_checks.updated_at })
    .from(user_checks)
    .where(and(eq(user_checks.user_id, userId), isNull(user_checks.deleted_at)));
  return row ? { ...row, card_no: maskNumber(row.card_no), bank_no: maskNumber(row.bank_no) } : null;
}

export function mountIdentity(api: Hono<AppEnv>) {
  const shopper = shopperRoutes(api);
  const db = (c: Context<AppEnv>) => c.get('services').db;
  shopper.get('/user/check', async (c) => ok(c, await ownRecord(db(c), callerOf(c).accountId)));
  shopper.post('/user/check', async (c) => {
    const input = validateIn(identitySchema, await readInput(c), langOf(c));
    const userId = callerOf(c).accountId;
    const values = { ...input, card_no: input.card_no.toUpperCase() };
    await db(c).transaction(async (tx) => {
      // one live record per user: concurrent submissions of one user queue on the user's row
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const updated = await tx
        .update(user_checks)
        .set({ ...values, updated_at: sql`now()` })
        .where(and(eq(user_checks.user_id, userId), isNull(user_checks.deleted_at)))
        .returning({ id: user_checks.id });
      if (updated.length === 0) await tx.insert(user_checks).values({ ...values, user_id: userId });
    });
    return ok(c, await ownRecord(db(c), userId), accountMessage('account.identitySaved', langOf(c)));
  });
}
