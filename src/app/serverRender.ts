import { createContext, useContext, useSyncExternalStore } from 'react';
import { inlinedAnswer } from '../api/inlined';

/**
 * A page rendered on the server (src/ssr/render.tsx): the location it was rendered for and the
 * API answers it was rendered with, by key. Absent in the browser, where the same answers come
 * from the page's inlined data (src/api/inlined.ts), so hydration sees what the server saw.
 */
export interface ServerPage {
  path: string;
  /** The query without `?`. */
  search: string;
  data: Record<string, unknown>;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

export const useServerPage = () => useContext(ServerPageContext);

/**
 * The answer under `key` the page was rendered with: the server's during a server render, else
 * the inlined one until the page forgets it (src/api/inlined.ts).
 */
export function firstData<T>(server: ServerPage | null, key: string): T | undefined {
  if (server) return Object.hasOwn(server.data, key) ? (server.data[key] as T) : undefined;
  return inlinedAnswer<T>(key);
}

const never = () => () => {};

/**
 * False on the server and while React hydrates its HTML, true in every other render: what only
 * the browser knows (the login state, the browsing history) shows after hydration, never in it.
 */
export const useHydrated = () => useSyncExternalStore(never, () => true, () => false);

/** The server HTML of a page is interactive: its root loses `data-ssr` (e2e tests wait on it). */
export function markHydrated() {
  if (typeof document !== 'undefined') document.getElementById('root')?.removeAttribute('data-ssr');
}
