import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { fail } from '../../../http/envelope';
import { burnPasswordCheck, verifyPassword } from '../../../http/password';
import { hit, peek, refund, reset, tooMany } from '../../../http/rate-limit';
import '../messages';

/**
 * The balance method: no gateway, the debit happens in pay success (../success.ts) inside the
 * request's transaction. Before it, the pay password: scrypt like login passwords, at most
 * PAY_PASSWORD_MAX_FAILURES wrong passwords per account in PAY_PASSWORD_WINDOW_SECONDS. Only
 * wrong passwords count (issue 30: a burst of right ones was answered "too many wrong tries").
 * Concurrent guesses still cannot slip past: each check holds a slot in a short-lived in-flight
 * counter while it hashes, and goes ahead only while failures + checks in flight stay within the
 * limit; one that would pass it waits for the others to finish (a right password frees its slot
 * in one hash's time), and gives up with a 429 after about five seconds.
 */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_WINDOW_SECONDS = 15 * 60;
/** A slot left by a process that died while hashing frees itself after this. */
const IN_FLIGHT_WINDOW_SECONDS = 60;
const WAIT_MS = 100;
const WAIT_ROUNDS = 50;

const locked = () => fail('payment.passwordLocked', undefined, 429, { field: 'pay_password' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes an in-flight slot for one check, waiting while failures + checks in flight would pass the limit. */
async function takeSlot(db: Db, failures: string, inFlight: string): Promise<void> {
  for (let round = 0; ; round++) {
    const running = await hit(db, inFlight, IN_FLIGHT_WINDOW_SECONDS);
    const failed = await peek(db, failures, PAY_PASSWORD_WINDOW_SECONDS);
    if (failed + running <= PAY_PASSWORD_MAX_FAILURES) return;
    await refund(db, inFlight);
    if (failed >= PAY_PASSWORD_MAX_FAILURES) throw locked();
    if (round >= WAIT_ROUNDS) throw tooMany();
    await sleep(WAIT_MS);
  }
}

export async function checkPayPassword(db: Db, userId: number, password: string): Promise<void> {
  const failures = `pay-password:${userId}`;
  const inFlight = `pay-password-check:${userId}`;
  await takeSlot(db, failures, inFlight);
  try {
    const [user] = await db
      .select({ payPassword: users.pay_password })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleted_at)));
    if (!user?.payPassword) {
      await burnPasswordCheck(password);
      throw fail('payment.passwordUnset', undefined, 422, { field: 'pay_password', reason: 'payPasswordUnset' });
    }
    if (!(await verifyPassword(password, user.payPassword))) {
      await hit(db, failures, PAY_PASSWORD_WINDOW_SECONDS);
      throw fail('payment.passwordWrong', undefined, 422, { field: 'pay_password' });
    }
    // a right password clears the wrong ones before it
    await reset(db, failures);
  } finally {
    await refund(db, inFlight);
  }
}
