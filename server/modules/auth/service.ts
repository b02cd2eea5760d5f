import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { admins, users } from '../../db/schema';
import { PROVIDER_OF, revokeOtherSessions, startSession, type LoginPayload } from '../../http/auth';
import type { Area, Caller, Provider } from '../../http/context';
import { isUniqueViolation } from '../../http/db-errors';
import { fail } from '../../http/envelope';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../http/password';
import { hit, reset, tooMany } from '../../http/rate-limit';
import { findApprovedStore } from '../../http/seller';
import { codeError, consumeCode, phoneIsRegistered } from '../sms/service';
import type { editSchema, forgetPasswordSchema, loginSchema, registerSchema } from './schemas';
import './messages';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

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
  // Users log in with their username or their phone; an exact username wins.
  const [row] = await db
    .select({ id: users.id, password: users.password, status: users.status })
    .from(users)
    .where(and(isNull(users.deleted_at), or(eq(users.username, username), eq(users.phone, username))))
    .orderBy(desc(sql`${users.username} = ${username}`))
    .limit(1);
  return row;
}

async function touchLogin(db: Db, provider: Provider, id: number, ip: string) {
  const table = provider === 'admins' ? admins : users;
  await db
    .update(table)
    .set({ last_login_time: sql`coalesce(${table.login_time}, now())`, login_time: sql`now()`, ip })
    .where(eq(table.id, id));
}

/**
 * Password login. Attempts per IP+provider+username are counted first (atomically) and the
 * count is cleared on success, so at most LOGIN_MAX_FAILURES wrong passwords per window.
 * A seller-area login needs an approved store the account owns or works for.
 */
export async function login({ db, config, ip }: Ctx, input: z.infer<typeof loginSchema>): Promise<LoginPayload> {
  const area: Area = input.area ?? (input.provider === 'admins' ? 'admin' : 'user');
  if (PROVIDER_OF[area] !== input.provider) throw fail('areaMismatch', undefined, 422, { field: 'area' });
  const key = `login:${ip}:${input.provider}:${input.username.toLowerCase()}`;
  if ((await hit(db, key, LOGIN_WINDOW_SECONDS)) > LOGIN_MAX_FAILURES) throw tooMany();

  const account = await findAccount(db, input.provider, input.username);
  const valid = account ? await verifyPassword(input.password, account.password) : await burnPasswordCheck(input.password);
  if (!account || !valid) throw fail('loginFailed', undefined, 422, { field: 'password' });
  await reset(db, key);
  if (account.status !== 1) throw fail('accountDisabled', undefined, 403);
  if (area === 'seller' && !(await findApprovedStore(db, account.id))) throw fail('noApprovedStore', undefined, 403);

  await touchLogin(db, input.provider, account.id, ip);
  return startSession(db, config, { area, accountId: account.id, ip });
}

/** Phone registration with an SMS code (template `register`); logs the new user in. */
export async function register({ db, config, ip }: Ctx, input: z.infer<typeof registerSchema>): Promise<LoginPayload> {
  if (await phoneIsRegistered(db, input.username)) throw fail('phoneTaken', undefined, 409, { field: 'username' });
  const password = await hashPassword(input.password);
  const outcome = await db.transaction(async (tx) => {
    const check = await consumeCode(tx, input.username, 'register', input.code);
    if (check !== 'ok') return { ok: false, error: check } as const;
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
      return { ok: true, id: row.id } as const;
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('phoneTaken', undefined, 409, { field: 'username' });
      throw err;
    }
  });
  if (!outcome.ok) throw codeError(outcome.error);
  return startSession(db, config, { area: 'user', accountId: outcome.id, ip });
}

/** Password reset with an SMS code (template `forget_password`); ends the other sessions and logs in. */
export async function forgetPassword({ db, config, ip }: Ctx, input: z.infer<typeof forgetPasswordSchema>): Promise<LoginPayload> {
  const [user] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.phone, input.username), isNull(users.deleted_at)));
  if (!user) throw fail('phoneUnknown', undefined, 404, { field: 'username' });
  const password = await hashPassword(input.password);
  const check = await db.transaction(async (tx) => {
    const result = await consumeCode(tx, input.username, 'forget_password', input.code);
    if (result === 'ok') await tx.update(users).set({ password }).where(eq(users.id, user.id));
    return result;
  });
  if (check !== 'ok') throw codeError(check);
  await revokeOtherSessions(db, 'users', user.id);
  if (user.status !== 1) throw fail('accountDisabled', undefined, 403);
  await touchLogin(db, 'users', user.id, ip);
  return startSession(db, config, { area: 'user', accountId: user.id, ip });
}

/** Own profile edit: nickname, avatar, password ('' keeps it). Nothing else is ever written. */
export async function editProfile(db: Db, caller: Caller, input: z.infer<typeof editSchema>): Promise<void> {
  const changes: { nickname: string; avatar?: string; password?: string } = { nickname: input.nickname };
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (input.password) changes.password = await hashPassword(input.password);
  const table = caller.provider === 'admins' ? admins : users;
  const updated = await db
    .update(table)
    .set(changes)
    .where(and(eq(table.id, caller.accountId), isNull(table.deleted_at)))
    .returning({ id: table.id });
  if (updated.length === 0) throw fail('unauthorized', undefined, 401);
  if (changes.password) await revokeOtherSessions(db, caller.provider, caller.accountId, caller.sessionId);
}
