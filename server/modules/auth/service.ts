import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { admins, users } from '../../db/schema';
import { PROVIDER_OF, revokeOtherSessions, startSession, type LoginPayload } from '../../http/auth';
import type { Caller, Provider, Reach } from '../../http/context';
import { isUniqueViolation } from '../../http/db-errors';
import { fail } from '../../http/envelope';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../http/password';
import { reset } from '../../http/rate-limit';
import { findApprovedStore } from '../../http/seller';
import { codeError, consumeCode, phoneIsRegistered } from '../sms/service';
import { PASSWORD_CHANGE, CODE_PER_IP, codeIpKey, giveBack, LOGIN_PER_ACCOUNT, LOGIN_PER_IP, LOGIN_PER_IP_USER, loginAccountKey, loginIpKey, loginIpUserKey, spend } from './limits';
import type { editSchema, forgetPasswordSchema, loginSchema, registerSchema } from './schemas';
import './messages';

interface Ctx {
  db: Db;
  config: Config;
  ip: string;
}

async function findAccount(db: Db, provider: Provider, username: string) {
  if (provider === 'admins') {
    const [row] = await db
      .select({ id: admins.id, password: admins.password, status: sql<number>`1` })
      .from(admins)
      .where(and(eq(admins.username, username), isNull(admins.deleted_at)));
    return row;
  }
  // Users log in with their username or their phone. Should the name be one account's username
  // and ANOTHER account's phone (rows from before the two shared one name space), it opens
  // neither: a phone login never lands in a different account.
  const rows = await db
    .select({ id: users.id, password: users.password, status: users.status })
    .from(users)
    .where(and(isNull(users.deleted_at), or(eq(users.username, username), eq(users.phone, username))))
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

async function touchLogin(db: Db, provider: Provider, id: number, ip: string) {
  const table = provider === 'admins' ? admins : users;
  await db
    .update(table)
    .set({ last_login_time: sql`coalesce(${table.login_time}, now())`, login_time: sql`now()`, ip })
    .where(eq(table.id, id));
}

/**
 * Password login, cheapest checks first and the password hash last (docs/decisions.md
 * "Credential stuffing"): the attempt is counted per IP, per IP+username and per account
 * (across IPs) before scrypt runs, so callers beyond a limit get code 429 without costing a
 * hash. A right password gives its attempts back (and clears the IP+username count).
 * A seller-area login needs an approved store the account owns or works for. A `users` login
 * without `area` (the reference's clients) opens the shop and, with a store, the seller centre.
 */
export async function login({ db, config, ip }: Ctx, input: z.infer<typeof loginSchema>): Promise<LoginPayload> {
  const area: Reach = input.area ?? (input.provider === 'admins' ? 'admin' : 'users');
  if (PROVIDER_OF[area] !== input.provider) throw fail('areaMismatch', undefined, 422, { field: 'area' });
  const ipKey = loginIpKey(ip);
  const ipUserKey = loginIpUserKey(ip, input.provider, input.username);
  await spend(db, ipKey, LOGIN_PER_IP);
  await spend(db, ipUserKey, LOGIN_PER_IP_USER);
  const account = await findAccount(db, input.provider, input.username);
  const accountKey = loginAccountKey(input.provider, account?.id ?? input.username);
  await spend(db, accountKey, LOGIN_PER_ACCOUNT);

  const valid = account ? await verifyPassword(input.password, account.password) : await burnPasswordCheck(input.password);
  if (!account || !valid) throw fail('loginFailed', undefined, 422, { field: 'password' });
  await reset(db, ipUserKey);
  await giveBack(db, [ipKey, accountKey]);
  if (account.status !== 1) throw fail('accountDisabled', undefined, 403);
  if (area === 'seller' && !(await findApprovedStore(db, account.id))) throw fail('noApprovedStore', undefined, 403);

  await touchLogin(db, input.provider, account.id, ip);
  return startSession(db, config, { area, accountId: account.id, ip });
}

/**
 * Phone registration with an SMS code (template `register`); logs the new user in. The code is
 * checked (and spent) first, the password hashed last, so neither a flood of guesses costs a
 * hash nor does the answer tell whether a phone is registered to anyone without a valid code
 * (codes go only to unregistered phones, under the SMS limits).
 */
export async function register({ db, config, ip }: Ctx, input: z.infer<typeof registerSchema>): Promise<LoginPayload> {
  const ipKey = codeIpKey(ip);
  await spend(db, ipKey, CODE_PER_IP);
  const check = await consumeCode(db, input.username, 'register', input.code);
  if (check !== 'ok') throw codeError(check);
  if (await phoneIsRegistered(db, input.username)) throw fail('phoneTaken', undefined, 409, { field: 'username' });
  const password = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    let inviter = 0;
    if (input.inviter_id) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.inviter_id), isNull(users.deleted_at)));
      inviter = row?.id ?? 0;
    }
    try {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          phone: input.username,
          nickname: input.username,
          password,
          inviter_id: inviter,
          ip,
          login_time: sql`now()`,
        })
        .returning({ id: users.id });
      return row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('phoneTaken', undefined, 409, { field: 'username' });
      throw err;
    }
  });
  await giveBack(db, [ipKey]);
  return startSession(db, config, { area: 'users', accountId: id, ip });
}

