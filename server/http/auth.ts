import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { admin_permissions, admin_roles, admin_to_permissions, admin_to_roles, admins, auth_sessions, users } from '../db/schema';
import type { Config } from '../config';
import type { AppEnv, Area, Caller, Provider, Reach } from './context';
import { fail } from './envelope';
import { findApprovedStore } from './seller';
import { authMark } from '../db/authMark';
import { signJwt, verifyJwt } from './jwt';

/**
 * Tokens (docs/decisions.md "Auth"): HS256 JWT access tokens of 2 h carrying
 * `sub, area, provider, sid, iat, exp`; the `auth_sessions` row named by `sid` is the truth
 * (logout revokes it). Once a token is older than 1 h the answer carries a fresh one in the
 * `Authorization` header. Refresh tokens (14 days) are `<sid>.<secret>`, stored hashed; each use
 * rotates the secret, and a rotated secret presented again revokes the session (it was copied).
 * Renewal and refresh slide the session's expiry but never past SESSION_ABSOLUTE after the
 * login, and no access token outlives that point either.
 */
export const ACCESS_TTL = 2 * 3600;
export const RENEW_AFTER = 3600;
export const SESSION_TTL = 14 * 24 * 3600;
/** The longest a session lives from its login, however often it is renewed or refreshed. */
export const SESSION_ABSOLUTE = 30 * 24 * 3600;

export const PROVIDER_OF: Record<Reach, Provider> = { admin: 'admins', seller: 'users', user: 'users', users: 'users' };
const REACHES: readonly Reach[] = ['admin', 'seller', 'user', 'users'];

/**
 * The area a token of `reach` acts in on a route accepting `accept` (undefined: any area), or
 * null when it may not. A `users` token is a shopper wherever the shop is accepted, else a seller
 * where the seller centre is (requireStore then asks for the approved store); never an admin.
 */
export function areaFor(reach: Reach, accept?: readonly Area[]): Area | null {
  if (reach !== 'users') return !accept || accept.includes(reach) ? reach : null;
  if (!accept || accept.includes('user')) return 'user';
  return accept.includes('seller') ? 'seller' : null;
}

