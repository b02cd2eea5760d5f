/** Pure helpers over the server's back-office menu tree (load_menu?type=getChildren). */

import { localName, localizeTree } from './localName';

export interface MenuItem {
  id: number;
  pid: number;
  name: string;
  ename?: string;
  icon?: string;
  /** Route path (`/Admin/goods`) or an absolute http(s) address; may be empty. */
  apis?: string;
  /** View key under src/backoffice/views (`Admin/exts/goods/index`); may be empty. */
  view?: string;
  /** 0 inside the shell, 1 standalone page. */
  is_open?: number;
  is_sort?: number;
  lev?: number;
  children?: MenuItem[];
}

export interface RoutePoint {
  /** Menu ids from the top-level tab down to the matching entry. */
  ids: number[];
  /** Index of the top-level tab holding the entry. */
  tab: number;
  /** Name of the matching entry (page title and last breadcrumb). */
  name: string;
  /** Names from the tab down to the entry (breadcrumb). */
  names: string[];
}

export type MenuTarget =
  | { kind: 'external'; url: string }
  | { kind: 'route'; path: string }
  | { kind: 'none' };

export interface MenuRoute {
  path: string;
  view: string;
  /** is_open 1: the page renders without the shell. */
  standalone: boolean;
  title: string;
  /** A sub page: the path of the menu entry it belongs to (its tab, sidebar entry and breadcrumb). */
  menuPath?: string;
}

/**
 * A page under a menu's page that the menu tree does not list: a configuration tab, an editor
 * (`/Seller/goods/form/:id?`). It exists wherever a menu of `parentView` is a route, and sits in
 * that menu's place in the shell. `pattern` is a route pattern (`:param`, `:param?`).
 */
export interface SubPage {
  parentView: string;
  pattern: string;
  view: string;
}

const EXTERNAL = /^https?:\/\//i;

export function isExternal(apis: string | undefined): boolean {
  return !!apis && EXTERNAL.test(apis);
}

/** The trail of the entry whose `apis` equals `path` (depth-first, first match), or null. */
export function findRoutePoint(menus: readonly MenuItem[], path: string): RoutePoint | null {
  const walk = (items: readonly MenuItem[], trail: MenuItem[]): MenuItem[] | null => {
    for (const item of items) {
      const here = [...trail, item];
      if (item.apis && item.apis === path) return here;
      const found = item.children?.length ? walk(item.children, here) : null;
      if (found) return found;
    }
    return null;
  };
  for (let tab = 0; tab < menus.length; tab++) {
    const trail = walk([menus[tab]], []);
    if (trail) {
      return {
        ids: trail.map((item) => item.id),
        tab,
        name: trail[trail.length - 1].name,
        names: trail.map((item) => item.name),
      };
    }
  }
  return null;
}

/** The entry itself when it has a target (`apis`), else its first descendant that has one. */
export function firstTarget(item: MenuItem): MenuItem | null {
  if (item.apis) return item;
  for (const child of item.children ?? []) {
    const found = firstTarget(child);
    if (found) return found;
  }
  return null;
}

/**
 * Where clicking a menu entry goes (spec §2 shell): the first entry with a target; an absolute
 * http(s) address opens outside; an entry with a view whose route exists navigates; else none.
 */
export function resolveMenuTarget(item: MenuItem, hasRoute: (path: string) => boolean): MenuTarget {
  const target = firstTarget(item);
  if (!target?.apis) return { kind: 'none' };
  if (isExternal(target.apis)) return { kind: 'external', url: target.apis };
  if (target.view && hasRoute(target.apis)) return { kind: 'route', path: target.apis };
  return { kind: 'none' };
}

/**
 * Routes for the back office: every entry (at any depth, children included) with both a view
 * and an internal path and is_open 0 or 1. Containers contribute only their children; the first
 * entry for a path wins.
 */
export function menusToRoutes(menus: readonly MenuItem[]): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const seen = new Set<string>();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      const open = item.is_open ?? 0;
      if (item.view && item.apis && !isExternal(item.apis) && (open === 0 || open === 1) && !seen.has(item.apis)) {
        seen.add(item.apis);
        routes.push({ path: item.apis, view: item.view, standalone: open === 1, title: item.name });
      }
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menus);
  return routes;
}

/** The sub pages whose parent view is one of the routes, each as a route placed at its parent's menu path. */
export function subPageRoutes(routes: readonly MenuRoute[], subPages: readonly SubPage[]): MenuRoute[] {
  return subPages.flatMap((sub) => {
    const parent = routes.find((route) => route.view === sub.parentView);
    return parent ? [{ path: sub.pattern, view: sub.view, standalone: parent.standalone, title: parent.title, menuPath: parent.path }] : [];
  });
}

/** The route paths of a menu tree, for `resolveMenuTarget`'s `hasRoute`. */
export function routePaths(menus: readonly MenuItem[]): Set<string> {
  return new Set(menusToRoutes(menus).map((route) => route.path));
}

/** The caption of a menu entry in a language: its English name (`ename`) in English when it has one, else its name. */
export function menuCaption(item: MenuItem, locale: string): string {
  return localName(item, locale);
}

/** The tree with every entry named in the language (tabs, sidebar, titles and breadcrumbs follow). */
export function localizeMenus(items: readonly MenuItem[], locale: string): MenuItem[] {
  return localizeTree(items, locale);
}
