import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { user_roles, user_to_roles, users } from '../../db/schema';
import { blankAsMissing, defineResource, formText, mountResource, type Resource, type WriteContext } from '../../http/crud';
import { sellerGuard } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail } from '../../http/envelope';
import { assertLoginNamesFree } from '../../http/account-names';
import { hashPassword, PASSWORD_IMPORT_LIMIT } from '../../http/password';
import { newPassword } from '../../http/password-policy';
import { failField } from '../admin-system/shared';
import { formUrl } from '../content/fields';
import { checkAssignableRoles, checkNotStronger } from './grants';
import { mountRelationRoutes, relationAfterCreate, relationBeforeCreate, type Relation } from './relation';
import { ownerOfStore, sessionOwner } from './scope';

/**
 * Staff sub-accounts of the caller's store (reference §1.6 Seller/users): `users` rows with
 * `belong_id` = the store owner, forced on every write and on every read (so the owner and the
 * accounts of other stores are out of reach). A password (6–32) is required on create; '' keeps
 * it on update. Usernames are unique among all live accounts (a 409 naming `username`).
 * `role_id[]` links the store's own roles only.
 */

const ownerOfCtx = (ctx: WriteContext) => {
  const storeId = ctx.caller?.storeId;
  if (storeId === undefined) throw fail('unauthorized', undefined, 401);
  return ownerOfStore(ctx.tx as unknown as Db, storeId);
};

export const staffRoles: Relation = {
  field: 'role_id',
  required: true,
  async check(tx, ctx, ids) {
    const owner = await ownerOfCtx(ctx);
    // Locked until the write commits: a concurrent delete of the role waits, then sees the assignment.
    const found = await tx
      .select({ id: user_roles.id })
      .from(user_roles)
      .where(and(inArray(user_roles.id, ids), eq(user_roles.belong_id, owner), isNull(user_roles.deleted_at)))
      .for('share');
    if (found.length !== ids.length) throw fail('sellerAdmin.foreignIds', { field: 'role_id' }, 422, { field: 'role_id' });
    await checkAssignableRoles(tx, ctx.caller, ids);
    if (ctx.action === 'update') await checkNotStronger(tx, ctx.caller, { users: [Number(ctx.id)] });
  },
  async save(tx: Tx, userId, ids) {
    await tx.delete(user_to_roles).where(eq(user_to_roles.user_id, userId));
    if (ids.length) await tx.insert(user_to_roles).values(ids.map((role_id) => ({ user_id: userId, role_id })));
  },
  async load(db, userIds) {
    const out = new Map<number, { role_id: number[]; role_name: string[] }>();
    for (const id of userIds) out.set(id, { role_id: [], role_name: [] });
    if (userIds.length === 0) return out;
    const rows = await db
      .select({ user_id: user_to_roles.user_id, id: user_roles.id, name: user_roles.name })
      .from(user_to_roles)
      .innerJoin(user_roles, and(eq(user_roles.id, user_to_roles.role_id), isNull(user_roles.deleted_at)))
      .where(and(inArray(user_to_roles.user_id, userIds), isNull(user_to_roles.deleted_at)))
      .orderBy(asc(user_roles.id));
    for (const row of rows) {
      const entry = out.get(row.user_id)!;
      entry.role_id.push(row.id);
      entry.role_name.push(row.name);
    }
    return out;
  },
};

const username = formText({ max: 20, min: 2 }).pipe(z.string().regex(/^[^\s<>"'&]+$/));

export const staffResource = defineResource({
  table: users,
  area: 'seller',
  name: 'users',
  columns: {
    readable: ['id', 'belong_id', 'username', 'nickname', 'avatar', 'login_time', 'last_login_time', 'created_at', 'updated_at'],
    writable: {
      username,
      password: blankAsMissing(newPassword()),
      nickname: formText({ max: 15 }).optional(),
      avatar: formUrl(150).optional(),
    },
    filterable: ['id', 'username', 'nickname', 'created_at'],
  },
  scope: async (ctx) => ({ values: { belong_id: await sessionOwner(ctx) } }),
  softDelete: true,
  label: 'username',
  // Login looks accounts up by username among every live account, not only this store's.
  unique: [{ column: 'username', global: true, message: 'sellerAdmin.usernameTaken' }],
  // Hashing costs ~50 ms of CPU a password: never inside the write's transaction.
  beforeTransaction: async (values) => (values.password === undefined ? values : { ...values, password: await hashPassword(values.password) }),
  importLimit: PASSWORD_IMPORT_LIMIT,
  async beforeWrite(values, ctx) {
    // The same refusal as the platform's user and administrator forms.
    if (ctx.action !== 'update' && values.password === undefined) throw failField('passwordRequired', 'password');
    if (ctx.action === 'update') await checkNotStronger(ctx.tx, ctx.caller, { users: [Number(ctx.id)] });
    await assertLoginNamesFree(ctx.tx, { username: values.username }, ctx.action === 'update' ? Number(ctx.id) : undefined);
    await relationBeforeCreate(staffRoles, ctx);
    const next = { ...values };
    if (ctx.action !== 'update' && !next.nickname) next.nickname = (next.username ?? '').slice(0, 15);
    return next;
  },
  afterWrite: (row, ctx) => relationAfterCreate(staffRoles, row, ctx),
  beforeDelete: (rows, { tx, caller }) => checkNotStronger(tx, caller, { users: rows.map((row) => Number(row.key)) }),
  afterDelete: async (ids, { tx }) => {
    await tx.delete(user_to_roles).where(inArray(user_to_roles.user_id, ids as number[]));
  },
});

export function mountStaff(api: Hono<AppEnv>) {
  const guard = sellerGuard('/Seller/users');
  mountRelationRoutes(api, '/Seller/users', staffResource as unknown as Resource, guard, staffRoles);
  mountResource(api, '/Seller/users', staffResource, guard);
}