export interface Claims {
  sub: string;
  area: Reach;
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

/** An access token of ACCESS_TTL, or of `ttl` seconds when the session ends sooner. */
export function signAccess(secret: string, claims: Omit<Claims, 'iat' | 'exp'>, issuedAt = now(), ttl = ACCESS_TTL): string {
  return signJwt({ ...claims, iat: issuedAt, exp: issuedAt + Math.min(ACCESS_TTL, ttl) }, secret);
}

/** The session's end when slid forward: SESSION_TTL from now, never past its absolute end. */
const slidExpiry = () =>
  sql`least(now() + make_interval(secs => ${SESSION_TTL}), ${auth_sessions.created_at} + make_interval(secs => ${SESSION_ABSOLUTE}))`;
/** Whole seconds until the session's absolute end (stored wall time minus the current one). */
const secondsToAbsoluteEnd = () =>
  sql<number>`floor(extract(epoch from (${auth_sessions.created_at} + make_interval(secs => ${SESSION_ABSOLUTE})) - localtimestamp))::int`;

/** Verifies signature, expiry and claim shapes; null for anything wrong. */
export function readClaims(secret: string, token: string): Claims | null {
  const p = verifyJwt(token, secret);
  if (!p) return null;
  const ok =
    typeof p.sub === 'string' &&
    /^\d+$/.test(p.sub) &&
    REACHES.includes(p.area as Reach) &&
    PROVIDER_OF[p.area as Reach] === p.provider &&
    typeof p.sid === 'string' &&
    typeof p.iat === 'number' &&
    typeof p.exp === 'number';
  return ok ? (p as unknown as Claims) : null;
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
  who: { area: Reach; accountId: number; ip: string },
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

async function payload(config: Config, area: Reach, accountId: number, sid: string, secret: string, ttl = ACCESS_TTL): Promise<LoginPayload> {
  const expiresIn = Math.min(ACCESS_TTL, ttl);
  const access = signAccess(config.jwtSecret, { sub: String(accountId), area, provider: PROVIDER_OF[area], sid }, now(), expiresIn);
  return { token_type: 'Bearer', expires_in: expiresIn, access_token: access, refresh_token: `${sid}.${secret}` };
}

/**
 * Exchanges a refresh token for a new pair (the refresh secret rotates); null when unusable.
 * A live session named with a secret that is not its current one is a replayed (rotated)
 * or forged refresh token: someone else holds a copy, so the session is revoked for everyone
 * (the sid is 122 random bits only a token of that session carries).
 */
export async function refreshSession(db: Db, config: Config, refreshToken: string): Promise<LoginPayload | null> {
  const [sid, secret] = refreshToken.split('.');
  if (!sid || !secret || !/^[0-9a-f-]{36}$/.test(sid)) return null;
  const [row] = await db
    .select({ area: auth_sessions.area, account_id: auth_sessions.account_id, refresh_hash: auth_sessions.refresh_hash, left: secondsToAbsoluteEnd() })
    .from(auth_sessions)
    .where(and(eq(auth_sessions.id, sid), isNull(auth_sessions.revoked_at), gt(auth_sessions.expires_at, sql`now()`)));
  if (!row || row.left <= 0) return null;
  const given = Buffer.from(sha256(secret));
  const stored = Buffer.from(row.refresh_hash);
  if (stored.length !== given.length || !timingSafeEqual(given, stored)) {
    await revokeSession(db, sid);
    return null;
  }
  const next = randomBytes(32).toString('base64url');
  const updated = await db
    .update(auth_sessions)
    .set({ refresh_hash: sha256(next), expires_at: slidExpiry() })
    .where(and(eq(auth_sessions.id, sid), eq(auth_sessions.refresh_hash, row.refresh_hash), isNull(auth_sessions.revoked_at)))
    .returning({ id: auth_sessions.id });
  if (updated.length === 0) return null;
  return payload(config, row.area as Reach, row.account_id, sid, next, row.left);
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

function sessionChecks(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const session = sql`${auth_sessions.id} = ${p('sid')}
    and ${auth_sessions.account_id} = ${p('accountId')}
    and ${auth_sessions.area} = ${p('area')}
    and ${auth_sessions.provider} = ${p('provider')}
    and ${auth_sessions.revoked_at} is null
    and ${auth_sessions.expires_at} > now()`;
  const granted = sql<boolean>`case when ${admins.is_super} = 1 then true else exists (
    select 1 from ${admin_to_roles}
    join ${admin_roles} on ${admin_roles.id} = ${admin_to_roles.role_id} and ${admin_roles.deleted_at} is null
    join ${admin_to_permissions} on ${admin_to_permissions.role_id} = ${admin_roles.id} and ${admin_to_permissions.deleted_at} is null
    join ${admin_permissions} on ${admin_permissions.id} = ${admin_to_permissions.permission_id} and ${admin_permissions.deleted_at} is null
    where ${admin_to_roles.admin_id} = ${admins.id} and ${admin_to_roles.deleted_at} is null and ${admin_permissions.apis} = ${p('permission')}
  ) end`;
  // seconds until the session's sliding end: how long an embedded database's kept answer may hold
  const left = sql<number>`extract(epoch from (${auth_sessions.expires_at} - localtimestamp))::float8`;
  const admin = (allowed: SQL<boolean>, name: string) =>
    db
      .select({ allowed, left })
      .from(auth_sessions)
      .innerJoin(admins, and(eq(admins.id, auth_sessions.account_id), isNull(admins.deleted_at)))
      .where(session)
      .prepare(name);
  return {
    adminWithPermission: admin(granted, 'souk_session_admin_permission'),
    admin: admin(sql<boolean>`true`, 'souk_session_admin'),
    user: db
      .select({ allowed: sql<boolean>`true`, left })
      .from(auth_sessions)
      .innerJoin(users, and(eq(users.id, auth_sessions.account_id), isNull(users.deleted_at), eq(users.status, 1)))
      .where(session)
      .prepare('souk_session_user'),
  };
}

/** Built once per database: the statement text is fixed, only the placeholders change. */
const preparedChecks = new WeakMap<Db, ReturnType<typeof sessionChecks>>();

/**
 * The per-request caller check, in ONE statement (one round trip): the session row (live, not
 * revoked, not expired, of this account and area), its account (admins: not deleted; users: not
 * deleted and active) and, for an admin route, whether the admin may use `permission` (super, or
 * one of its live roles grants the live permission). A live answer is kept until the next write
 * to any table it reads (server/db/authMark.ts) or the session's sliding end, whichever is first:
 * a logout, a deleted or disabled account, a permission taken away from a role hold on the very
 * next request of the instance that wrote it, and on the others as soon as PostgreSQL's
 * notification lands (docs/decisions.md "Caller checks kept until an auth write").
 * Null when the session is not live; else `allowed` (always true without a permission).
 */
async function checkSession(db: Db, claims: Claims, permission?: string): Promise<{ allowed: boolean } | null> {
  const mark = authMark(db);
  const key = mark === null ? '' : `${claims.sid}|${claims.sub}|${claims.area}|${claims.provider}|${permission ?? ''}`;
  const kept = mark === null ? undefined : keptChecks(db).get(key);
  if (kept && kept.mark === mark && Date.now() < kept.until) return kept.answer;
  let checks = preparedChecks.get(db);
  if (!checks) preparedChecks.set(db, (checks = sessionChecks(db)));
  const values = { sid: claims.sid, accountId: Number(claims.sub), area: claims.area, provider: claims.provider, permission };
  const check = claims.provider === 'admins' ? (permission ? checks.adminWithPermission : checks.admin) : checks.user;
  const [row] = await check.execute(values);
  const answer = row ? { allowed: row.allowed === true } : null;
  if (mark !== null && answer) {
    const checksKept = keptChecks(db);
    checksKept.delete(key);
    if (checksKept.size >= MAX_KEPT_CHECKS) checksKept.delete(checksKept.keys().next().value!);
    checksKept.set(key, { mark, until: Date.now() + Number(row.left) * 1000, answer });
  }
  return answer;
}

/**
 * Kept caller checks by session, account, area, provider and permission, each with the auth mark
 * it was read under (a move of the mark voids it) and the session's sliding end.
 */
const MAX_KEPT_CHECKS = 10_000;
const keptByDb = new WeakMap<Db, Map<string, { mark: number; until: number; answer: { allowed: boolean } }>>();
function keptChecks(db: Db) {
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  return kept;
}

/**
 * The caller of this request, or null. `accept` limits which token areas count (an admin
 * token is never a seller or shopper token); `provider` limits the provider; `permission` (admin
 * tokens) is checked in the same statement as the session: `allowed` says whether it is granted.
 */
export async function resolveCaller(
  c: Context<AppEnv>,
  accept: { areas?: readonly Area[]; provider?: Provider; permission?: string } = {},
  /** The token to check; by default the `Authorization` header's (chat also reads one from the body). */
  token: string | null = bearerOf(c),
): Promise<(Caller & { claims: Claims; allowed: boolean }) | null> {
  return callerOfToken(c.get('services'), token, accept);
}

/** `resolveCaller` for a token that came some other way than a request (a WebSocket's first frame). */
export async function callerOfToken(
  services: { db: Db; config: Config },
  token: string | null,
  accept: { areas?: readonly Area[]; provider?: Provider; permission?: string } = {},
): Promise<(Caller & { claims: Claims; allowed: boolean }) | null> {
  if (!token || token.length > 4096) return null;
  const { db, config } = services;
  const claims = readClaims(config.jwtSecret, token);
  if (!claims) return null;
  const area = areaFor(claims.area, accept.areas);
  if (!area) return null;
  if (accept.provider && accept.provider !== claims.provider) return null;
  const live = await checkSession(db, claims, claims.provider === 'admins' ? accept.permission : undefined);
  if (!live) return null;
  const allowed = accept.permission === undefined || (claims.provider === 'admins' && live.allowed);
  return { area, provider: claims.provider, accountId: Number(claims.sub), sessionId: claims.sid, claims, allowed };
}

/**
 * Sends a renewed token in the `Authorization` header once the current one is older than
 * RENEW_AFTER; the session slides forward but neither it nor the token passes its absolute end.
 */
export async function renewIfOld(c: Context<AppEnv>, claims: Claims): Promise<void> {
  if (now() - claims.iat < RENEW_AFTER) return;
  const { db, config } = c.get('services');
  const [row] = await db
    .update(auth_sessions)
    .set({ expires_at: slidExpiry() })
    .where(and(eq(auth_sessions.id, claims.sid), isNull(auth_sessions.revoked_at)))
    .returning({ left: secondsToAbsoluteEnd() });
  if (!row || row.left <= 0) return;
  const token = signAccess(config.jwtSecret, { sub: claims.sub, area: claims.area, provider: claims.provider, sid: claims.sid }, now(), row.left);
  c.header('Authorization', `Bearer ${token}`);
}

/**
 * Resolves the caller of `area` (code-401 envelope when there is none), sets `caller`, renews an
 * old token, and tells whether `permission` (admin routes) is granted: one database statement
 * (plus the renewal write once an hour). The 403 is the caller's to throw.
 */
export async function authenticate(c: Context<AppEnv>, area: Area, permission?: string): Promise<boolean> {
  const caller = await resolveCaller(c, { areas: [area], permission });
  if (!caller) throw fail('unauthorized', undefined, 401);
  const { claims, allowed, ...rest } = caller;
  c.set('caller', rest);
  await renewIfOld(c, claims);
  return allowed;
}

/** Only callers holding a live token of `area`; anything else is a code-401 envelope. */
export function requireAuth(area: Area): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await authenticate(c, area);
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
    c.set('caller', { ...caller, storeId: store.id, staff: store.staff });
    await next();
  };
}

/** The resolved caller of a route behind requireAuth. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw fail('unauthorized', undefined, 401);
  return caller;
}
