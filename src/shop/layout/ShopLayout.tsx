import { useEffect, type ReactNode } from 'react';
import { markHydrated } from '../../app/serverRender';
import { Footer } from './Footer';
import { Header } from './Header';
import { TopBar } from './TopBar';

/** Storefront frame (screens §5.1): top bar, header, page, footer. */
export function ShopLayout({ children, hideHeader = false }: { children: ReactNode; hideHeader?: boolean }) {
  useEffect(markHydrated, []);
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      {!hideHeader && <Header />}
      <main id="main" className="mx-auto w-full max-w-[1200px] flex-1 px-2 py-6">
        {children}
      </main>
      <Footer />
    </div>
  );
}
