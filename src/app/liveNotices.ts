import { useEffect, useRef } from 'react';

/**
 * Live notices heard by the area's chat connection (src/chat/live.ts), passed to the pages they
 * concern without those pages loading the chat code: a page names the kinds that change its data
 * and reloads when one arrives (server/live/events.ts NOTICE_KINDS).
 */
export interface LiveNotice {
  kind: string;
  order_id: number;
  order_no: string;
}

/** What a shopper's order pages follow: its shipment and its after-sale's outcome. */
export const SHOPPER_NOTICES = ['shipped', 'refund_agreed', 'refund_refused', 'refund_done'] as const;

const listeners = new Set<(notice: LiveNotice) => void>();

export function emitNotice(notice: LiveNotice) {
  for (const fn of listeners) fn(notice);
}

export function onNotice(fn: (notice: LiveNotice) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** Calls `reload` when a notice of one of `kinds` arrives (none: never). */
export function useLiveRefresh(kinds: readonly string[] | undefined, reload: () => void) {
  const latest = useRef(reload);
  latest.current = reload;
  const key = kinds?.join(',') ?? '';
  useEffect(() => {
    if (!key) return;
    const wanted = key.split(',');
    return onNotice((notice) => {
      if (wanted.includes(notice.kind)) latest.current();
    });
  }, [key]);
}
