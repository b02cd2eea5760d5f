import { useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useSession } from '../../app/session';
import { refreshCartCount, useCommon } from './commonStore';
import { SearchBox } from './SearchBox';
import { ShopNav } from './ShopNav';

/** Logo (common.logo or a text logo with web_name), search box, cart link with count; the nav row below. */
export function Header({ classMenu }: { classMenu?: ReactNode }) {
  const { data, cart } = useCommon();
  const session = useSession(2);
  useEffect(() => {
    void refreshCartCount();
  }, [session.loggedIn]);
  const settings = data?.common;
  const name = settings?.web_name || 'Souk';
  return (
    <header className="bg-white">
      <div className="mx-auto flex max-w-[1200px] flex-wrap items-center gap-6 px-2 py-5">
        <Link href="/" className="focus-ring flex h-[74px] w-[242px] items-center rounded" title={settings?.index_name || name}>
          {settings?.logo ? (
            <img src={settings.logo} alt={name} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-3xl font-bold tracking-wide text-brand">{name}</span>
          )}
        </Link>
        <div className="flex flex-1 justify-center">
          <SearchBox />
        </div>
        <Link href="/carts" className="focus-ring flex items-center gap-2 rounded border border-slate-300 px-4 py-2 text-sm text-slate-800 hover:border-brand hover:text-brand">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 4h2l2.4 11h10.2L20 7H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" />
          </svg>
          <FormattedMessage id="shop.header.cart" />
          <span data-testid="cart-count" className="rounded-full bg-brand px-2 text-xs text-white">
            <span className="sr-only">
              <FormattedMessage id="shop.header.cartCount" />
            </span>
            {cart}
          </span>
        </Link>
      </div>
      <ShopNav classMenu={classMenu} />
    </header>
  );
}
