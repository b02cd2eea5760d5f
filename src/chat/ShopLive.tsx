import { useEffect, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { toast } from '../ui/toast';
import { chatLive } from './live';
import { noticeText } from './noticeText';

/**
 * The storefront's live corner for a logged-in shopper (issue 27), loaded after the page: the
 * unread chat badge linking to the conversations, and a toast for each notice (its order shipped,
 * its after-sale answered), which the order pages also follow (src/app/liveNotices.ts).
 */
export default function ShopLive() {
  const intl = useIntl();
  const live = chatLive(2);
  const unread = useSyncExternalStore(live.unread.subscribe, live.unread.get);
  useEffect(() => live.onNotice((n) => toast.info(noticeText(intl, n))), [live, intl]);
  return (
    <Link href="/user/chats" className="focus-ring relative shrink-0 rounded px-1 whitespace-nowrap text-slate-700 hover:text-brand" aria-label={intl.formatMessage({ id: 'chat.unreadLink' }, { count: unread })} data-testid="shop-chat-link">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="inline h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      {unread > 0 && (
        <span aria-hidden="true" className="absolute -right-1.5 -top-1 min-w-[1rem] rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 text-white" data-testid="shop-chat-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