/**
 * Password reset with an SMS code (template `forget_password`); ends the other sessions and
 * logs in. The code is checked first: an unknown phone and a wrong code get the same answer
 * (codes go only to registered phones), and the password is hashed only for a valid code.
 */
export async function forgetPassword({ db, config, ip }: Ctx, input: z.infer<typeof forgetPasswordSchema>): Promise<LoginPayload> {
  const ipKey = codeIpKey(ip);
  await spend(db, ipKey, CODE_PER_IP);
  const check = await consumeCode(db, input.username, 'forget_password', input.code);
  if (check !== 'ok') throw codeError(check);
  const [user] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.phone, input.username), isNull(users.deleted_at)));
  if (!user) throw codeError('invalid');
  const password = await hashPassword(input.password);
  await db.update(users).set({ password }).where(eq(users.id, user.id));
  await giveBack(db, [ipKey]);
  await revokeOtherSessions(db, 'users', user.id);
  if (user.status !== 1) throw fail('accountDisabled', undefined, 403);
  await touchLogin(db, 'users', user.id, ip);
  return startSession(db, config, { area: 'users', accountId: user.id, ip });
}

/**
 * A password change proves the caller knows the current password (attempts limited per account
 * before the hash runs) or holds an `edit_user` SMS code sent to the account's phone: a stolen
 * session alone cannot take the account over.
 */
export async function proveOwner(db: Db, caller: Caller, input: Pick<z.infer<typeof editSchema>, 'old_password' | 'code'>): Promise<void> {
  const table = caller.provider === 'admins' ? admins : users;
  const [row] = await db
    .select({ password: table.password, phone: caller.provider === 'admins' ? sql<string>`''` : users.phone })
    .from(table)
    .where(and(eq(table.id, caller.accountId), isNull(table.deleted_at)));
  if (!row) throw fail('unauthorized', undefined, 401);
  if (input.old_password !== undefined) {
    const key = `password-change:${caller.provider}:${caller.accountId}`;
    await spend(db, key, PASSWORD_CHANGE);
    if (!(await verifyPassword(input.old_password, row.password))) throw fail('currentPasswordWrong', undefined, 422, { field: 'old_password' });
    await giveBack(db, [key]);
    return;
  }
  if (input.code !== undefined && row.phone) {
    const check = await consumeCode(db, row.phone, 'edit_user', input.code);
    if (check !== 'ok') throw codeError(check);
    return;
  }
  throw fail('currentPasswordRequired', undefined, 422, { field: 'old_password' });
}

/** Own profile edit: nickname, avatar, password ('' keeps it); a shopper's sex and birthday too. Nothing else is ever written. */
export async function editProfile(db: Db, caller: Caller, input: z.infer<typeof editSchema>): Promise<void> {
  const changes: { nickname: string; avatar?: string; password?: string; sex?: number; birthday?: string | null } = { nickname: input.nickname };
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (caller.provider === 'users' && input.sex !== undefined) changes.sex = input.sex;
  if (caller.provider === 'users' && input.birthday !== undefined) changes.birthday = input.birthday || null;
  if (input.password) {
    await proveOwner(db, caller, input);
    changes.password = await hashPassword(input.password);
  }
  const table = caller.provider === 'admins' ? admins : users;
  const updated = await db
    .update(table)
    .set(changes)
    .where(and(eq(table.id, caller.accountId), isNull(table.deleted_at)))
    .returning({ id: table.id });
  if (updated.length === 0) throw fail('unauthorized', undefined, 401);
  if (changes.password) await revokeOtherSessions(db, caller.provider, caller.accountId, caller.sessionId);
}
