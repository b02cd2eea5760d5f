/**
 * The route guard (spec §2), run before every navigation, in the spec's order:
 * 1 start progress · 2 flag home · 3 area from the path · 4 restore sessions ·
 * 5 public or shopper paths pass · 6 not logged in → that area's login page ·
 * 7 menus not loaded → load, add routes, repeat with replace · 8 record the route point ·
 * 9 on error log and cancel.
 */
import { assign, fromPromise, not, or, setup } from 'xstate';
import { AREAS, areaOfPath, isLoginPath, type AreaIndex } from './areas';
import type { MenuItem } from './menus';

export interface RouteGuardContext {
  /** Path of the navigation being checked (or last checked). */
  path: string;
  search: string;
  area: AreaIndex;
  error: unknown;
}

export type RouteGuardEvent = { type: 'NAVIGATE'; path: string; search?: string };

export interface RouteGuardActionParams {
  flagHome: { isHome: boolean };
  restoreSessions: { area: AreaIndex };
  redirect: { to: string; replace: boolean };
  addRoutes: { area: AreaIndex; menus: MenuItem[] };
  recordRoutePoint: { area: AreaIndex; path: string };
  logError: { error: unknown; path: string };
}

/** Guards read the navigation under check from the context: `path` and `area`. */
export interface RouteGuardGuardArgs {
  context: RouteGuardContext;
}

export interface LoadMenusInput { area: AreaIndex }

export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
  },
  actors: {
    loadMenus: fromPromise<MenuItem[], LoadMenusInput>(() =>
      Promise.reject(new Error('routeGuard: actor "loadMenus" is not provided')),
    ),
  },
  actions: {
    startProgress: () => {},
    stopProgress: () => {},
    flagHome: (_, _params: RouteGuardActionParams['flagHome']) => {},
    setArea: assign({ area: ({ context }) => areaOfPath(context.path) }),
    restoreSessions: (_, _params: RouteGuardActionParams['restoreSessions']) => {},
    redirect: (_, _params: RouteGuardActionParams['redirect']) => {},
    addRoutes: (_, _params: RouteGuardActionParams['addRoutes']) => {},
    recordRoutePoint: (_, _params: RouteGuardActionParams['recordRoutePoint']) => {},
    logError: (_, _params: RouteGuardActionParams['logError']) => {},
  },
  guards: {
    /** Public back-office pages (the login pages by default; the SPA may widen the list). */
    isPublic: ({ context }: RouteGuardGuardArgs) => isLoginPath(context.path),
    isShopperArea: ({ context }: RouteGuardGuardArgs) => context.area === 2,
    /** Is `context.area` logged in? Provided by the SPA from the session actors. */
    isLoggedIn: (_: RouteGuardGuardArgs) => false,
    /** Are the menus of `context.area` loaded (and their routes added)? Provided by the SPA. */
    menusLoaded: (_: RouteGuardGuardArgs) => false,
  },
}).createMachine({
  id: 'routeGuard',
  context: { path: '', search: '', area: 2, error: null },
  initial: 'idle',
  on: {
    NAVIGATE: {
      target: '.checking',
      actions: assign({ path: ({ event }) => event.path, search: ({ event }) => event.search ?? '', error: null }),
    },
  },
  states: {
    idle: {},
    checking: {
      entry: [
        'startProgress',
        { type: 'flagHome', params: ({ context }) => ({ isHome: context.path === '/' }) },
        'setArea',
        { type: 'restoreSessions', params: ({ context }) => ({ area: context.area }) },
      ],
      always: [
        {
          guard: or(['isPublic', 'isShopperArea']),
          target: 'allowed',
        },
        {
          guard: not('isLoggedIn'),
          target: 'redirecting',
          actions: { type: 'redirect', params: ({ context }) => ({ to: AREAS[context.area].loginPath, replace: true }) },
        },
        {
          guard: not('menusLoaded'),
          target: 'loadingMenus',
        },
        {
          target: 'allowed',
          actions: { type: 'recordRoutePoint', params: ({ context }) => ({ area: context.area, path: context.path }) },
        },
      ],
    },
    loadingMenus: {
      invoke: {
        id: 'loadMenus',
        src: 'loadMenus',
        input: ({ context }) => ({ area: context.area }),
        onDone: {
          target: 'redirecting',
          actions: [
            { type: 'addRoutes', params: ({ context, event }) => ({ area: context.area, menus: event.output }) },
            { type: 'redirect', params: ({ context }) => ({ to: context.path + context.search, replace: true }) },
          ],
        },
        onError: {
          target: 'cancelled',
          actions: [
            assign({ error: ({ event }) => event.error }),
            { type: 'logError', params: ({ context, event }) => ({ error: event.error, path: context.path }) },
          ],
        },
      },
    },
    allowed: { entry: 'stopProgress' },
    redirecting: { entry: 'stopProgress' },
    cancelled: { entry: 'stopProgress' },
  },
});
