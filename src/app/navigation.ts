import { useSyncExternalStore } from 'react';
import { useServerPage } from './serverRender';

/**
 * The committed location (what the app renders) and the one way to ask for a new one.
 * Every request goes to the navigation handler — the route guard once the app is booted — which
 * commits, redirects or cancels. wouter reads the committed location through `useGuardedLocation`.
 */
export interface NavRequest {
  path: string;
  search: string;
  replace: boolean;
  /** Browser back / forward: the address bar already shows the target. */
  pop: boolean;
}

export interface Committed {
  path: string;
  search: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readBrowser(): Committed {
  if (typeof window === 'undefined') return { path: '/', search: '' };
  return { path: window.location.pathname || '/', search: window.location.search.replace(/^\?/, '') };
}

let committed: Committed = readBrowser();
let handler: (request: NavRequest) => void = (request) => commit(request.path, request.search, request.pop ? 'none' : request.replace ? 'replace' : 'push');

export function splitUrl(url: string): Committed {
  const hashless = url.split('#')[0];
  const q = hashless.indexOf('?');
  const path = q === -1 ? hashless : hashless.slice(0, q);
  return { path: path || '/', search: q === -1 ? '' : hashless.slice(q + 1) };
}

export function setNavigationHandler(next: (request: NavRequest) => void) {
  handler = next;
}

/**
 * A page with unsaved changes sees every request to go elsewhere first (src/app/leaveGuard.tsx):
 * returning true keeps the request (to ask, then `proceedNavigation` or drop it).
 */
let interceptor: ((request: NavRequest) => boolean) | null = null;

export function setLeaveInterceptor(next: ((request: NavRequest) => boolean) | null): void {
  interceptor = next;
}

/** Removes `mine` if it is still the interceptor (an unmounting page leaves a newer one alone). */
export function clearLeaveInterceptor(mine: (request: NavRequest) => boolean): void {
  if (interceptor === mine) interceptor = null;
}

function request(next: NavRequest) {
  const leaving = next.path !== committed.path || next.search !== committed.search;
  if (leaving && interceptor?.(next)) return;
  handler(next);
}

/** Carry out a request the leave guard held (the person chose to leave). */
export function proceedNavigation(next: NavRequest): void {
  handler(next);
}

/** Ask for a navigation (wouter's `navigate`, links, `go`). */
export function navigate(to: string, options: { replace?: boolean } = {}) {
  const { path, search } = splitUrl(to);
  request({ path, search, replace: !!options.replace, pop: false });
}

export type HistoryMode = 'push' | 'replace' | 'none';

/** Make a location current: update history, notify wouter, scroll to top (spec §2). */
export function commit(path: string, search = '', mode: HistoryMode = 'push') {
  const url = search ? `${path}?${search}` : path;
  if (typeof window !== 'undefined') {
    const current = window.location.pathname + window.location.search;
    if (mode === 'push' && current !== url) window.history.pushState(null, '', url);
    else if (mode === 'replace' || (mode === 'none' && current !== url)) window.history.replaceState(null, '', url);
  }
  const changed = committed.path !== path || committed.search !== search || !ready;
  committed = { path, search };
  ready = true;
  if (changed) {
    for (const l of listeners) l();
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') window.scrollTo(0, 0);
  }
}

export const getCommitted = () => committed;

/** False from boot until the route guard commits the first location (avoids flashing a 404). */
let ready = true;
export function holdUntilFirstCommit() {
  ready = false;
}
const getReady = () => ready;
/** Whether the first location is committed (a public page is, as soon as the guard started). */
export const isNavigationReady = getReady;
export const useNavigationReady = () => useSyncExternalStore(subscribeLocation, getReady, getReady);

/** Put the address bar back to the committed location (a cancelled back / forward). */
export function restoreAddressBar() {
  commit(committed.path, committed.search, 'replace');
}

const EXTERNAL = /^(https?:)?\/\//i;

/** The navigation helper of spec §2: by route or by full URL, same tab or a new tab. */
export function go(target: string, options: { newTab?: boolean; replace?: boolean } = {}) {
  if (options.newTab) {
    window.open(target, '_blank', 'noopener,noreferrer');
    return;
  }
  if (EXTERNAL.test(target)) {
    window.location.assign(target);
    return;
  }
  navigate(target, { replace: options.replace });
}

export function subscribeLocation(l: Listener) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

const getPath = () => committed.path;
const getSearch = () => committed.search;

/** wouter location hook: committed path + guarded navigate (on the server: the rendered page's). */
export function useGuardedLocation(): [string, typeof navigate] {
  const server = useServerPage();
  return [useSyncExternalStore(subscribeLocation, getPath, server ? () => server.path : getPath), navigate];
}
useGuardedLocation.searchHook = function useGuardedSearch(): string {
  const server = useServerPage();
  return useSyncExternalStore(subscribeLocation, getSearch, server ? () => server.search : getSearch);
};

let popBound = false;
/** Back / forward buttons become navigation requests too. */
export function listenToPopState() {
  if (popBound || typeof window === 'undefined') return;
  popBound = true;
  window.addEventListener('popstate', () => {
    const { path, search } = readBrowser();
    request({ path, search, replace: true, pop: true });
  });
}

/** Tests: reset to the browser's current address. */
export function resetNavigation() {
  committed = readBrowser();
  ready = true;
  interceptor = null;
  handler = (request) => commit(request.path, request.search, request.pop ? 'none' : request.replace ? 'replace' : 'push');
}
