import { useCallback, useEffect, useRef, useState } from 'react';
import type { AreaIndex as Area } from '../../machines/areas';
import { loadConversations, type ChatConversation } from '../api/chat';
import { chatLive } from './live';

/** The area's conversations (search by the other side's name), read again when a message arrives. */
export function useConversations(area: Area, keyword: string) {
  const [rows, setRows] = useState<ChatConversation[] | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const reload = useCallback(() => {
    const ticket = ++latest.current;
    void loadConversations(area, keyword.trim()).then((r) => {
      if (ticket !== latest.current) return;
      if (r.kind === 'ok') {
        setRows(r.data);
        setFailed(false);
      } else setFailed(true);
    });
  }, [area, keyword]);
  useEffect(() => {
    reload();
    const live = chatLive(area);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, 250);
    };
    const offMessage = live.onMessage(soon);
    const offUnread = live.unread.subscribe(soon);
    return () => {
      clearTimeout(timer);
      offMessage();
      offUnread();
    };
  }, [area, reload]);
  return { rows, failed, reload };
}
