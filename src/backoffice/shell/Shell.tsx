import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { AreaIndex } from '../../../machines/areas';
import { Drawer } from '../../ui/Drawer';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { ensureMessages } from '../../app/i18n';
import { useLater } from '../../app/useLater';
import { pageKeyOf } from '../../app/backofficeRoutes';
import { LanguageSwitch } from '../../app/IntlRoot';
import { Breadcrumb } from './Breadcrumb';
import { Sidebar } from './Sidebar';
import { StoreClosedNotice } from './StoreClosedNotice';
import { Tabs } from './Tabs';
import { UserMenu } from './UserMenu';
import { usePhoneWide, useShell } from './useShell';

const UserInfoDialog = lazy(() => import('./UserInfoDialog'));
/** The seller centre's live notices and unread chats (src/chat), with their messages. */
const LiveBell = lazy(() => Promise.all([import('../../chat/LiveBell'), ensureMessages('chat')]).then(([module]) => module));

export interface ShellProps {
  area: AreaIndex;
  children?: ReactNode;
  /** Drop the title line above the page. */
  hideTitle?: boolean;
  /** Render the page without the card frame (title, divider, padding). */
  hideFrame?: boolean;
}

/** The menu button's icon: its arrow points out to open the sidebar, in to close it. */
function ToggleIcon({ collapsed }: { collapsed: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 transition-transform ${collapsed ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h10M4 18h16M20 9l-3 3 3 3" />
    </svg>
  );
}

/** Back-office shell (spec §2): tabs, collapsible sidebar (a drawer on phones), title, breadcrumb, user dropdown. */
export function Shell({ area, children, hideTitle = false, hideFrame = false }: ShellProps) {
  const intl = useIntl();
  const actor = useShell(area);
  const [path] = useLocation();
  // the seller centre's live corner comes after the page (src/chat/LiveBell.tsx)
  const live = useLater(area === 1);
  // the tabs of one page (settings groups at their own addresses) keep the page mounted
  const pageKey = pageKeyOf(area, path);
  const collapsed = useSelector(actor, (s) => s.matches({ sidebar: 'collapsed' }));
  const title = useSelector(actor, (s) => s.context.routeMenuName);
  const breadcrumb = useSelector(actor, (s) => s.context.breadcrumb);
  const dialogActive = useSelector(actor, (s) => !s.matches({ userDialog: 'closed' }));
  const systemName = intl.formatMessage({ id: area === 0 ? 'shell.adminSystem' : 'shell.sellerSystem' });
  const phone = usePhoneWide();
  // Escape, the backdrop, the close button and a followed link close the drawer (once, whichever comes first)
  const closeDrawer = () => {
    if (!actor.getSnapshot().matches({ sidebar: 'collapsed' })) actor.send({ type: 'SIDEBAR.TOGGLE' });
  };
  // a window narrowed to a phone's width starts with the drawer closed, as a phone does (an open
  // 200 px column would otherwise become an open modal drawer)
  useEffect(() => {
    if (phone && !actor.getSnapshot().matches({ sidebar: 'collapsed' })) actor.send({ type: 'SIDEBAR.TOGGLE' });
  }, [phone, actor]);

  return (
    <div className="flex h-screen overflow-hidden bg-slate-100">
      {/* On phones the sidebar is a drawer (a modal dialog): closed it takes no room (a 63 px rail
          of icons showed bare dots for the entries that have none, and left the page 327 px); open
          it lies over the page, 200 px wide with the entries' names, focus inside it; Escape, the
          backdrop, its own close button (where the menu button is, which it covers) or a followed
          link close it, and focus goes back to the menu button. From 768 px it is a column,
          63 px or 200 px. */}
      {phone ? (
        <Drawer
          open={!collapsed}
          onClose={closeDrawer}
          label={intl.formatMessage({ id: 'shell.sidebar' })}
          testId="sidebar"
          panelClass="w-[200px] bg-slate-800 text-white"
        >
          <div className="flex h-[60px] shrink-0 items-center gap-2 overflow-hidden border-b border-slate-700 pr-4">
            <button
              type="button"
              data-autofocus
              aria-label={intl.formatMessage({ id: 'shell.closeMenu' })}
              onClick={closeDrawer}
              className="focus-ring flex h-full w-12 shrink-0 items-center justify-center text-slate-200 hover:bg-slate-700 hover:text-white"
            >
              <ToggleIcon collapsed={false} />
            </button>
            <span title={systemName} className="line-clamp-2 text-sm leading-tight font-semibold">
              {systemName}
            </span>
          </div>
          <div
            id={`sidebar-drawer-${area}`}
            onClick={(e) => {
              if ((e.target as Element).closest('a')) closeDrawer();
            }}
            className="min-h-0 flex-1 overflow-y-auto"
          >
            <Sidebar actor={actor} collapsed={false} />
          </div>
        </Drawer>
      ) : (
        <div className={`relative shrink-0 transition-[width] duration-200 ${collapsed ? 'w-0 md:w-[63px]' : 'w-0 md:w-[200px]'}`}>
          <aside
            data-testid="sidebar"
            className={`absolute inset-y-0 left-0 z-40 flex flex-col bg-slate-800 text-white transition-[width] duration-200 ${collapsed ? 'w-[63px] max-md:hidden' : 'w-[200px] max-md:shadow-xl'}`}
          >
            <div className="flex h-[60px] shrink-0 items-center gap-2 overflow-hidden border-b border-slate-700 px-4">
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded bg-office font-bold">
                S
              </span>
              <span title={systemName} className={collapsed ? 'sr-only' : 'line-clamp-2 text-sm leading-tight font-semibold'}>
                {systemName}
              </span>
            </div>
            <div id={`sidebar-${area}`} className="min-h-0 flex-1 overflow-y-auto">
              <Sidebar actor={actor} collapsed={collapsed} />
            </div>
          </aside>
        </div>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-[60px] shrink-0 items-stretch gap-1 border-b border-slate-200 bg-white pr-2 sm:gap-2 sm:pr-4">
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-controls={phone ? (collapsed ? undefined : `sidebar-drawer-${area}`) : `sidebar-${area}`}
            aria-haspopup={phone ? 'dialog' : undefined}
            aria-label={intl.formatMessage({ id: collapsed ? 'shell.expand' : 'shell.collapse' })}
            onClick={() => actor.send({ type: 'SIDEBAR.TOGGLE' })}
            className="focus-ring flex w-10 shrink-0 items-center justify-center text-slate-700 hover:bg-slate-100 sm:w-12"
          >
            <ToggleIcon collapsed={collapsed} />
          </button>
          <Tabs actor={actor} folded={phone} />
          {/* on phones a rule between the scrolling tabs and the header's own controls */}
          <div className="flex shrink-0 items-center gap-1 text-sm max-md:border-l max-md:border-slate-200 max-md:pl-1 sm:gap-2">
            {live && (
              <ErrorBoundary fallback={null}>
                <Suspense fallback={null}>
                  <LiveBell />
                </Suspense>
              </ErrorBoundary>
            )}
            <LanguageSwitch hover="hover:text-office" />
            <UserMenu area={area} actor={actor} />
          </div>
        </header>

        <main id="main" className="min-h-0 flex-1 overflow-auto p-4">
          <div className="mb-3">
            <Breadcrumb names={breadcrumb} />
          </div>
          {area === 1 && <StoreClosedNotice />}
          <div key={pageKey} className="fade-in">
            {hideFrame ? (
              children
            ) : (
              <section aria-labelledby={hideTitle ? undefined : 'page-title'} className="rounded-lg border border-slate-200 bg-white shadow-sm">
                {!hideTitle && (
                  <>
                    <h1 id="page-title" className="px-5 pt-4 pb-3 text-base font-semibold text-slate-900">
                      {title || <FormattedMessage id="shell.menuName" />}
                    </h1>
                    <hr className="border-slate-200" />
                  </>
                )}
                <div className="p-5">
                  <ErrorBoundary
                    key={pageKey}
                    fallback={
                      <p role="alert" className="text-sm text-red-800">
                        <FormattedMessage id="shell.pageFailed" />
                      </p>
                    }
                  >
                    {children}
                  </ErrorBoundary>
                </div>
              </section>
            )}
          </div>
        </main>
      </div>
      {dialogActive && (
        <Suspense fallback={null}>
          <UserInfoDialog area={area} actor={actor} />
        </Suspense>
      )}
    </div>
  );
}
