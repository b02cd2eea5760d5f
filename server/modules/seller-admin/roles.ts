import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Tx } from '../../db/client';
import { user_menus, user_roles, user_to_menus, user_to_roles, users } from '../../db/schema';
import { defineResource, firstNames, formText, mountResource, type Resource } from '../../http/crud';
import { sellerGuard } from '../../http/crud-guards';
import type { AppEnv } from '../../http/context';
import { fail } from '../../http/envelope';
import { checkGrantableMenus, checkNotStronger } from './grants';
import { mountRelationRoutes, relationAfterCreate, relationBeforeCreate, type Relation } from './relation';
import { sessionOwner } from './scope';

/**
 * The store's staff roles (user_roles with `belong_id` = the store owner): a name (no two live
 * roles of a store share one) and the seller menus (`menu_id[]`, live user_menus) its staff may
 * open. Other stores' roles are out of reach; a role still assigned to staff is not deleted; staff
 * change only roles whose menus they hold (grants.ts checkNotStronger).
 */
export const roleMenus: Relation = {
  field: 'menu_id',
  required: false,
  async check(tx, ctx, ids) {
    const found = await tx
      .select({ id: user_menus.id })
      .from(user_menus)
      .where(and(inArray(user_menus.id, ids), isNull(user_menus.deleted_at)));
    if (found.length !== ids.length) throw fail('sellerAdmin.foreignIds', { field: 'menu_id' }, 422, { field: 'menu_id' });
    await checkGrantableMenus(tx, ctx.caller, ids);
    if (ctx.action === 'update') await checkNotStronger(tx, ctx.caller, { roles: [Number(ctx.id)] });
  },
  async save(tx: Tx, roleId, ids) {
    await tx.delete(user_to_menus).where(eq(user_to_menus.role_id, roleId));
    if (ids.length) await tx.insert(user_to_menus).values(ids.map((menu_id) => ({ role_id: roleId, menu_id })));
  },
  async load(db, roleIds) {
    const out = new Map<number, { menu_id: number[] }>();
    for (const id of roleIds) out.set(id, { menu_id: [] });
    if (roleIds.length === 0) return out;
    const rows = await db
      .select({ role_id: user_to_menus.role_id, menu_id: user_to_menus.menu_id })
      .from(user_to_menus)
      .innerJoin(user_menus, and(eq(user_menus.id, user_to_menus.menu_id), isNull(user_menus.deleted_at)))
      .where(and(inArray(user_to_menus.role_id, roleIds), isNull(user_to_menus.deleted_at)))
      .orderBy(asc(user_to_menus.menu_id));
    for (const row of rows) out.get(row.role_id)!.menu_id.push(row.menu_id);
    return out;
  },
};

export const sellerRolesResource = defineResource({
  table: user_roles,
  area: 'seller',
  name: 'roles',
  columns: {
    readable: ['id', 'name', 'created_at', 'updated_at'],
    writable: { name: formText({ max: 15, min: 1 }) },
    filterable: ['id', 'name', 'created_at'],
  },
  scope: async (ctx) => ({ values: { belong_id: await sessionOwner(ctx) } }),
  softDelete: true,
  // Two roles of one name make two identical entries in the staff form's role picker.
  unique: [{ column: 'name', message: 'sellerAdmin.roleNameTaken', status: 422 }],
  async beforeWrite(values, ctx) {
    if (ctx.action === 'update') await checkNotStronger(ctx.tx, ctx.caller, { roles: [Number(ctx.id)] });
    await relationBeforeCreate(roleMenus, ctx);
    return values;
  },
  afterWrite: (row, ctx) => relationAfterCreate(roleMenus, row, ctx),
  beforeDelete: (rows, { tx, caller }) => checkNotStronger(tx, caller, { roles: rows.map((row) => Number(row.key)) }),
  dependents: [
    {
      message: 'sellerAdmin.roleInUse',
      query: (tx, rows) =>
        tx
          .select({ key: user_to_roles.role_id, count: count(), names: firstNames(users.username) })
          .from(user_to_roles)
          .innerJoin(users, and(eq(users.id, user_to_roles.user_id), isNull(users.deleted_at)))
          .where(and(inArray(user_to_roles.role_id, rows.map((row) => Number(row.key))), isNull(user_to_roles.deleted_at)))
          .groupBy(user_to_roles.role_id),
    },
  ],
  afterDelete: async (ids, { tx }) => {
    await tx.delete(user_to_menus).where(inArray(user_to_menus.role_id, ids as number[]));
    await tx.delete(user_to_roles).where(inArray(user_to_roles.role_id, ids as number[]));
  },
});

export function mountSellerRoles(api: Hono<AppEnv>) {
  const guard = sellerGuard('/Seller/roles');
  mountRelationRoutes(api, '/Seller/roles', sellerRolesResource as unknown as Resource, guard, roleMenus);
  mountResource(api, '/Seller/roles', sellerRolesResource, guard);
}
