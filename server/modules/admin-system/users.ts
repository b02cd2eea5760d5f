import { and, count, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { stores, user_roles, user_to_roles, users } from '../../db/schema';
import { revokeOtherSessions } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { defineResource, firstNames, formInt, formText, type Resource, type WriteValues } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import { assertLoginNamesFree } from '../../http/account-names';
import { hashPassword, PASSWORD_IMPORT_LIMIT } from '../../http/password';
import { passwordField, pathOrUrlField, payPasswordField, phoneField, usernameField } from './fields';
import { dbOf, failField, groupBy, idsOf, indexWith, type Executor } from './shared';

/**
 * Platform users (reference §1.7, UserCollection of api.md §2.6). Username and phone are unique
 * among live users; password (6–32) and pay_password (6 digits) are stored hashed, and '' leaves
 * them unchanged on update; hashes never leave the server. A user is not deleted while it has a
 * store (or an application), money, frozen money or points, or staff accounts.
 */
const readable = [
  'id',
  'belong_id',
  'username',
  'nickname',
  'sex',
  'avatar',
  'phone',
  'email',
  'money',
  'frozen_money',
  'integral',
  'inviter_id',
  'status',
  'ip',
  'login_time',
  'last_login_time',
  'created_at',
  'updated_at',
] as const;

const blankZero = (schema: z.ZodType<number>) => z.preprocess((v) => (v === '' || v === null ? 0 : v), schema);

const writable = {
  username: usernameField(20),
  phone: phoneField().optional(),
  nickname: formText({ max: 15 }).optional(),
  avatar: pathOrUrlField(150).optional(),
  inviter_id: blankZero(formInt({ min: 0 })).optional(),
  password: passwordField(),
  pay_password: payPasswordField().optional(),
};

type Values = WriteValues<typeof users>;

async function assertInviter(db: Executor, inviterId: number | undefined, selfId: number | undefined): Promise<void> {
  if (!inviterId) return;
  if (inviterId === selfId) throw failField('unknownInviter', 'inviter_id');
  const [found] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, inviterId), isNull(users.deleted_at)));
  if (!found) throw failField('unknownInviter', 'inviter_id');
}

export const usersResource = defineResource({
  table: users,
  area: 'admin',
  name: 'users',
  columns: {
    readable,
    writable,
    filterable: ['id', 'belong_id', 'username', 'nickname', 'phone', 'email', 'inviter_id', 'status', 'money', 'integral', 'created_at', 'last_login_time'],
    sortable: ['id', 'username', 'money', 'frozen_money', 'integral', 'created_at', 'last_login_time'],
  },
  softDelete: true,
  label: 'username',
  // Among every live account (shoppers, owners, staff): what login looks up.
  unique: [
    { column: 'username', global: true, message: 'usernameTaken' },
    { column: 'phone', global: true, message: 'phoneInUse' },
  ],
  dependents: [
    {
      // Any store row: an open store, or an application still in review, drafted or refused.
      message: 'userOwnsStore',
      query: (tx, rows) =>
        tx
          .select({ key: stores.user_id, count: count(), names: firstNames(stores.store_name) })
          .from(stores)
          .where(and(inArray(stores.user_id, rows.map((row) => Number(row.key))), isNull(stores.deleted_at)))
          .groupBy(stores.user_id),
    },
    {
      message: 'userHasBalance',
      query: async (tx, rows) => {
        const held = await tx
          .select({ key: users.id, money: users.money, frozen: users.frozen_money, integral: users.integral })
          .from(users)
          .where(
            and(
              inArray(users.id, rows.map((row) => Number(row.key))),
              or(ne(users.money, '0'), ne(users.frozen_money, '0'), ne(users.integral, '0')),
            ),
          );
        return held.map(({ key, ...vars }) => ({ key, count: 1, vars }));
      },
    },
    // Staff sub-accounts point at their owner (belong_id).
    { table: users, column: users.belong_id, names: users.username, message: 'userHasStaff' },
  ],
  afterDelete: async (ids, { tx }) => {
    await tx.delete(user_to_roles).where(inArray(user_to_roles.user_id, ids as number[]));
  },
  // Hashing costs ~50 ms of CPU a password: never inside the write's transaction.
  beforeTransaction: async (values) => {
    const next: Values = { ...values };
    if (next.password) next.password = await hashPassword(next.password);
    if (next.pay_password) next.pay_password = await hashPassword(next.pay_password);
    return next;
  },
  importLimit: PASSWORD_IMPORT_LIMIT,
  beforeWrite: async (values, ctx) => {
    const creating = ctx.action !== 'update';
    const selfId = creating ? undefined : Number(ctx.id);
    const next: Values = { ...values };
    await assertInviter(ctx.tx, next.inviter_id, selfId);
    await assertLoginNamesFree(ctx.tx, { username: next.username, phone: next.phone }, selfId);
    // (passwords were hashed by beforeTransaction)
    if (next.password === '' || next.password === undefined) {
      if (creating) throw failField('passwordRequired', 'password');
      delete next.password;
    }
    if ((next.pay_password === '' || next.pay_password === undefined) && !creating) delete next.pay_password;
    if (creating && !next.nickname && next.username) next.nickname = next.username.slice(0, 15);
    // A new login password ends the account's sessions (rolled back with the write if it fails).
    if (!creating && next.password) await revokeOtherSessions(ctx.tx as unknown as Db, 'users', Number(ctx.id));
    return next;
  },
});

/** role_name[] of each user: the seller staff roles it holds. */
async function withRoleNames(db: Executor, rows: Record<string, unknown>[]) {
  const ids = idsOf(rows);
  if (!ids.length) return rows;
  const links = await db
    .select({ user_id: user_to_roles.user_id, name: user_roles.name })
    .from(user_to_roles)
    .innerJoin(user_roles, and(eq(user_roles.id, user_to_roles.role_id), isNull(user_roles.deleted_at)))
    .where(and(inArray(user_to_roles.user_id, ids), isNull(user_to_roles.deleted_at)))
    .orderBy(user_roles.id);
  const byUser = groupBy(links, (l) => l.user_id);
  return rows.map((row) => ({ ...row, role_name: (byUser.get(Number(row.id)) ?? []).map((l) => l.name) }));
}

export function mountUsers(api: Hono<AppEnv>): void {
  mountAdminResource(api, '/Admin/users', usersResource as unknown as Resource, {
    handlers: { index: indexWith((rows, c) => withRoleNames(dbOf(c), rows)) },
  });
}
