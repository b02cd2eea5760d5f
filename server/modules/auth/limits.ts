import type { Db } from '../../db/client';
import { hit, refund, tooMany } from '../../http/rate-limit';

/**
 * Limits on the unauthenticated endpoints that cost a password hash (docs/decisions.md
 * "Credential stuffing"). Every attempt is counted BEFORE any hashing, atomically in the
 * database (shared by all instances), so a flood beyond a limit never reaches scrypt; an
 * attempt that succeeds is given back, so a busy office behind one IP or an owner who finally
 * types the right password is not held back by its own successes.
 */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Wrong passwords for one username from one IP (the classic brute force). */
export const LOGIN_PER_IP_USER: Limit = { max: 5, windowSeconds: 15 * 60 };
/** Login attempts from one IP over every username (credential stuffing from one address). */
export const LOGIN_PER_IP: Limit = { max: 30, windowSeconds: 15 * 60 };
/**
 * Attempts on one account from every IP (a distributed guess at one password). The window is
 * short so the owner, whom a stuffing run shares the counter with, waits minutes at most.
 */
export const LOGIN_PER_ACCOUNT: Limit = { max: 10, windowSeconds: 10 * 60 };
/** Wrong current passwords when a signed-in account changes its password. */
export const PASSWORD_CHANGE: Limit = { max: 5, windowSeconds: 15 * 60 };
/** Registration and password reset attempts (code checks) from one IP. */
export const CODE_PER_IP: Limit = { max: 20, windowSeconds: 15 * 60 };

export const loginIpKey = (ip: string) => `login-ip:${ip}`;
export const loginIpUserKey = (ip: string, provider: string, username: string) => `login:${ip}:${provider}:${username.toLowerCase()}`;
export const loginAccountKey = (provider: string, account: number | string) =>
  typeof account === 'number' ? `login-account:${provider}:${account}` : `login-account:${provider}:?${account.toLowerCase()}`;
export const codeIpKey = (ip: string) => `code-ip:${ip}`;

/** Counts one attempt under `key`; code 429 once the limit is passed. */
export async function spend(db: Db, key: string, limit: Limit): Promise<void> {
  if ((await hit(db, key, limit.windowSeconds)) > limit.max) throw tooMany();
}

/** Gives back the attempts of a call that succeeded. */
export async function giveBack(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await refund(db, key);
}
