import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { AreaIndex } from '../../machines/areas';
import type { MenuItem } from '../../machines/menus';
import { routeGuardMachine, type LoadMenusInput } from '../../machines/routeGuard.machine';
import { loadMenus } from '../api/menus';
import { startProgress, stopProgress } from '../ui/progress';
import { addRoutes, loadMenuRouting, menusLoaded, recordRoutePoint } from './backofficeRoutes';
import { registerForLab } from './devRegistry';
import { setHome } from './homeFlag';
import { getInspect } from './inspectHook';
import { commit, restoreAddressBar, setNavigationHandler, splitUrl, type HistoryMode, type NavRequest } from './navigation';
import { getSession, unwrap } from './sessionActors';
import { readStoredSession } from './storage';

/**
 * The route guard bound to the browser: every navigation request becomes NAVIGATE; the
 * location is committed only when the guard reaches `allowed`.
 */
let pending: NavRequest | null = null;

function modeOf(request: NavRequest): HistoryMode {
  if (request.pop) return 'none';
  return request.replace ? 'replace' : 'push';
}

/** Step 4: a session logged out in another tab (token gone from storage) is closed here too. */
function restoreSessions(area: AreaIndex) {
  const actor = getSession(area);
  if (actor.getSnapshot().matches('loggedIn') && !readStoredSession(area).token) actor.send({ type: 'UNAUTHORIZED' });
}

export const boundRouteGuardMachine = routeGuardMachine.provide({
  actors: {
    loadMenus: fromPromise<MenuItem[], LoadMenusInput>(async ({ input }) => {
      const [menus] = await Promise.all([loadMenus(input.area), loadMenuRouting()]);
      return unwrap(menus);
    }),
  },
  actions: {
    startProgress: () => startProgress(),
    stopProgress: () => stopProgress(),
    flagHome: (_, { isHome }) => setHome(isHome),
    restoreSessions: (_, { area }) => restoreSessions(area),
    redirect: (_, { to, replace }) => {
      // the redirect takes the place of the navigation in progress and inherits its history mode
      // (a push stays a push; back / forward or a replace replaces)
      const original = pending;
      const { path, search } = splitUrl(to);
      requestNavigation({ path, search, replace: original ? original.replace || original.pop : replace, pop: false });
    },
    addRoutes: (_, { area, menus }) => addRoutes(area, menus),
    recordRoutePoint: (_, { area, path }) => recordRoutePoint(area, path),
    logError: (_, { error, path }) => console.error('[souk] route guard cancelled', path, error),
  },
  guards: {
    isLoggedIn: ({ context }) => getSession(context.area).getSnapshot().matches('loggedIn'),
    menusLoaded: ({ context }) => menusLoaded(context.area),
  },
});

export type RouteGuardActor = ActorRefFrom<typeof boundRouteGuardMachine>;
export let routeGuard: RouteGuardActor | null = null;

function requestNavigation(request: NavRequest) {
  pending = request;
  routeGuard?.send({ type: 'NAVIGATE', path: request.path, search: request.search ? `?${request.search}` : '' });
}

export function startRouteGuard(): RouteGuardActor {
  if (routeGuard) return routeGuard;
  const actor = createActor(boundRouteGuardMachine, { systemId: 'routeGuard', inspect: getInspect() });
  actor.subscribe((snapshot) => {
    if (!pending) return;
    if (snapshot.matches('allowed')) {
      const request = pending;
      pending = null;
      commit(request.path, request.search, modeOf(request));
    } else if (snapshot.matches('cancelled')) {
      const request = pending;
      pending = null;
      if (request.pop) restoreAddressBar();
    }
  });
  actor.start();
  registerForLab('routeGuard', actor);
  routeGuard = actor;
  setNavigationHandler(requestNavigation);
  return actor;
}

export function resetRouteGuard() {
  routeGuard?.stop();
  routeGuard = null;
  pending = null;
}
