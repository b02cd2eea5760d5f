import type { SubPage } from '../../machines/menus';
import { WEB_GROUP_PATHS } from './views/Admin/configs/form/paths';

/** The seller's goods editor: a new goods without an id, a saved one with it. */
export const SELLER_GOODS_FORM = '/Seller/goods/form/:id?';
/** The operator's goods form (edit only). */
export const ADMIN_GOODS_FORM = '/Admin/goods/form/:id';

/**
 * Back-office pages under a menu page that the menus do not list (machines/menus.ts SubPage):
 * each exists wherever its parent's menu does, and sits in its place (tab, sidebar, breadcrumb).
 */
export const SUB_PAGES: readonly SubPage[] = [
  ...Object.values(WEB_GROUP_PATHS)
    .filter((path) => path !== '/Admin/configs/web')
    .map((pattern) => ({ parentView: 'Admin/configs/web', pattern, view: 'Admin/configs/web' })),
  { parentView: 'Admin/configs/pay', pattern: '/Admin/configs/pay/:channel', view: 'Admin/configs/pay' },
  { parentView: 'Admin/configs/oauth', pattern: '/Admin/configs/oauth/:channel', view: 'Admin/configs/oauth' },
  { parentView: 'Seller/goods/index', pattern: SELLER_GOODS_FORM, view: 'Seller/goods/form' },
  { parentView: 'Admin/exts/goods/index', pattern: ADMIN_GOODS_FORM, view: 'Admin/exts/goods/form' },
];
