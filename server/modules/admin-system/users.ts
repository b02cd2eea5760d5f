import { and, count, eq, getTableName, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
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
import { ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { planList } from '../../http/crud/listQuery';
import { runList } from '../../http/crud/listRun';
import { dbOf, failField, type Executor } from './shared';

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

/**
 * role_name[] of each user (the seller staff roles it holds), computed in the page's own
 * statement: an admin users page is the caller check + ONE statement.
 */
const roleNames = (table: PgTable) => ({
  // Drizzle leaves the list's own columns unqualified: the subquery names its tables and the outer row
  role_name: sql`(select coalesce(json_agg(r.name order by r.id), '[]') from ${user_to_roles} l
    join ${user_roles} r on r.id = l.role_id and r.deleted_at is null
    where l.user_id = ${sql.identifier(getTableName(table))}.id and l.deleted_at is null)`,
});

const namesOf = (value: unknown): string[] => (typeof value === 'string' ? JSON.parse(value) : Array.isArray(value) ? value : []);

async function usersIndex(c: Context<AppEnv>, r: Resource): Promise<Response> {
  const db = dbOf(c);
  const plan = planList(r.listSpec, await readInput(c));
  const scope = await r.scopeFor(c, db);
  const base = r.listSource(scope);
  const source = { ...base, computed: roleNames, key: base.key === undefined ? undefined : `${base.key}+role_name` };
  return ok(c, await runList(db, source, plan, (row) => ({ ...(r.present(row) as Record<string, unknown>), role_name: namesOf(row.role_name) })));
}

export function mountUsers(api: Hono<AppEnv>): void {
  mountAdminResource(api, '/Admin/users', usersResource as unknown as Resource, { handlers: { index: usersIndex } });
}
