import { useSyncExternalStore } from 'react';
import { getProgress, subscribeProgress } from './progress';

/**
 * Thin top bar shown while a navigation is in progress (spec §2 route guard step 1): it runs
 * towards 90 % while the navigation lasts (a CSS animation), then fills and fades.
 */
export function ProgressBar() {
  const active = useSyncExternalStore(subscribeProgress, getProgress, getProgress);
  return (
    <div role="progressbar" aria-hidden={!active} data-active={active} className="progress-track">
      <div className={`h-full bg-brand ${active ? 'progress-run' : 'w-full opacity-0 transition-opacity duration-300'}`} />
    </div>
  );
}
