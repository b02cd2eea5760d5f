import type { SubPage } from '../../machines/menus';
import { WEB_GROUP_PATHS } from './views/Admin/configs/form/paths';

/** The seller's goods editor: a new goods without an id, a saved one with it. */
export const SELLER_GOODS_FORM = '/Seller/goods/form/:id?';
/** The operator's goods form (edit only). */
export const ADMIN_GOODS_FORM = '/Admin/goods/form/:id';

/** The address pattern of a table page's add / edit form (`{list}/form`, `{list}/form/{id}`). */
export const formPattern = (list: string) => `${list}/form/:id?`;

/**
 * Table pages whose add and edit forms are pages (`form.page`: a long form, a rich text), by menu
 * view → the list's address: each form is at `{list}/form(/{id})` (src/backoffice/table/formAddress.ts).
 */
export const FORM_PAGES: Readonly<Record<string, string>> = {
  'Admin/articles/index': '/Admin/articles',
  'Admin/notices/index': '/Admin/notices',
  'Admin/agreements/index': '/Admin/agreements',
  'Admin/app_versions/index': '/Admin/app_versions',
  'Admin/exts/integral_goods/index': '/Admin/integral_goods',
};

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
  // the table page itself, which opens the form named by the address
  ...Object.entries(FORM_PAGES).map(([view, list]) => ({ parentView: view, pattern: formPattern(list), view })),
];
