import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ChatNotice } from '../../machines/chatConnection.machine';
import { Icon } from '../ui/icons';
import { toast } from '../ui/toast';
import { chatLive } from './live';
import { noticeHref, noticeText } from './noticeText';

/**
 * The seller centre's live corner (issue 27): a toast for each notice (a new paid order, an
 * after-sale request), a bell whose badge counts the notices not looked at yet and lists them,
 * and the unread chat count linking to the chats page.
 */
export default function LiveBell() {
  const intl = useIntl();
  const live = chatLive(1);
  const unread = useSyncExternalStore(live.unread.subscribe, live.unread.get);
  const [notices, setNotices] = useState<ChatNotice[]>([]);
  const [unseen, setUnseen] = useState(0);
  useEffect(
    () =>
      live.onNotice((n) => {
        toast.info(noticeText(intl, n));
        setNotices((list) => [n, ...list].slice(0, 20));
        setUnseen((count) => count + 1);
      }),
    [live, intl],
  );
  const badge = 'absolute -right-1 -top-1 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[10px] leading-[1.1rem] text-white';
  return (
    <div className="flex items-center gap-1">
      <Link href="/Seller/chats" className="focus-ring relative rounded p-1.5 text-slate-700 hover:bg-slate-100" aria-label={intl.formatMessage({ id: 'chat.unreadLink' }, { count: unread })} data-testid="seller-chat-link">
        <Icon name="chat" />
        {unread > 0 && (
          <span aria-hidden="true" className={badge} data-testid="seller-chat-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
      <Popover className="relative">
        <PopoverButton
          className="focus-ring relative rounded p-1.5 text-slate-700 hover:bg-slate-100"
          aria-label={intl.formatMessage({ id: 'chat.notices' }, { count: unseen })}
          onClick={() => setUnseen(0)}
          data-testid="seller-notices"
        >
          <Icon name="bell" />
          {unseen > 0 && (
            <span aria-hidden="true" className={badge} data-testid="seller-notices-badge">
              {unseen > 99 ? '99+' : unseen}
            </span>
          )}
        </PopoverButton>
        <PopoverPanel anchor="bottom end" className="z-50 w-72 rounded border border-slate-200 bg-white p-2 text-sm shadow-lg">
          {notices.length === 0 ? (
            <p className="p-2 text-slate-500">
              <FormattedMessage id="chat.noNotices" />
            </p>
          ) : (
            <ul className="max-h-80 overflow-y-auto">
              {notices.map((n, i) => (
                <li key={`${n.kind}-${n.order_id}-${i}`}>
                  <Link href={noticeHref(1, n)} className="focus-ring block rounded px-2 py-1.5 hover:bg-slate-50">
                    {noticeText(intl, n)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </PopoverPanel>
      </Popover>
    </div>
  );
}
