import { useSyncExternalStore } from 'react';

/** Spec §2 route guard step 2: whether the current navigation is the home page. */
let isHome = false;
const listeners = new Set<() => void>();

export function setHome(value: boolean) {
  if (value === isHome) return;
  isHome = value;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const get = () => isHome;

export const useIsHome = () => useSyncExternalStore(subscribe, get, get);
