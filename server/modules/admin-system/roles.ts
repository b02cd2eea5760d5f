import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { admin_menus, admin_permissions, admin_roles, admin_to_menus, admin_to_permissions, admin_to_roles, admins } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { assertUnique, defineResource, firstNames, formText, type Resource } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { checkNotStronger, checkRoleGrants, grantsOf } from './grants';
import { adminBelongId, adminOf, dbOf, failField, idList, pathId, type Executor } from './shared';

/**
 * Admin roles (reference §1.7, screens §4.3): scoped by belong id; `menu_id[]` and
 * `permission_id[]` are written to the link tables (only live menus and permissions, and only
 * ones the editor holds unless super); no two live roles of a belong id share a name; role 1 is
 * never deleted, nor a role still assigned to a live administrator; an editor changes only roles
 * holding nothing it lacks (grants.ts checkNotStronger).
 */
const PROTECTED_ROLE_ID = 1;
const readable = ['id', 'belong_id', 'name', 'created_at', 'updated_at'] as const;
const nameField = formText({ min: 1, max: 15 });

export const rolesResource = defineResource({
  table: admin_roles,
  area: 'admin',
  name: 'roles',
  columns: { readable, writable: { name: nameField }, filterable: ['id', 'name', 'created_at'], sortable: ['id', 'name', 'created_at'] },
  scope: async ({ caller, db }) => {
    if (!caller) throw fail('unauthorized', undefined, 401);
    return { values: { belong_id: await adminBelongId(db, caller.accountId) } };
  },
  softDelete: true,
  // Two roles of one name make two identical entries in the administrators' role picker.
  unique: [{ column: 'name', message: 'roleNameTaken', status: 422 }],
  beforeDelete: async (rows, { tx, caller }) => {
    if (rows.some((row) => Number(row.key) === PROTECTED_ROLE_ID)) throw failField('cannotDeleteRoleOne', 'ids', {}, 403);
    if (!caller) throw fail('unauthorized', undefined, 401);
    await checkNotStronger(tx, await grantsOf(tx, caller.accountId), { roles: rows.map((row) => Number(row.key)) });
  },
  dependents: [
    {
      message: 'roleInUse',
      query: (tx, rows) =>
        tx
          .select({ key: admin_to_roles.role_id, count: count(), names: firstNames(admins.username) })
          .from(admin_to_roles)
          .innerJoin(admins, and(eq(admins.id, admin_to_roles.admin_id), isNull(admins.deleted_at)))
          .where(and(inArray(admin_to_roles.role_id, rows.map((row) => Number(row.key))), isNull(admin_to_roles.deleted_at)))
          .groupBy(admin_to_roles.role_id),
    },
  ],
  afterDelete: async (ids, { tx }) => {
    const gone = ids as number[];
    await tx.delete(admin_to_menus).where(inArray(admin_to_menus.role_id, gone));
    await tx.delete(admin_to_permissions).where(inArray(admin_to_permissions.role_id, gone));
    await tx.delete(admin_to_roles).where(inArray(admin_to_roles.role_id, gone));
  },
});

const roles = rolesResource as unknown as Resource;

const createSchema = z.object({ name: nameField, menu_id: idList(), permission_id: idList() });
const updateSchema = z.object({ name: nameField.optional(), menu_id: idList().optional(), permission_id: idList().optional() });

const columns = Object.fromEntries(readable.map((key) => [key, admin_roles[key]]));

async function findRole(db: Executor, belongId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(admin_roles)
    .where(and(eq(admin_roles.id, id), eq(admin_roles.belong_id, belongId), isNull(admin_roles.deleted_at)));
  return row;
}

/** The role with its live menus and permissions (rows and ids). */
async function withLinks(db: Executor, role: Record<string, unknown>) {
  const id = Number(role.id);
  const [menus, permissions] = await Promise.all([
    db
      .select({ id: admin_menus.id, pid: admin_menus.pid, name: admin_menus.name, apis: admin_menus.apis, content: admin_menus.content })
      .from(admin_to_menus)
      .innerJoin(admin_menus, and(eq(admin_menus.id, admin_to_menus.menu_id), isNull(admin_menus.deleted_at)))
      .where(and(eq(admin_to_menus.role_id, id), isNull(admin_to_menus.deleted_at)))
      .orderBy(asc(admin_menus.id)),
    db
      .select({ id: admin_permissions.id, pid: admin_permissions.pid, name: admin_permissions.name, apis: admin_permissions.apis })
      .from(admin_to_permissions)
      .innerJoin(admin_permissions, and(eq(admin_permissions.id, admin_to_permissions.permission_id), isNull(admin_permissions.deleted_at)))
      .where(and(eq(admin_to_permissions.role_id, id), isNull(admin_to_permissions.deleted_at)))
      .orderBy(asc(admin_permissions.id)),
  ]);
  return { ...role, menus, permissions, menu_id: menus.map((m) => m.id), permission_id: permissions.map((p) => p.id) };
}

async function setLinks(db: Executor, roleId: number, menuIds: number[] | undefined, permissionIds: number[] | undefined) {
  if (menuIds !== undefined) {
    await db.delete(admin_to_menus).where(eq(admin_to_menus.role_id, roleId));
    if (menuIds.length) await db.insert(admin_to_menus).values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id })));
  }
  if (permissionIds !== undefined) {
    await db.delete(admin_to_permissions).where(eq(admin_to_permissions.role_id, roleId));
    if (permissionIds.length) await db.insert(admin_to_permissions).values(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id })));
  }
}

async function show(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const row = await findRole(db, await adminBelongId(db, adminOf(c).accountId), pathId(c));
  if (!row) throw fail('notFound', undefined, 404);
  return ok(c, await withLinks(db, row));
}

async function store(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const me = adminOf(c);
  const input = validateIn(createSchema, await readInput(c), langOf(c));
  const scope = await roles.scopeFor(c, db);
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      await assertUnique(tx, roles, scope, { name: input.name });
      await checkRoleGrants(tx, await grantsOf(tx, me.accountId), input.menu_id, input.permission_id);
      const [created] = await tx
        .insert(admin_roles)
        .values({ belong_id: await adminBelongId(tx, me.accountId), name: input.name })
        .returning(columns);
      await setLinks(tx, Number(created.id), input.menu_id, input.permission_id);
      return created;
    }),
  );
  return ok(c, await withLinks(db, row));
}

async function update(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const me = adminOf(c);
  const id = pathId(c);
  const input = validateIn(updateSchema, await readInput(c), langOf(c));
  const scope = await roles.scopeFor(c, db);
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const belongId = await adminBelongId(tx, me.accountId);
      const current = await findRole(tx, belongId, id);
      if (!current) throw fail('notFound', undefined, 404);
      const grants = await grantsOf(tx, me.accountId);
      await checkNotStronger(tx, grants, { roles: [id] });
      if (input.name !== undefined) await assertUnique(tx, roles, scope, { name: input.name }, id, current);
      await checkRoleGrants(tx, grants, input.menu_id ?? [], input.permission_id ?? []);
      const [updated] =
        input.name !== undefined
          ? await tx.update(admin_roles).set({ name: input.name }).where(eq(admin_roles.id, id)).returning(columns)
          : [current];
      await setLinks(tx, id, input.menu_id, input.permission_id);
      return updated;
    }),
  );
  return ok(c, await withLinks(db, row));
}

export function mountRoles(api: Hono<AppEnv>): void {
  mountAdminResource(api, '/Admin/roles', roles, {
    only: ['index', 'show', 'store', 'update', 'destroy'],
    handlers: { show, store, update },
  });
}
