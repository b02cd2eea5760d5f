import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useHydrated } from '../../app/serverRender';
import { useSession } from '../../app/session';
import { useLater } from '../../app/useLater';
import { ensureMessages } from '../../app/i18n';
import { LanguageSwitch } from '../../app/IntlRoot';

/** Unread chats and live notices for a logged-in shopper: loaded after the page, with the chat texts. */
const ShopLive = lazy(() => Promise.all([import('../../chat/ShopLive'), ensureMessages('chat')]).then(([m]) => m));

const linkClass = 'focus-ring shrink-0 rounded px-1 whitespace-nowrap text-slate-700 hover:text-brand';

/** Top bar (screens §5.2): login state, user centre, logout, seller onboarding, language. */
export function TopBar() {
  const intl = useIntl();
  const session = useSession(2);
  // the server's HTML is everyone's: the login state shows once the page is hydrated
  const loggedIn = useHydrated() && session.loggedIn;
  const live = useLater(loggedIn);
  const nickname = session.user?.nickname || session.user?.username || '';
  return (
    <div className="border-b border-slate-200 bg-slate-100 text-xs">
      <div className="mx-auto flex h-8 max-w-[1200px] items-center justify-between px-2">
        <LanguageSwitch hover="hover:text-brand" />
        {/* one line at 390 px in both languages (it wrapped logged in, issue 12): a long name is cut with its full text on hover */}
        <nav aria-label={intl.formatMessage({ id: 'shop.top.account' })} className="flex min-w-0 items-center gap-1.5 sm:gap-3">
          {loggedIn ? (
            <>
              <Link href="/" title={nickname} className="focus-ring min-w-0 truncate rounded px-1 text-brand max-sm:max-w-[6.5rem]">
                {/* phones: the name alone ("Welcome, …" left only "We…") */}
                <span className="sm:hidden">{nickname}</span>
                <span className="max-sm:hidden">
                  <FormattedMessage id="shop.top.welcome" values={{ name: nickname }} />
                </span>
              </Link>
              <Link href="/user" className={linkClass}>
                <FormattedMessage id="shop.top.userCenter" />
              </Link>
              {live && (
                <Suspense fallback={null}>
                  <ShopLive />
                </Suspense>
              )}
              <button type="button" className={linkClass} onClick={() => session.send({ type: 'LOGOUT' })}>
                <FormattedMessage id="shop.top.logout" />
              </button>
            </>
          ) : (
            <>
              <Link href="/login" className={linkClass}>
                <FormattedMessage id="shop.top.login" />
              </Link>
              <Link href="/register" className={linkClass}>
                <FormattedMessage id="shop.top.register" />
              </Link>
            </>
          )}
          <Link href="/store/join" className="focus-ring shrink-0 rounded px-1 whitespace-nowrap text-brand">
            <FormattedMessage id="shop.top.join" />
          </Link>
        </nav>
      </div>
    </div>
  );
}
