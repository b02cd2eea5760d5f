import { useEffect } from 'react';
import type { AnyActorRef } from 'xstate';

/**
 * Development only: list an actor on the /__lab page (machines/inspect.ts). In a production
 * build `import.meta.env.DEV` is false, so the registry module is never bundled.
 */
export function registerForLab(name: string, actor: AnyActorRef): () => void {
  if (!import.meta.env.DEV) return () => {};
  let unregister: (() => void) | null = null;
  let cancelled = false;
  void import('../../machines/inspect').then(({ registerActor }) => {
    if (!cancelled) unregister = registerActor(name, actor);
  });
  return () => {
    cancelled = true;
    unregister?.();
  };
}

/** Register a component-owned actor for as long as the component is mounted. */
export function useLabActor(name: string, actor: AnyActorRef) {
  useEffect(() => registerForLab(name, actor), [name, actor]);
}
