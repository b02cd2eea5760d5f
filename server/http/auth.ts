import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { sign, verify } from 'hono/jwt';
import type { Db } from '../db/client';
import { admins, auth_sessions, users } from '../db/schema';
import type { Config } from '../config';
import type { AppEnv, Area, Caller, Provider } from './context';
import { fail } from './envelope';
import { findApprovedStore } from './seller';

/**
 * Tokens (docs/decisions.md "Auth"): HS256 JWT access tokens of 2 h carrying
 * `sub, area, provider, sid, iat, exp`; the `auth_sessions` row named by `sid` is the truth
 * (logout revokes it). Once a token is older than 1 h the answer carries a fresh one in the
 * `Authorization` header. Refresh tokens (14 days) are `<sid>.<secret>`, stored hashed.
 */
export const ACCESS_TTL = 2 * 3600;
export const RENEW_AFTER = 3600;
export const SESSION_TTL = 14 * 24 * 3600;

export const PROVIDER_OF: Record<Area, Provider> = { admin: 'admins', seller: 'users', user: 'users' };
const AREAS: readonly Area[] = ['admin', 'seller', 'user'];

export interface Claims {
  sub: string;
  area: Area;
  provider: Provider;
  sid: string;
  iat: number;
  exp: number;
}

export interface LoginPayload {
  token_type: 'Bearer';
  expires_in: number;
  access_token: string;
  refresh_token: string;
}

const now = () => Math.floor(Date.now() / 1000);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const interval = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export function signAccess(secret: string, claims: Omit<Claims, 'iat' | 'exp'>, issuedAt = now()): Promise<string> {
  return sign({ ...claims, iat: issuedAt, exp: issuedAt + ACCESS_TTL }, secret, 'HS256');
}

/** Verifies signature, expiry and claim shapes; null for anything wrong. */
export async function readClaims(secret: string, token: string): Promise<Claims | null> {
  try {
    const p = await verify(token, secret, 'HS256');
    const ok =
      typeof p.sub === 'string' &&
      /^\d+$/.test(p.sub) &&
      AREAS.includes(p.area as Area) &&
      PROVIDER_OF[p.area as Area] === p.provider &&
      typeof p.sid === 'string' &&
      typeof p.iat === 'number' &&
      typeof p.exp === 'number';
    return ok ? (p as unknown as Claims) : null;
  } catch {
    return null;
  }
}

export function bearerOf(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** Opens a session and returns the login answer. */
export async function startSession(
  db: Db,
  config: Config,
  who: { area: Area; accountId: number; ip: string },
): Promise<LoginPayload> {
  const sid = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  await db.insert(auth_sessions).values({
    id: sid,
    area: who.area,
    provider: PROVIDER_OF[who.area],
    account_id: who.accountId,
    refresh_hash: sha256(secret),
    ip: who.ip,
    expires_at: interval(SESSION_TTL),
  });
  return payload(config, who.area, who.accountId, sid, secret);
}

async function payload(config: Config, area: Area, accountId: number, sid: string, secret: string): Promise<LoginPayload> {
  const access = await signAccess(config.jwtSecret, { sub: String(accountId), area, provider: PROVIDER_OF[area], sid });
  return { token_type: 'Bearer', expires_in: ACCESS_TTL, access_token: access, refresh_token: `${sid}.${secret}` };
}

/** Exchanges a refresh token for a new pair (the refresh secret rotates); null when unusable. */
export async function refreshSession(db: Db, config: Config, refreshToken: string): Promise<LoginPayload | null> {
  const [sid, secret] = refreshToken.split('.');
  if (!sid || !secret || !/^[0-9a-f-]{36}$/.test(sid)) return null;
  const [row] = await db
    .select()
    .from(auth_sessions)
    .where(and(eq(auth_sessions.id, sid), isNull(auth_sessions.revoked_at), gt(auth_sessions.expires_at, sql`now()`)));
  if (!row) return null;
  const given = Buffer.from(sha256(secret));
  const stored = Buffer.from(row.refresh_hash);
  if (stored.length !== given.length || !timingSafeEqual(given, stored)) return null;
  const next = randomBytes(32).toString('base64url');
  const updated = await db
    .update(auth_sessions)
    .set({ refresh_hash: sha256(next), expires_at: interval(SESSION_TTL) })
    .where(and(eq(auth_sessions.id, sid), eq(auth_sessions.refresh_hash, row.refresh_hash), isNull(auth_sessions.revoked_at)))
    .returning({ id: auth_sessions.id });
  if (updated.length === 0) return null;
  return payload(config, row.area as Area, row.account_id, sid, next);
}

export async function revokeSession(db: Db, sid: string): Promise<void> {
  await db.update(auth_sessions).set({ revoked_at: sql`now()` }).where(eq(auth_sessions.id, sid));
}

/** Revokes every session of an account except `keep` (after a password change). */
export async function revokeOtherSessions(db: Db, provider: Provider, accountId: number, keep?: string): Promise<void> {
  await db
    .update(auth_sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(auth_sessions.provider, provider),
        eq(auth_sessions.account_id, accountId),
        isNull(auth_sessions.revoked_at),
        keep ? sql`${auth_sessions.id} <> ${keep}` : undefined,
      ),
    );
}

