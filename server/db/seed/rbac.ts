import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  admin_menus,
  admin_permission_groups,
  admin_permissions,
  admin_roles,
  admin_to_menus,
  admin_to_permissions,
  user_menus,
  user_roles,
  user_to_menus,
} from '../schema';
import { adminMenus, sellerMenus, type SeedMenu } from './menus';
import { OPERATOR_RESOURCES, adminRouteCatalogue, groupLabel, permissionLabel, resourceOf } from './permissions';

/** Role 1 运营 (admin) and role 1 商品专员 (seller staff of store 1). */
export const OPERATOR_ROLE_ID = 1;
export const SELLER_STAFF_ROLE_ID = 1;
/** Menus of the seller staff role, as the reference's role 测试2: 商品中心, 属性规格, 商品管理. */
export const SELLER_STAFF_MENUS = [3, 9, 12];

function menuRows(menus: SeedMenu[]) {
  return menus.map(({ deleted, ...menu }) => ({ ...menu, content: '', deleted_at: deleted ? sql`now()` : null }));
}

/** Every menu under (and including) the given roots. */
function subtree(menus: SeedMenu[], roots: number[]): number[] {
  const ids = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const menu of menus) if (ids.has(menu.pid) && !ids.has(menu.id)) (ids.add(menu.id), (grew = true));
  }
  return [...ids];
}

export async function seedRbac(tx: Tx): Promise<void> {
  await tx.insert(admin_menus).values(menuRows(adminMenus));
  await tx.insert(user_menus).values(menuRows(sellerMenus));

  // Admin permissions: one per route name, grouped by resource.
  const names = adminRouteCatalogue();
  const resources = [...new Set(names.map(resourceOf))];
  const groups = await tx
    .insert(admin_permission_groups)
    .values(resources.map((resource) => ({ name: groupLabel(resource), content: resource })))
    .returning({ id: admin_permission_groups.id, content: admin_permission_groups.content });
  const groupOf = new Map(groups.map((g) => [g.content, g.id]));
  const permissions = names.length
    ? await tx
        .insert(admin_permissions)
        .values(names.map((apis) => ({ pid: groupOf.get(resourceOf(apis)) ?? 0, name: permissionLabel(apis), apis, content: apis })))
        .returning({ id: admin_permissions.id, apis: admin_permissions.apis })
    : [];

  // 运营: 工作台 and 商品中心 menus, and the permissions of those pages plus the self routes.
  await tx.insert(admin_roles).values({ id: OPERATOR_ROLE_ID, belong_id: 1, name: '运营' });
  await tx.insert(admin_to_menus).values(subtree(adminMenus, [1, 26]).map((menu_id) => ({ role_id: OPERATOR_ROLE_ID, menu_id })));
  const operatorPermissions = permissions.filter((p) => {
    const resource = resourceOf(p.apis);
    return OPERATOR_RESOURCES.has(resource) || ['auth', 'load_menu', 'uploads'].includes(resource);
  });
  if (operatorPermissions.length) {
    await tx
      .insert(admin_to_permissions)
      .values(operatorPermissions.map((p) => ({ role_id: OPERATOR_ROLE_ID, permission_id: p.id })));
  }

  // Seller staff role of store 1's owner (user 1).
  await tx.insert(user_roles).values({ id: SELLER_STAFF_ROLE_ID, belong_id: 1, name: '商品专员' });
  await tx.insert(user_to_menus).values(SELLER_STAFF_MENUS.map((menu_id) => ({ role_id: SELLER_STAFF_ROLE_ID, menu_id })));
}
