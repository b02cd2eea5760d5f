import type { SubPage } from '../../machines/menus';
import { WEB_GROUP_PATHS } from './views/Admin/configs/form/paths';

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
];
