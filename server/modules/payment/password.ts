import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fail } from '../../http/envelope';
import { hashPassword } from '../../http/password';
import { reset } from '../../http/rate-limit';
import { codeError, consumeCode } from '../sms/service';
import type { payPasswordSchema } from './schemas';
import './messages';

/** The SMS template (and sms_logs name) of pay-password codes. */
export const PAY_PASSWORD_TEMPLATE = 'pay_password';

/**
 * PUT /api/user/pay_password {code, pay_password}: sets or resets the caller's 6-digit pay
 * password (scrypt) with a code sent to the account's phone (template `pay_password`); the code
 * is consumed in the same transaction, and the wrong-password counter starts afresh.
 */
export async function setPayPassword(db: Db, userId: number, input: z.infer<typeof payPasswordSchema>): Promise<void> {
  const [user] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!user) throw fail('unauthorized', undefined, 401);
  if (!user.phone) throw fail('payment.noPhone', undefined, 422, { field: 'phone' });
  const hash = await hashPassword(input.pay_password);
  const check = await db.transaction(async (tx) => {
    const result = await consumeCode(tx, user.phone, PAY_PASSWORD_TEMPLATE, input.code);
    if (result === 'ok') await tx.update(users).set({ pay_password: hash }).where(eq(users.id, userId));
    return result;
  });
  if (check !== 'ok') throw codeError(check);
  await reset(db, `pay-password:${userId}`);
}
