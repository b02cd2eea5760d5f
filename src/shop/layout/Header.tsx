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
      {/* Phones: logo, search and cart on one 48 px row (stacked they took ~250 px before any
          content, issue 15); from 768 px the reference's roomy row. */}
      <div className="mx-auto flex max-w-[1200px] items-center gap-2 px-2 py-1.5 md:flex-wrap md:gap-6 md:py-5">
        <Link href="/" className="focus-ring flex h-9 max-w-[30%] shrink-0 items-center rounded md:h-[74px] md:w-[242px] md:max-w-none" title={settings?.index_name || name}>
          {settings?.logo ? (
            <img src={settings.logo} alt={name} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="truncate text-lg font-bold tracking-wide text-brand md:text-3xl">{name}</span>
          )}
        </Link>
        <div className="flex min-w-0 flex-1 justify-center">
          <SearchBox />
        </div>
        <Link href="/carts" className="focus-ring flex h-9 shrink-0 items-center gap-1 rounded border border-slate-300 px-2 text-sm text-slate-800 hover:border-brand hover:text-brand md:h-auto md:gap-2 md:px-4 md:py-2">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 4h2l2.4 11h10.2L20 7H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" />
          </svg>
          <span className="max-md:sr-only">
            <FormattedMessage id="shop.header.cart" />
          </span>
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
