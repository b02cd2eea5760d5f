import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { revokeOtherSessions } from '../../http/auth';
import type { Caller } from '../../http/context';
import { isUniqueViolation } from '../../http/db-errors';
import { fail } from '../../http/envelope';
import { hashPassword } from '../../http/password';
import { proveOwner } from '../auth/service';
import { codeError, consumeCode, phoneIsRegistered, type CodeCheck } from '../sms/service';
import type { passwordSchema, phoneSchema } from './schemas';
import './messages';

/**
 * The shopper's account security (user centre /user/safe): a new login password, proved by an
 * SMS code to the account's phone (or the current password), ends the account's other sessions;
 * a phone change needs a code sent to the current phone and one sent to the new phone.
 */

async function accountOf(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!row) throw fail('unauthorized', undefined, 401);
  return row;
}

export async function changePassword(db: Db, caller: Caller, input: z.infer<typeof passwordSchema>): Promise<void> {
  const account = await accountOf(db, caller.accountId);
  // a phone on the account: its code is the proof (a stolen session alone cannot change it)
  if (account.phone && input.code === undefined) throw fail('fieldRequired', { field: 'code' }, 422, { field: 'code' });
  await proveOwner(db, caller, account.phone ? { code: input.code } : { old_password: input.old_password });
  const hash = await hashPassword(input.password);
  await db.update(users).set({ password: hash }).where(eq(users.id, account.id));
  await revokeOtherSessions(db, 'users', account.id, caller.sessionId);
}

class CodeRefused {
  constructor(
    readonly field: 'code' | 'new_code',
    readonly check: Exclude<CodeCheck, 'ok'>,
    readonly phone: string,
    readonly name: string,
    readonly code: string,
  ) {}
}

/**
 * Both codes are checked in a savepoint with the change: when one is wrong nothing is kept (the
 * right one stays usable), then the wrong one is checked again outside it, so its attempt counts
 * (five wrong attempts lock a code).
 */
export async function changePhone(db: Db, caller: Caller, input: z.infer<typeof phoneSchema>): Promise<void> {
  const account = await accountOf(db, caller.accountId);
  if (account.phone === input.phone) throw fail('account.samePhone', undefined, 422, { field: 'phone' });
  if (account.phone && input.code === undefined) throw fail('fieldRequired', { field: 'code' }, 422, { field: 'code' });
  if (await phoneIsRegistered(db, input.phone)) throw fail('phoneTaken', undefined, 409, { field: 'phone' });
  let refused: CodeRefused | undefined;
  try {
    await db.transaction(async (tx) => {
      try {
        await tx.transaction(async (sp) => {
          const check = async (exec: Tx, field: 'code' | 'new_code', phone: string, name: string, code: string) => {
            const result = await consumeCode(exec, phone, name, code);
            if (result !== 'ok') throw new CodeRefused(field, result, phone, name, code);
          };
          if (account.phone) await check(sp as unknown as Tx, 'code', account.phone, 'edit_user', input.code!);
          await check(sp as unknown as Tx, 'new_code', input.phone, 'new_phone', input.new_code);
          await sp.update(users).set({ phone: input.phone }).where(eq(users.id, account.id));
        });
      } catch (err) {
        if (!(err instanceof CodeRefused)) throw err;
        refused = err;
        await consumeCode(tx, err.phone, err.name, err.code);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('phoneTaken', undefined, 409, { field: 'phone' });
    throw err;
  }
  if (refused) {
    const error = codeError(refused.check);
    throw fail(error.key, undefined, 422, { field: refused.field });
  }
}
