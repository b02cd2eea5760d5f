import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ChunkFailed } from '../../app/lazyPage';
import { markHydrated } from '../../app/serverRender';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { TopBar } from './TopBar';

/**
 * Storefront frame (screens §5.1): top bar, header with the nav row, page, footer. The home page
 * gives the class list it pins open under the nav row (`classMenu`), its banner right beside it.
 * A page that throws while rendering is confined to the page (ErrorBoundary).
 */
export function ShopLayout({ children, hideHeader = false, classMenu }: { children: ReactNode; hideHeader?: boolean; classMenu?: ReactNode }) {
  useEffect(markHydrated, []);
  const [location] = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      {!hideHeader && <Header classMenu={classMenu} />}
      <main id="main" className={`mx-auto w-full max-w-[1200px] flex-1 px-2 py-6 ${classMenu ? 'lg:pt-0' : ''}`}>
        {/* A page that throws shows "failed to load, refresh" inside the frame (header, footer and
            navigation keep working) instead of blanking the shop; the next address tries again.
            resetKey, not key: a page that serves several addresses (the join wizard's steps) keeps
            its state when the address changes. */}
        <ErrorBoundary resetKey={location} fallback={<ChunkFailed />}>
          {children}
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
