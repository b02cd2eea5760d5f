import { useEffect, useState, useSyncExternalStore } from 'react';
import { getProgress, subscribeProgress } from './progress';

/** Thin top bar shown while a navigation is in progress (spec §2 route guard step 1). */
export function ProgressBar() {
  const active = useSyncExternalStore(subscribeProgress, getProgress, getProgress);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!active) {
      setWidth(100);
      const t = setTimeout(() => setWidth(0), 250);
      return () => clearTimeout(t);
    }
    setWidth(15);
    const t = setInterval(() => setWidth((w) => (w < 90 ? w + (90 - w) * 0.15 : w)), 200);
    return () => clearInterval(t);
  }, [active]);
  return (
    <div
      role="progressbar"
      aria-hidden={!active}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      data-active={active}
      className="pointer-events-none fixed inset-x-0 top-0 z-[3200] h-0.5"
    >
      <div
        className="h-full bg-brand transition-[width,opacity] duration-200"
        style={{ width: `${width}%`, opacity: width === 0 ? 0 : 1 }}
      />
    </div>
  );
}
