import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { AreaIndex } from '../../../machines/areas';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { LanguageSwitch } from '../../app/i18n';
import { Breadcrumb } from './Breadcrumb';
import { Sidebar } from './Sidebar';
import { StoreClosedNotice } from './StoreClosedNotice';
import { isPhoneWide } from './shellActor';
import { Tabs } from './Tabs';
import { UserMenu } from './UserMenu';
import { useShell } from './useShell';

const UserInfoDialog = lazy(() => import('./UserInfoDialog'));

export interface ShellProps {
  area: AreaIndex;
  children?: ReactNode;
  /** Drop the title line above the page. */
  hideTitle?: boolean;
  /** Render the page without the card frame (title, divider, padding). */
  hideFrame?: boolean;
}

/** Back-office shell (spec §2): tabs, collapsible sidebar, title, breadcrumb, user dropdown. */
export function Shell({ area, children, hideTitle = false, hideFrame = false }: ShellProps) {
  const intl = useIntl();
  const actor = useShell(area);
  const [path] = useLocation();
  const collapsed = useSelector(actor, (s) => s.matches({ sidebar: 'collapsed' }));
  const title = useSelector(actor, (s) => s.context.routeMenuName);
  const breadcrumb = useSelector(actor, (s) => s.context.breadcrumb);
  const dialogActive = useSelector(actor, (s) => !s.matches({ userDialog: 'closed' }));
  const systemName = intl.formatMessage({ id: area === 0 ? 'shell.adminSystem' : 'shell.sellerSystem' });

  return (
    <div className="flex h-screen overflow-hidden bg-slate-100">
      {/* On phones the sidebar is a drawer: closed it takes no room (a 63 px rail of icons showed
          bare dots for the entries that have none, and left the page 327 px); open it lies over
          the page, 200 px wide with the entries' names, with a backdrop that closes it; following
          a link closes it too. From 768 px it is a column, 63 px or 200 px. */}
      <div className={`relative shrink-0 transition-[width] duration-200 ${collapsed ? 'w-0 md:w-[63px]' : 'w-0 md:w-[200px]'}`}>
        <aside
          data-testid="sidebar"
          onClick={(e) => {
            if (!collapsed && isPhoneWide() && (e.target as Element).closest('a')) actor.send({ type: 'SIDEBAR.TOGGLE' });
          }}
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
      {!collapsed && (
        <div data-testid="sidebar-backdrop" aria-hidden="true" onClick={() => actor.send({ type: 'SIDEBAR.TOGGLE' })} className="fixed inset-0 z-30 bg-slate-900/30 md:hidden" />
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-[60px] shrink-0 items-stretch gap-2 border-b border-slate-200 bg-white pr-4">
          <button
            type="button"
            aria-expanded={!collapsed}
            aria-controls={`sidebar-${area}`}
            aria-label={intl.formatMessage({ id: collapsed ? 'shell.expand' : 'shell.collapse' })}
            onClick={() => actor.send({ type: 'SIDEBAR.TOGGLE' })}
            className="focus-ring flex w-12 shrink-0 items-center justify-center text-slate-700 hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 transition-transform ${collapsed ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h10M4 18h16M20 9l-3 3 3 3" />
            </svg>
          </button>
          <Tabs actor={actor} />
          {/* on phones a rule between the scrolling tabs and the header's own controls */}
          <div className="flex shrink-0 items-center gap-2 text-sm max-md:border-l max-md:border-slate-200 max-md:pl-2">
            <LanguageSwitch hover="hover:text-office" />
            <UserMenu area={area} actor={actor} />
          </div>
        </header>

        <main id="main" className="min-h-0 flex-1 overflow-auto p-4">
          <div className="mb-3">
            <Breadcrumb names={breadcrumb} />
          </div>
          {area === 1 && <StoreClosedNotice />}
          <div key={path} className="fade-in">
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
                    key={path}
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
