import { useSyncExternalStore } from 'react';
import type { AreaIndex } from '../../machines/areas';
import type { MenuItem, MenuRoute, RoutePoint, SubPage } from '../../machines/menus';
import { caseSensitiveParser } from './routeParser';

/**
 * Back-office routes built after login from the server's menu tree (spec §2), per area.
 * The route guard's `addRoutes` fills this; `menusLoaded` reads it; logout clears it.
 * What builds routes from menus (machines/menus.ts) is back-office code: it loads beside the
 * menus (`loadMenuRouting`), never with the storefront.
 */
type MenuRouting = typeof import('../../machines/menus') & { SUB_PAGES: readonly SubPage[] };
let routing: MenuRouting | null = null;

export async function loadMenuRouting(): Promise<void> {
  if (routing) return;
  const [menus, { SUB_PAGES }] = await Promise.all([import('../../machines/menus'), import('../backoffice/subPages')]);
  routing = { ...menus, SUB_PAGES };
}

function menuRouting(): MenuRouting {
  if (!routing) throw new Error('menu routing used before loadMenuRouting()');
  return routing;
}
interface AreaRoutes {
  menus: MenuItem[];
  routes: MenuRoute[];
  byPath: Map<string, MenuRoute>;
  /** Sub pages (configuration tabs, editors) by their compiled pattern, tried after the exact paths. */
  subRoutes: { route: MenuRoute; pattern: Pick<RegExp, 'exec'> }[];
  point: RoutePoint | null;
}

const table: (AreaRoutes | null)[] = [null, null, null];
const listeners = new Set<() => void>();
let version = 0;

function emit() {
  version++;
  for (const l of listeners) l();
}

export function addRoutes(area: AreaIndex, menus: MenuItem[]) {
  const list = Array.isArray(menus) ? menus : [];
  const routing = menuRouting();
  const routes = routing.menusToRoutes(list);
  const subRoutes = routing.subPageRoutes(routes, routing.SUB_PAGES).map((route) => ({ route, pattern: caseSensitiveParser(route.path, false).pattern }));
  table[area] = { menus: list, routes, byPath: new Map(routes.map((r) => [r.path, r])), subRoutes, point: null };
  emit();
}

export function clearRoutes(area: AreaIndex) {
  if (!table[area]) return;
  table[area] = null;
  emit();
}

export const menusLoaded = (area: AreaIndex) => table[area] !== null;
export const getMenus = (area: AreaIndex): MenuItem[] => table[area]?.menus ?? [];
export const getRoutes = (area: AreaIndex): MenuRoute[] => table[area]?.routes ?? [];
/** The route showing a path: a menu's own path, else a sub page whose pattern matches. */
export function findRoute(area: AreaIndex, path: string): MenuRoute | null {
  const entry = table[area];
  if (!entry) return null;
  return entry.byPath.get(path) ?? entry.subRoutes.find((sub) => sub.pattern.exec(path) !== null)?.route ?? null;
}

/** What keeps a page mounted across paths: its view at its menu entry (a sub page of the same view and menu is the same page). */
export function pageKeyOf(area: AreaIndex, path: string): string {
  const route = findRoute(area, path);
  return route ? `${route.view}@${route.menuPath ?? route.path}` : path;
}

/** The menu path a page sits under: a sub page's parent menu, else the path itself. */
export const menuPathOf = (area: AreaIndex, path: string): string => findRoute(area, path)?.menuPath ?? path;
export const hasRoute = (area: AreaIndex, path: string) => !!findRoute(area, path);

/** Spec §2 route guard step 8: remember where in the menu tree the current path sits. */
export function recordRoutePoint(area: AreaIndex, path: string) {
  const entry = table[area];
  if (!entry) return;
  entry.point = menuRouting().findRoutePoint(entry.menus, menuPathOf(area, path));
  emit();
}

export const getRoutePoint = (area: AreaIndex): RoutePoint | null => table[area]?.point ?? null;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const getVersion = () => version;

/** Re-render when the route table changes (login, logout, menus reloaded). */
export function useRoutesVersion(): number {
  return useSyncExternalStore(subscribe, getVersion, getVersion);
}

export function resetRoutesForTests() {
  table[0] = table[1] = table[2] = null;
  emit();
}
