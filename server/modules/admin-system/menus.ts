import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { forgetMenus, fullMenuTree } from '../menus/service';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { admin_menus, admin_to_menus, user_menus, user_to_menus } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { defineResource, formFlag, formInt, formText, type Resource } from '../../http/crud';
import { mountAdminResource } from '../../http/crud-guards';
import { ok } from '../../http/envelope';
import { isHttpUrl } from './fields';
import { dbOf, failField, ours } from './shared';
import { readInput, validate } from '../../http/input';
import { adminRoutes } from '../../http/routes';

/**
 * Admin menus and seller menus (reference §4.1, screens §4.3): lazy trees (`isChildren=1&pid=`
 * with `has_children`). `pid` must be 0 or a live menu and never the menu itself or one of its
 * descendants; a menu that still has sub-menus cannot be deleted.
 */
type MenuTable = typeof admin_menus | typeof user_menus;

const blankZero = (schema: z.ZodType<number>) => z.preprocess((v) => (v === '' || v === null ? 0 : v), schema);

const writable = {
  pid: blankZero(formInt({ min: 0 })),
  name: formText({ min: 1, max: 35 }),
  ename: formText({ max: 35 }).optional(),
  icon: formText({ max: 30 })
    .refine((v) => v === '' || /^fa-[a-z0-9-]+$/.test(v), ours('menuIcon'))
    .optional(),
  apis: formText({ max: 150 })
    .refine((v) => v === '' || /^\/[A-Za-z0-9_\-/.]*$/.test(v) || isHttpUrl(v), ours('menuApis'))
    .optional(),
  view: formText({ max: 80 })
    .refine((v) => /^[A-Za-z0-9_\-/]*$/.test(v), ours('menuView'))
    .optional(),
  is_open: formFlag().optional(),
  is_sort: blankZero(formInt({ min: 0, max: 99999 })).optional(),
  content: formText({ max: 40 }).optional(),
};

const readable = ['id', 'pid', 'name', 'ename', 'icon', 'apis', 'view', 'is_open', 'content', 'is_sort', 'created_at', 'updated_at'] as const;

/** pid must be 0 or a live menu, and (on update) not the row itself nor below it. */
async function checkParent(tx: Tx, table: MenuTable, pid: number, id: number | undefined): Promise<void> {
  if (pid === 0) return;
  // Locked until the write commits: a concurrent delete of the parent waits, then sees this child.
  const [parent] = await tx.select({ id: table.id }).from(table).where(and(eq(table.id, pid), isNull(table.deleted_at))).for('share');
  if (!parent) throw failField('unknownParent', 'pid');
  if (id === undefined) return;
  // Walk up from the new parent: meeting the row itself means a cycle.
  const rows = await tx.execute<{ id: number }>(sql`
    with recursive up(id, pid, depth) as (
      select id, pid, 0 from ${table} where id = ${pid}
      union all
      select m.id, m.pid, up.depth + 1 from ${table} m join up on m.id = up.pid where up.depth < 50
    )
    select id from up where id = ${id} limit 1`);
  const found = Array.isArray(rows) ? rows : (rows as { rows: { id: number }[] }).rows;
  if (found.length) throw failField('parentCycle', 'pid');
}

/** A menu with live sub-menus is not deleted (unless they go in the same request); a deleted menu leaves the roles that held it. */
function menuResource(table: MenuTable, links: typeof admin_to_menus | typeof user_to_menus, name: 'menus' | 'seller_menus') {
  return defineResource({
    table: table as typeof admin_menus,
    area: 'admin',
    name,
    columns: {
      readable,
      writable,
      filterable: ['id', 'pid', 'name', 'ename', 'apis', 'view', 'is_open', 'created_at'],
      sortable: ['id', 'name', 'is_sort', 'created_at'],
    },
    tree: { parent: 'pid' },
    defaultOrder: [asc(table.is_sort), asc(table.id)],
    softDelete: true,
    beforeWrite: async (values, ctx) => {
      if (values.pid !== undefined) await checkParent(ctx.tx, table, values.pid, ctx.action === 'update' ? Number(ctx.id) : undefined);
    },
    dependents: [{ table, column: table.pid, names: table.name, message: 'menuHasChildren' }],
    afterDelete: async (ids, { tx }) => {
      await tx.delete(links).where(inArray(links.menu_id, ids as number[]));
    },
  });
}

export const menusResource = menuResource(admin_menus, admin_to_menus, 'menus');
export const sellerMenusResource = menuResource(user_menus, user_to_menus, 'seller_menus');

/** Menu writes make this instance re-read the menu table at once (others within its memo time). */
const forgetMenusAfterWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET') forgetMenus(dbOf(c));
};

export function mountMenuResources(api: Hono<AppEnv>): void {
  for (const path of ['/Admin/menus', '/Admin/menus/*', '/Admin/seller_menus', '/Admin/seller_menus/*']) api.use(path, forgetMenusAfterWrite);
  mountAdminResource(api, '/Admin/menus', menusResource as unknown as Resource);
  mountAdminResource(api, '/Admin/seller_menus', sellerMenusResource as unknown as Resource);
}

const loadSchema = z.object({ deep: z.coerce.number().int().min(-1).max(20).default(-1) });

/**
 * `GET /api/Admin/load_seller_menu?deep=`: the whole seller menu tree (the seller_menus page's
 * parent picker). The reference answered [] to every non-super admin; the permission decides here.
 */
async function loadSellerMenu(c: Context<AppEnv>): Promise<Response> {
  const { deep } = validate(loadSchema, await readInput(c));
  return ok(c, await fullMenuTree(dbOf(c), 'seller', deep));
}

export function mountLoadSellerMenu(api: Hono<AppEnv>): void {
  adminRoutes(api).get('/load_seller_menu', 'admin.load_seller_menu', loadSellerMenu);
}
