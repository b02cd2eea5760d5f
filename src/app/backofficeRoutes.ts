import { useSyncExternalStore } from 'react';
import type { AreaIndex } from '../../machines/areas';
import type { MenuItem, MenuRoute, RoutePoint } from '../../machines/menus';

/**
 * Back-office routes built after login from the server's menu tree (spec §2), per area.
 * The route guard's `addRoutes` fills this; `menusLoaded` reads it; logout clears it.
 * What builds routes from menus (machines/menus.ts) is back-office code: it loads beside the
 * menus (`loadMenuRouting`), never with the storefront.
 */
type MenuRouting = typeof import('../../machines/menus');
let routing: MenuRouting | null = null;

export async function loadMenuRouting(): Promise<void> {
  routing ??= await import('../../machines/menus');
}

function menuRouting(): MenuRouting {
  if (!routing) throw new Error('menu routing used before loadMenuRouting()');
  return routing;
}
interface AreaRoutes {
  menus: MenuItem[];
  routes: MenuRoute[];
  byPath: Map<string, MenuRoute>;
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
  const routes = menuRouting().menusToRoutes(list);
  table[area] = { menus: list, routes, byPath: new Map(routes.map((r) => [r.path, r])), point: null };
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
export const findRoute = (area: AreaIndex, path: string): MenuRoute | null => table[area]?.byPath.get(path) ?? null;
export const hasRoute = (area: AreaIndex, path: string) => !!findRoute(area, path);

/** Spec §2 route guard step 8: remember where in the menu tree the current path sits. */
export function recordRoutePoint(area: AreaIndex, path: string) {
  const entry = table[area];
  if (!entry) return;
  entry.point = menuRouting().findRoutePoint(entry.menus, path);
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
