import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { admin_roles, admin_to_roles, admins } from '../../db/schema';
import { revokeOtherSessions } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { assertUnique, defineResource, formText, type Resource } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import { DESTROY_LIMIT, destroyAction, keyOf } from '../../http/crud/actions';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { hashPassword } from '../../http/password';
import { newPasswordField, passwordField, pathOrUrlField, usernameField } from './fields';
import { checkAssignableRoles, checkNotStronger, grantsOf } from './grants';
import { adminBelongId, adminOf, dbOf, failField, groupBy, idList, idsOf, indexWith, pathId, type Executor } from './shared';

/**
 * Administrators (reference §1.7, screens §4.3): the list is scoped to the caller's belong id;
 * roles are written to admin_to_roles; the super admin (id 1) and the caller cannot be deleted.
 * Usernames are unique among every live administrator (what login looks up).
 * A new administrator needs a password (6–32); on update a blank one keeps the saved password.
 */
const SUPER_ADMIN_ID = 1;

const readable = ['id', 'belong_id', 'username', 'nickname', 'avatar', 'is_super', 'ip', 'login_time', 'last_login_time', 'created_at', 'updated_at'] as const;

const fields = {
  username: usernameField(20),
  nickname: formText({ max: 15 }),
  avatar: pathOrUrlField(150),
};

export const adminsResource = defineResource({
  table: admins,
  area: 'admin',
  name: 'admins',
  columns: {
    readable,
    writable: fields,
    filterable: ['id', 'username', 'nickname', 'created_at', 'login_time'],
    sortable: ['id', 'username', 'created_at', 'login_time'],
  },
  scope: async ({ caller, db }) => {
    if (!caller) throw fail('unauthorized', undefined, 401);
    return { values: { belong_id: await adminBelongId(db, caller.accountId) } };
  },
  softDelete: true,
  label: 'username',
  unique: [{ column: 'username', global: true, message: 'usernameTaken' }],
  afterDelete: async (ids, { tx }) => {
    await tx.delete(admin_to_roles).where(inArray(admin_to_roles.admin_id, ids as number[]));
  },
});

const adminsR = adminsResource as unknown as Resource;

const createSchema = z.object({
  username: fields.username,
  password: newPasswordField(),
  nickname: fields.nickname.optional(),
  avatar: fields.avatar.optional(),
  role_id: idList(100).pipe(z.array(z.number()).min(1)),
});
const updateSchema = z.object({
  username: fields.username.optional(),
  password: passwordField(),
  nickname: fields.nickname.optional(),
  avatar: fields.avatar.optional(),
  role_id: idList(100).pipe(z.array(z.number()).min(1)).optional(),
});

type Row = Record<string, unknown>;

/** role_id[] and role_name[] of each admin row. */
async function withRoles(db: Executor, rows: Row[]): Promise<Row[]> {
  const ids = idsOf(rows);
  if (!ids.length) return rows;
  const links = await db
    .select({ admin_id: admin_to_roles.admin_id, id: admin_roles.id, name: admin_roles.name })
    .from(admin_to_roles)
    .innerJoin(admin_roles, and(eq(admin_roles.id, admin_to_roles.role_id), isNull(admin_roles.deleted_at)))
    .where(and(inArray(admin_to_roles.admin_id, ids), isNull(admin_to_roles.deleted_at)))
    .orderBy(admin_roles.id);
  const byAdmin = groupBy(links, (l) => l.admin_id);
  return rows.map((row) => {
    const roles = byAdmin.get(Number(row.id)) ?? [];
    return { ...row, role_id: roles.map((r) => r.id), role_name: roles.map((r) => r.name) };
  });
}

async function setRoles(db: Executor, adminId: number, roleIds: number[]): Promise<void> {
  await db.delete(admin_to_roles).where(eq(admin_to_roles.admin_id, adminId));
  if (roleIds.length) await db.insert(admin_to_roles).values(roleIds.map((role_id) => ({ admin_id: adminId, role_id })));
}

const columns = Object.fromEntries(readable.map((key) => [key, admins[key]]));

async function findAdmin(db: Executor, belongId: number, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select(columns)
    .from(admins)
    .where(and(eq(admins.id, id), eq(admins.belong_id, belongId), isNull(admins.deleted_at)));
  return row;
}

