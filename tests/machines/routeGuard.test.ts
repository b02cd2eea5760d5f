import { describe, expect, it } from 'vitest';
import type { AreaIndex } from '../../machines/areas';
import type { MenuItem } from '../../machines/menus';
import { routeGuardMachine, type LoadMenusInput } from '../../machines/routeGuard.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const ACTIONS = ['startProgress', 'stopProgress', 'flagHome', 'restoreSessions', 'redirect', 'addRoutes', 'recordRoutePoint', 'logError'] as const;

const MENUS: MenuItem[] = [
  { id: 26, pid: 0, name: '商品中心', apis: '', view: '', is_open: 0, children: [
    { id: 28, pid: 26, name: '商品管理', apis: '/Admin/goods', view: 'Admin/exts/goods/index', is_open: 0 },
  ] },
];

/** A guard bound to a tiny fake app: which areas are logged in, which have menus loaded. */
function setupGuard(state: { loggedIn?: AreaIndex[]; loaded?: AreaIndex[]; publicPaths?: string[] } = {}) {
  const loggedIn = new Set(state.loggedIn ?? []);
  const loaded = new Set(state.loaded ?? []);
  const log = recordActions(ACTIONS);
  const loadMenus = manualActor<MenuItem[], LoadMenusInput>();
  const machine = routeGuardMachine.provide({
    actions: {
      ...log.actions,
      addRoutes: (args, params) => {
        log.actions.addRoutes(args, params);
        loaded.add(params.area);
      },
    },
    actors: { loadMenus: loadMenus.logic },
    guards: {
      isLoggedIn: ({ context }) => loggedIn.has(context.area),
      menusLoaded: ({ context }) => loaded.has(context.area),
      ...(state.publicPaths ? { isPublic: ({ context }: { context: { path: string } }) => state.publicPaths!.includes(context.path) } : {}),
    },
  });
  const actor = createTestActor(machine);
  actor.start();
  return { actor, log, loadMenus, loggedIn, loaded };
}

describe('routeGuard', () => {
  it('starts idle and does nothing before the first navigation', () => {
    const { actor, log } = setupGuard();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log.calls).toEqual([]);
  });

  it('steps 1-5: progress, home flag, area, restore; the home page passes freely', () => {
    const { actor, log } = setupGuard();
    actor.send({ type: 'NAVIGATE', path: '/' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context).toMatchObject({ path: '/', search: '', area: 2 });
    expect(log.calls).toEqual([
      { type: 'startProgress', params: undefined },
      { type: 'flagHome', params: { isHome: true } },
      { type: 'restoreSessions', params: { area: 2 } },
      { type: 'stopProgress', params: undefined },
    ]);
  });

  it('flags home only for exactly "/" and lets shopper paths pass without recording a route point', () => {
    const { actor, log } = setupGuard();
    actor.send({ type: 'NAVIGATE', path: '/goods/12', search: '?sku=3' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(log.paramsOf('flagHome')).toEqual([{ isHome: false }]);
    expect(log.types()).not.toContain('recordRoutePoint');
    // '/admin/x' is not the admin area: matching is case-sensitive
    actor.send({ type: 'NAVIGATE', path: '/admin/goods' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context.area).toBe(2);
  });

  it('lets the back-office login pages pass while logged out (default isPublic)', () => {
    const { actor, log } = setupGuard();
    actor.send({ type: 'NAVIGATE', path: '/Seller/login' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context.area).toBe(1);
    expect(log.paramsOf('restoreSessions')).toEqual([{ area: 1 }]);
    expect(log.types()).not.toContain('redirect');
  });

  it('uses the public list the SPA provides', () => {
    const { actor } = setupGuard({ publicPaths: ['/Admin/help'] });
    actor.send({ type: 'NAVIGATE', path: '/Admin/help' });
    expect(actor.getSnapshot().value).toBe('allowed');
    actor.send({ type: 'NAVIGATE', path: '/Admin/login' });
    expect(actor.getSnapshot().value).toBe('redirecting');
  });

  it('step 6: redirects a logged-out visitor to that area login page, replacing the entry', () => {
    const { actor, log, loadMenus } = setupGuard({ loggedIn: [2] });
    actor.send({ type: 'NAVIGATE', path: '/Admin/goods' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(log.types()).toEqual(['startProgress', 'flagHome', 'restoreSessions', 'redirect', 'stopProgress']);
    expect(log.paramsOf('redirect')).toEqual([{ to: '/Admin/login', replace: true }]);
    expect(loadMenus.calls).toHaveLength(0);
  });

  it('step 7: loads menus once, adds routes and repeats the navigation with replace; step 8 on the repeat', async () => {
    const { actor, log, loadMenus } = setupGuard({ loggedIn: [0] });
    actor.send({ type: 'NAVIGATE', path: '/Admin/goods', search: '?page=2' });
    expect(actor.getSnapshot().value).toBe('loadingMenus');
    expect(loadMenus.last().input).toEqual({ area: 0 });
    loadMenus.last().resolve(MENUS);
    await flush();
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(log.paramsOf('addRoutes')).toEqual([{ area: 0, menus: MENUS }]);
    expect(log.paramsOf('redirect')).toEqual([{ to: '/Admin/goods?page=2', replace: true }]);
    expect(log.types()).not.toContain('recordRoutePoint');

    log.clear();
    actor.send({ type: 'NAVIGATE', path: '/Admin/goods', search: '?page=2' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(loadMenus.calls).toHaveLength(1);
    expect(log.calls).toEqual([
      { type: 'startProgress', params: undefined },
      { type: 'flagHome', params: { isHome: false } },
      { type: 'restoreSessions', params: { area: 0 } },
      { type: 'recordRoutePoint', params: { area: 0, path: '/Admin/goods' } },
      { type: 'stopProgress', params: undefined },
    ]);
  });

  it('step 9: a failed menu load is logged and the navigation cancelled', async () => {
    const { actor, log, loadMenus } = setupGuard({ loggedIn: [1] });
    actor.send({ type: 'NAVIGATE', path: '/Seller/goods' });
    const failure = new Error('500 (Internal Server Error) boom');
    loadMenus.last().reject(failure);
    await flush();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.error).toBe(failure);
    expect(log.paramsOf('logError')).toEqual([{ error: failure, path: '/Seller/goods' }]);
    expect(log.types().slice(-2)).toEqual(['logError', 'stopProgress']);
    expect(log.types()).not.toContain('addRoutes');

    // the next navigation starts afresh and clears the error
    actor.send({ type: 'NAVIGATE', path: '/' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a new navigation while menus load abandons the load', async () => {
    const { actor, log, loadMenus } = setupGuard({ loggedIn: [0] });
    actor.send({ type: 'NAVIGATE', path: '/Admin/goods' });
    const first = loadMenus.last();
    actor.send({ type: 'NAVIGATE', path: '/carts' });
    expect(actor.getSnapshot().value).toBe('allowed');
    first.resolve(MENUS);
    await flush();
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(log.types()).not.toContain('addRoutes');
  });

  it('the inert loadMenus rejects, so an unbound guard cancels back-office navigation', async () => {
    const actor = createTestActor(
      routeGuardMachine.provide({ guards: { isLoggedIn: () => true } }),
    );
    actor.start();
    actor.send({ type: 'NAVIGATE', path: '/Admin/goods' });
    await flush();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(String(actor.getSnapshot().context.error)).toContain('"loadMenus" is not provided');
  });
});
