import { useEffect, useSyncExternalStore } from 'react';
import { loadCartCount, loadCommon, type CommonData } from '../../api/common';

/**
 * Site-wide data from GET /api/common, fetched once per page load (spec §9, fixing the
 * reference's refetch on every mount). The client ip is stored once in localStorage `ip`.
 */
export interface CommonState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  data: CommonData | null;
  cart: number;
}

let state: CommonState = { status: 'idle', data: null, cart: 0 };
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<CommonState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export function ensureCommon(): Promise<void> {
  if (inflight) return inflight;
  set({ status: 'loading' });
  inflight = loadCommon().then((result) => {
    if (result.kind !== 'ok') {
      set({ status: 'failed' });
      return;
    }
    const data = result.data;
    try {
      if (data.ip && !localStorage.getItem('ip')) localStorage.setItem('ip', data.ip);
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

export function resetCommonForTests() {
  inflight = null;
  state = { status: 'idle', data: null, cart: 0 };
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const snapshot = () => state;

export function useCommon(): CommonState {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    void ensureCommon();
  }, []);
  return value;
}
