import { useEffect, useState } from 'react';

/**
 * True `ms` after `when` became true (false again when it turns false): for what the page can do
 * without at first, such as the live chat corner, so it never competes with the page's own loading.
 */
export function useLater(when: boolean, ms = 1500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    if (!when) return;
    const timer = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(timer);
  }, [when, ms]);
  return ready;
}
