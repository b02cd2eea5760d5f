import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { fail } from '../../../http/envelope';
import { burnPasswordCheck, verifyPassword } from '../../../http/password';
import { hit, reset } from '../../../http/rate-limit';
import '../messages';

/**
 * The balance method: no gateway, the debit happens in pay success (../success.ts) inside the
 * request's transaction. Before it, the pay password: scrypt like login passwords, at most
 * PAY_PASSWORD_MAX_FAILURES wrong tries per account in PAY_PASSWORD_WINDOW_SECONDS (counted
 * before checking, atomically, so concurrent guesses cannot slip past; cleared on success).
 */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_WINDOW_SECONDS = 15 * 60;

export async function checkPayPassword(db: Db, userId: number, password: string): Promise<void> {
  const key = `pay-password:${userId}`;
  if ((await hit(db, key, PAY_PASSWORD_WINDOW_SECONDS)) > PAY_PASSWORD_MAX_FAILURES) throw fail('payment.passwordLocked', undefined, 429, { field: 'pay_password' });
  const [user] = await db
    .select({ payPassword: users.pay_password })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!user?.payPassword) {
    await burnPasswordCheck(password);
    await reset(db, key);
    throw fail('payment.passwordUnset', undefined, 422, { field: 'pay_password', reason: 'payPasswordUnset' });
  }
  if (!(await verifyPassword(password, user.payPassword))) throw fail('payment.passwordWrong', undefined, 422, { field: 'pay_password' });
  await reset(db, key);
}
