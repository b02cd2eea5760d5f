import { useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
// The class list the home page pins open; the build keeps the home page's modules, this one among
// them, in the storefront's shared chunk (vite.config.ts), so other pages open it without a fetch.
import { ClassMenu } from '../home/ClassFlyout';

const bar = 'h-9 w-full items-center justify-between gap-2 whitespace-nowrap bg-brand px-3 text-sm font-semibold text-white md:h-10 md:px-4';

/**
 * The nav row of every shop page (screens §5.3): 全部商品分类 and links to the pages that exist
 * (首页, 店铺街). The home page pins the class list open beside its banner (`classMenu`, wide
 * screens). Elsewhere the button works like a menu button: focus alone does not open the list;
 * Enter or Space toggle it, ArrowDown opens it (and moves into it once loaded); hover or a click
 * opens it for a pointer; it closes when the pointer or the focus leaves, on Escape (focus back
 * on the button) or a followed link.
 */
export function ShopNav({ classMenu }: { classMenu?: ReactNode }) {
  const intl = useIntl();
  const [location] = useLocation();
  // 0: never opened (the list is not loaded), 1: closed, 2: open
  const [state, setState] = useState(0);
  const open = state === 2;
  const button = useRef<HTMLButtonElement>(null);
  const show = () => setState(2);
  const hide = () => setState((s) => s && 1);
  const link = (path: string, id: string) => (
    <li>
      <Link href={path} aria-current={location === path ? 'page' : undefined} className="focus-ring rounded underline-offset-4 hover:text-brand hover:underline aria-[current]:text-brand aria-[current]:underline">
        <FormattedMessage id={id} />
      </Link>
    </li>
  );
  return (
    <div className="border-b-2 border-brand bg-white">
      <div className="mx-auto flex max-w-[1200px] gap-3 px-2 sm:gap-6">
        <div
          className="relative min-w-[140px] shrink-0 md:w-[200px]"
          onMouseEnter={show}
          onMouseLeave={hide}
          onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && hide()}
          onKeyDown={(e) => e.key === 'Escape' && (hide(), button.current?.focus())}
        >
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls="class-flyout-panel"
            // a pointer's click comes after its hover opened the list; Enter or Space toggles it
            onClick={(e) => (e.detail || !open ? show() : hide())}
            onKeyDown={(e) => e.key === 'ArrowDown' && (e.preventDefault(), show(), e.currentTarget.parentElement!.querySelector<HTMLElement>('nav a')?.focus())}
            className={`focus-ring flex ${bar} ${classMenu ? 'lg:hidden' : ''}`}
          >
            <FormattedMessage id="shop.home.allClasses" />
            <span aria-hidden="true">▾</span>
          </button>
          {classMenu && (
            <p aria-hidden="true" className={`hidden ${bar} lg:flex`}>
              <FormattedMessage id="shop.home.allClasses" />
            </p>
          )}
          <nav
            id="class-flyout-panel"
            aria-label={intl.formatMessage({ id: 'shop.home.allClasses' })}
            className={`${open ? '' : 'hidden'} ${classMenu ? 'lg:block lg:h-[450px]' : ''} absolute top-full left-0 z-40 w-[calc(100vw-16px)] max-w-[1184px] shadow-lg lg:w-[200px]`}
          >
            {classMenu ?? (state > 0 && <ClassMenu onFollow={hide} />)}
          </nav>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'shop.nav.main' })} className="flex min-w-0 items-center overflow-x-auto">
          <ul className="flex gap-4 py-1 text-sm font-medium whitespace-nowrap text-slate-800 sm:gap-6">
            {link('/', 'shop.nav.home')}
            {link('/stores', 'shop.nav.stores')}
            {link('/seckills', 'shop.nav.seckills')}
            {link('/collectives', 'shop.nav.collectives')}
            {link('/integral', 'shop.nav.points')}
          </ul>
        </nav>
      </div>
    </div>
  );
}