async function show(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const belongId = await adminBelongId(db, adminOf(c).accountId);
  const row = await findAdmin(db, belongId, pathId(c));
  if (!row) throw fail('notFound', undefined, 404);
  const [full] = await withRoles(db, [row]);
  return ok(c, full);
}

async function store(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const me = adminOf(c);
  const input = validateIn(createSchema, await readInput(c), langOf(c));
  const password = await hashPassword(input.password);
  const scope = await adminsR.scopeFor(c, db);
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const belongId = await adminBelongId(tx, me.accountId);
      await assertUnique(tx, adminsR, scope, { username: input.username });
      await checkAssignableRoles(tx, await grantsOf(tx, me.accountId), belongId, input.role_id);
      const [created] = await tx
        .insert(admins)
        .values({
          belong_id: belongId,
          username: input.username,
          password,
          nickname: input.nickname || input.username.slice(0, 15),
          avatar: input.avatar ?? '',
        })
        .returning(columns);
      await setRoles(tx, Number(created.id), input.role_id);
      return created;
    }),
  );
  const [full] = await withRoles(db, [row]);
  return ok(c, full);
}

async function update(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const me = adminOf(c);
  const id = pathId(c);
  const input = validateIn(updateSchema, await readInput(c), langOf(c));
  const password = input.password === '' ? undefined : await hashPassword(input.password);
  const scope = await adminsR.scopeFor(c, db);
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const belongId = await adminBelongId(tx, me.accountId);
      const current = await findAdmin(tx, belongId, id);
      if (!current) throw fail('notFound', undefined, 404);
      if (id !== me.accountId) await checkNotStronger(tx, await grantsOf(tx, me.accountId), { admins: [id] });
      if (input.username !== undefined) await assertUnique(tx, adminsR, scope, { username: input.username }, id, current);
      const values: Record<string, unknown> = {};
      if (input.username !== undefined) values.username = input.username;
      if (input.nickname !== undefined) values.nickname = input.nickname;
      if (input.avatar !== undefined) values.avatar = input.avatar;
      if (password) values.password = password;
      const [updated] = Object.keys(values).length
        ? await tx.update(admins).set(values).where(and(eq(admins.id, id), eq(admins.belong_id, belongId))).returning(columns)
        : [current];
      if (input.role_id !== undefined) {
        await checkAssignableRoles(tx, await grantsOf(tx, me.accountId), belongId, input.role_id);
        await setRoles(tx, id, input.role_id);
      }
      return updated;
    }),
  );
  // A new password logs the account out everywhere else.
  if (password) await revokeOtherSessions(db, 'admins', id, id === me.accountId ? me.sessionId : undefined);
  const [full] = await withRoles(db, [row]);
  return ok(c, full);
}

/**
 * The generic delete (in scope, soft, afterDelete drops the role links), refused whole (403)
 * when the ids name the super admin or the caller: checked before the scope, since the super
 * admin's own row lies outside every belong id (the generic delete would only ignore it).
 * A malformed or too long id list is left to the generic 422.
 */
async function destroy(c: Context<AppEnv>, r: Resource): Promise<Response> {
  const me = adminOf(c);
  const ids = (c.req.param('ids') ?? '').split(',').map((part) => keyOf(r, part));
  const wellFormed = ids.length <= DESTROY_LIMIT && ids.every((id) => id !== undefined && id !== '');
  if (wellFormed && ids.some((id) => id === SUPER_ADMIN_ID || id === me.accountId)) throw failField('cannotDeleteProtected', 'ids', {}, 403);
  if (wellFormed) {
    const db = dbOf(c);
    await checkNotStronger(db, await grantsOf(db, me.accountId), { admins: ids.map(Number).filter(Number.isSafeInteger) });
  }
  return destroyAction(c, r);
}

export function mountAdmins(api: Hono<AppEnv>): void {
  mountAdminResource(api, '/Admin/admins', adminsR, {
    only: ['index', 'show', 'store', 'update', 'destroy'],
    handlers: { index: indexWith((rows, c) => withRoles(dbOf(c), rows)), show, store, update, destroy },
  });
}
