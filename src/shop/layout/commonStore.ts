import { useEffect, useSyncExternalStore } from 'react';
import { loadCartCount, loadCommon, type CommonData } from '../../api/common';
import { inlinedAnswer } from '../../api/inlined';
import { firstData, useServerPage } from '../../app/serverRender';

/**
 * Site-wide data from GET /api/common, fetched once per page load (spec §9, fixing the
 * reference's refetch on every mount). The client ip is stored once in localStorage `ip`.
 */
export interface CommonState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  data: CommonData | null;
  cart: number;
}

/** A server-rendered page carries the site data it was rendered with (without ip and cart). */
const seeded = (data: CommonData | undefined): CommonState => (data ? { status: 'ready', data, cart: 0 } : { status: 'idle', data: null, cart: 0 });

/** Null until first read: then seeded from the page's inlined data, if any. */
let state: CommonState | null = null;
const current = (): CommonState => (state ??= seeded(inlinedAnswer<CommonData>('common')));
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<CommonState>) {
  state = { ...current(), ...next };
  for (const l of listeners) l();
}

export function ensureCommon(): Promise<void> {
  if (inflight) return inflight;
  if (current().status === 'ready' && storedIp()) return (inflight = Promise.resolve());
  if (current().status !== 'ready') set({ status: 'loading' });
  inflight = loadCommon().then((result) => {
    if (result.kind !== 'ok') {
      if (!current().data) set({ status: 'failed' });
      return;
    }
    const data = result.data;
    try {
      if (data.ip && !storedIp()) localStorage.setItem('ip', data.ip);
    } catch {
      /* storage unavailable (private mode): the ip is only a cache */
    }
    set({ status: 'ready', data, cart: Number(data.cart) || 0 });
  });
  return inflight;
}

/** GET /api/cart_count → badge in the header. */
export async function refreshCartCount(): Promise<void> {
  const result = await loadCartCount();
  if (result.kind === 'ok') set({ cart: Number(result.data) || 0 });
}

/** A count the server just answered (e.g. POST /api/user/carts → cart_count): the header re-renders. */
export function setCartCount(n: number): void {
  set({ cart: Number(n) || 0 });
}

function storedIp(): string | null {
  try {
    return localStorage.getItem('ip');
  } catch {
    return null;
  }
}

export function resetCommonForTests() {
  inflight = null;
  state = null;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const snapshot = current;
export function useCommon(): CommonState {
  const server = useServerPage();
  // the server renders with its page's site data; the browser's first state is seeded with the same
  const value = useSyncExternalStore(subscribe, snapshot, server ? () => seeded(firstData<CommonData>(server, 'common')) : snapshot);
  useEffect(() => {
    void ensureCommon();
  }, []);
  return value;
}
