import { useEffect, type ReactNode } from 'react';
import { markHydrated } from '../../app/serverRender';
import { Footer } from './Footer';
import { Header } from './Header';
import { TopBar } from './TopBar';

/**
 * Storefront frame (screens §5.1): top bar, header with the nav row, page, footer. The home page
 * gives the class list it pins open under the nav row (`classMenu`), its banner right beside it.
 */
export function ShopLayout({ children, hideHeader = false, classMenu }: { children: ReactNode; hideHeader?: boolean; classMenu?: ReactNode }) {
  useEffect(markHydrated, []);
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      {!hideHeader && <Header classMenu={classMenu} />}
      <main id="main" className={`mx-auto w-full max-w-[1200px] flex-1 px-2 py-6 ${classMenu ? 'lg:pt-0' : ''}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
