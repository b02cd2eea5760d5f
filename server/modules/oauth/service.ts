import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { oauths, users } from '../../db/schema';
import { startSession, type LoginPayload } from '../../http/auth';
import { isUniqueViolation } from '../../http/db-errors';
import { fail } from '../../http/envelope';
import { codeError, consumeCode } from '../sms/service';
import type { BindTicket } from './ticket';
import type { OauthApp } from './settings';
import type { WechatIdentity } from './wechat';
import '../auth/messages';
import './messages';

/**
 * WeChat identities ↔ users. A known identity (this app's openid, or the unionid of another app
 * of the same WeChat account) logs its user in; a first-time one is bound to an account proven
 * by an SMS code (template `login`), created if the phone has none — never with a password
 * (reference S10): such an account sets one through the SMS password reset.
 */
export const BIND_TEMPLATE = 'login';

/** The live user linked to the identity, or null. Links this app's openid too when only the unionid matched. */
export async function linkedUser(db: Db, app: OauthApp, identity: WechatIdentity): Promise<number | null> {
  const match = identity.unionid
    ? or(and(eq(oauths.oauth_name, app), eq(oauths.openid, identity.openid)), eq(oauths.unionid, identity.unionid))
    : and(eq(oauths.oauth_name, app), eq(oauths.openid, identity.openid));
  const rows = await db
    .select({ userId: oauths.user_id, app: oauths.oauth_name, openid: oauths.openid, status: users.status })
    .from(oauths)
    .innerJoin(users, and(eq(users.id, oauths.user_id), isNull(users.deleted_at)))
    .where(and(isNull(oauths.deleted_at), match))
    .orderBy(sql`(${oauths.oauth_name} = ${app} and ${oauths.openid} = ${identity.openid}) desc`, oauths.id)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.status !== 1) throw fail('accountDisabled', undefined, 403);
  if (row.app !== app || row.openid !== identity.openid) {
    // the same WeChat account through the other app: remember this app's openid as well (a race or an existing row of this user for the app is fine)
    await db.insert(oauths).values({ user_id: row.userId, oauth_name: app, ...identity }).onConflictDoNothing();
  }
  return row.userId;
}

/** The live binding that holds this identity or this user's binding for the app (the identity's own first). */
async function holderOf(tx: Tx, userId: number, ticket: BindTicket) {
  const [holder] = await tx
    .select({ userId: oauths.user_id, app: oauths.oauth_name, openid: oauths.openid })
    .from(oauths)
    .where(and(isNull(oauths.deleted_at), or(and(eq(oauths.oauth_name, ticket.app), eq(oauths.openid, ticket.openid)), and(eq(oauths.user_id, userId), eq(oauths.oauth_name, ticket.app)))))
    .orderBy(sql`(${oauths.openid} = ${ticket.openid}) desc`, oauths.id)
    .limit(1);
  return holder;
}

/**
 * Links the ticket's identity to `userId` inside `tx`: done when it is already linked to that user
 * (a repeated or concurrent bind), a clear 409 when another user holds it or the user has another
 * identity of that app. The insert skips on a unique conflict, then reads who won (READ COMMITTED
 * sees the other transaction's row once it committed), so a race never ends in an aborted transaction.
 */
async function link(tx: Tx, userId: number, ticket: BindTicket): Promise<void> {
  const { app, openid, unionid, nickname, avatar } = ticket;
  const inserted = await tx.insert(oauths).values({ user_id: userId, oauth_name: app, openid, unionid, nickname, avatar }).onConflictDoNothing().returning({ id: oauths.id });
  if (inserted.length > 0) return;
  const holder = await holderOf(tx, userId, ticket);
  if (holder?.openid === openid) {
    if (holder.userId !== userId) throw fail('oauth.takenByOther', undefined, 409);
    return;
  }
  throw fail('oauth.alreadyBound', undefined, 409);
}

/** Binds a first-time identity to the account of `phone` (proven by its `login` code), creating the account when there is none. */
export async function bindByPhone(
  ctx: { db: Db; config: Config; ip: string },
  ticket: BindTicket,
  input: { phone: string; code: string },
): Promise<LoginPayload> {
  const check = await consumeCode(ctx.db, input.phone, BIND_TEMPLATE, input.code);
  if (check !== 'ok') throw codeError(check);
  const userId = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(and(isNull(users.deleted_at), or(eq(users.phone, input.phone), eq(users.username, input.phone))))
      .orderBy(users.id)
      .limit(1);
    let id = existing?.id;
    if (existing && existing.status !== 1) throw fail('accountDisabled', undefined, 403);
    if (!id) {
      try {
        const [row] = await tx
          .insert(users)
          .values({ username: input.phone, phone: input.phone, nickname: ticket.nickname || input.phone, avatar: ticket.avatar.slice(0, 150), password: '', ip: ctx.ip, login_time: sql`now()` })
          .returning({ id: users.id });
        id = row.id;
      } catch (err) {
        if (isUniqueViolation(err)) throw fail('phoneTaken', undefined, 409, { field: 'phone' });
        throw err;
      }
    }
    await link(tx, id, ticket);
    return id;
  });
  return startSession(ctx.db, ctx.config, { area: 'users', accountId: userId, ip: ctx.ip });
}

/** Binds a first-time identity to the logged-in shopper (the user centre's bind button). */
export async function bindToUser(db: Db, userId: number, ticket: BindTicket): Promise<void> {
  await db.transaction((tx) => link(tx, userId, ticket));
}

export interface OauthBinding {
  provider: OauthApp;
  configured: boolean;
  bound: boolean;
  nickname: string;
  avatar: string;
  bound_at: string | null;
}

export async function bindingsOf(db: Db, userId: number): Promise<Map<string, { nickname: string; avatar: string; bound_at: string }>> {
  const rows = await db
    .select({ app: oauths.oauth_name, nickname: oauths.nickname, avatar: oauths.avatar, bound_at: sql<string>`to_char(${oauths.created_at}, 'YYYY-MM-DD HH24:MI:SS')` })
    .from(oauths)
    .where(and(eq(oauths.user_id, userId), isNull(oauths.deleted_at)));
  return new Map(rows.map((row) => [row.app, row]));
}

/** Unbinds one app; false when the user had no binding for it. */
export async function unbind(db: Db, userId: number, app: OauthApp): Promise<boolean> {
  const rows = await db
    .update(oauths)
    .set({ deleted_at: sql`now()` })
    .where(and(eq(oauths.user_id, userId), eq(oauths.oauth_name, app), isNull(oauths.deleted_at)))
    .returning({ id: oauths.id });
  return rows.length > 0;
}