/** Is the session live and the account still there (users must be active)? */
async function sessionIsLive(db: Db, claims: Claims): Promise<boolean> {
  const accountId = Number(claims.sub);
  const account =
    claims.provider === 'admins'
      ? db.select({ id: admins.id }).from(admins).where(and(eq(admins.id, accountId), isNull(admins.deleted_at)))
      : db.select({ id: users.id }).from(users).where(and(eq(users.id, accountId), isNull(users.deleted_at), eq(users.status, 1)));
  const rows = await db
    .select({ id: auth_sessions.id })
    .from(auth_sessions)
    .where(
      and(
        eq(auth_sessions.id, claims.sid),
        eq(auth_sessions.account_id, accountId),
        eq(auth_sessions.area, claims.area),
        isNull(auth_sessions.revoked_at),
        gt(auth_sessions.expires_at, sql`now()`),
        exists(account),
      ),
    );
  return rows.length > 0;
}

/**
 * The caller of this request, or null. `accept` limits which token areas count (an admin
 * token is never a seller or shopper token); `provider` limits the provider.
 */
export async function resolveCaller(
  c: Context<AppEnv>,
  accept: { areas?: readonly Area[]; provider?: Provider } = {},
): Promise<(Caller & { claims: Claims }) | null> {
  const token = bearerOf(c);
  if (!token || token.length > 4096) return null;
  const { db, config } = c.get('services');
  const claims = await readClaims(config.jwtSecret, token);
  if (!claims) return null;
  if (accept.areas && !accept.areas.includes(claims.area)) return null;
  if (accept.provider && accept.provider !== claims.provider) return null;
  if (!(await sessionIsLive(db, claims))) return null;
  return { area: claims.area, provider: claims.provider, accountId: Number(claims.sub), sessionId: claims.sid, claims };
}

/** Sends a renewed token in the `Authorization` header once the current one is older than RENEW_AFTER. */
export async function renewIfOld(c: Context<AppEnv>, claims: Claims): Promise<void> {
  if (now() - claims.iat < RENEW_AFTER) return;
  const { db, config } = c.get('services');
  await db
    .update(auth_sessions)
    .set({ expires_at: interval(SESSION_TTL) })
    .where(eq(auth_sessions.id, claims.sid));
  const token = await signAccess(config.jwtSecret, { sub: claims.sub, area: claims.area, provider: claims.provider, sid: claims.sid });
  c.header('Authorization', `Bearer ${token}`);
}

/** Only callers holding a live token of `area`; anything else is a code-401 envelope. */
export function requireAuth(area: Area): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = await resolveCaller(c, { areas: [area] });
    if (!caller) throw fail('unauthorized', undefined, 401);
    const { claims, ...rest } = caller;
    c.set('caller', rest);
    await renewIfOld(c, claims);
    await next();
  };
}

/** Seller routes: the caller must own, or be staff of, an approved store (else code 403). */
export function requireStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get('caller');
    if (!caller || caller.provider !== 'users') throw fail('unauthorized', undefined, 401);
    const store = await findApprovedStore(c.get('services').db, caller.accountId);
    if (!store) throw fail('noApprovedStore', undefined, 403);
    c.set('caller', { ...caller, storeId: store.id });
    await next();
  };
}

/** The resolved caller of a route behind requireAuth. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw fail('unauthorized', undefined, 401);
  return caller;
}
