import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../app/session';
import { ShopLayout } from '../../shop/layout/ShopLayout';
import { LoginRedirect } from '../../shop/shared/LoginRedirect';
import { Avatar } from '../../ui/Avatar';

/**
 * The user centre frame (screens §3.20) inside the shop layout: the account on the left with the
 * menu of the user pages, the page on the right (stacked on a phone). Only pages that exist are
 * listed. A logged-out visitor goes to /login and comes back.
 */
/** The help centre's first article (the reference's default title). */
const HELP_HREF = `/user/article/${encodeURIComponent('帮助中心')}`;

export const USER_MENU: { group: string; items: { href: string; label: string }[] }[] = [
  {
    group: 'ucentre.menu.orders',
    items: [
      { href: '/user/orders', label: 'ucentre.menu.myOrders' },
      { href: '/user/chats', label: 'ucentre.menu.chats' },
      { href: '/user/address', label: 'ucentre.menu.address' },
      { href: '/user/comments', label: 'ucentre.menu.comments' },
    ],
  },
  {
    group: 'ucentre.menu.member',
    items: [
      { href: '/user', label: 'ucentre.menu.home' },
      { href: '/user/info', label: 'ucentre.menu.info' },
      { href: '/user/safe', label: 'ucentre.menu.safe' },
      { href: '/user/oauth', label: 'ucentre.menu.oauth' },
      { href: '/user/cashes', label: 'ucentre.menu.cashes' },
      { href: '/user/favorites', label: 'ucentre.menu.favorites' },
      { href: '/user/coupons', label: 'ucentre.menu.coupons' },
      { href: HELP_HREF, label: 'ucentre.menu.help' },
    ],
  },
  { group: 'ucentre.menu.pointsMall', items: [{ href: '/user/integral_order', label: 'ucentre.menu.points' }] },
  {
    group: 'ucentre.menu.assets',
    items: [
      { href: '/user/money', label: 'ucentre.menu.money' },
      { href: '/user/frozen_money', label: 'ucentre.menu.frozenMoney' },
      { href: '/user/integral', label: 'ucentre.menu.integral' },
    ],
  },
  {
    group: 'ucentre.menu.referralGroup',
    items: [
      { href: '/user/distribution', label: 'ucentre.menu.referral' },
      { href: '/user/distribution_users', label: 'ucentre.menu.referralUsers' },
      { href: '/user/distribution_logs', label: 'ucentre.menu.referralLogs' },
    ],
  },
];

/** The phone's sideways-scrolling menu shows the current page's entry (no vertical page scroll). */
function scrollActiveIntoView(nav: HTMLElement | null) {
  const link = nav?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return;
  const [box, item] = [nav.getBoundingClientRect(), link.getBoundingClientRect()];
  nav.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
}

/** The menu entry a path belongs to (an order's detail is under "my orders"). */
export const activeMenuHref = (path: string) =>
  path.startsWith('/user/order/comment') || path.startsWith('/user/comment/')
    ? '/user/comments'
    : path.startsWith('/user/order')
      ? '/user/orders'
      : path.startsWith('/user/integral_order')
        ? '/user/integral_order'
        : path.startsWith('/user/address')
          ? '/user/address'
          : path.startsWith('/user/safe')
            ? '/user/safe'
            : path.startsWith('/user/article/')
          ? HELP_HREF
          : path.replace(/\/+$/, '') || '/';

export function UserLayout({ title, children }: { title: string; children: ReactNode }) {
  const intl = useIntl();
  const { loggedIn, user } = useSession(2);
  const [path] = useLocation();
  useEffect(() => {
    document.title = `${title} - ${intl.formatMessage({ id: 'ucentre.title' })}`;
  }, [intl, title]);
  if (!loggedIn) return <LoginRedirect />;
  const name = user?.nickname || user?.username || '';
  const active = activeMenuHref(path);
  return (
    <ShopLayout>
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <aside className="w-full shrink-0 rounded-lg border border-slate-200 bg-white p-3 md:w-56 md:p-4">
          <div className="flex items-center gap-3 md:flex-col md:text-center">
            <Avatar
              src={typeof user?.avatar === 'string' ? user.avatar : undefined}
              name={name}
              className="h-10 w-10 rounded-full border border-slate-200 object-cover md:h-16 md:w-16"
              fallbackClassName="flex h-10 w-10 items-center justify-center rounded-full bg-brand/10 text-lg font-semibold text-brand md:h-16 md:w-16 md:text-2xl"
            />
            <p className="truncate text-sm font-medium text-slate-900">{name}</p>
          </div>
          {/* On a phone the menu is one row that scrolls sideways (the page stays in view); from md up, the grouped column. */}
          <nav
            ref={scrollActiveIntoView}
            aria-label={intl.formatMessage({ id: 'ucentre.menu.label' })}
            className="-mx-1 mt-3 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:mt-4 md:flex-col md:gap-3 md:overflow-visible md:px-0 md:pb-0"
          >
            {USER_MENU.map((group) => (
              <div key={group.group} className="contents md:block">
                <h2 className="mb-1 hidden text-xs font-semibold text-slate-600 md:block">
                  <FormattedMessage id={group.group} />
                </h2>
                <ul className="contents md:flex md:flex-col md:gap-1">
                  {group.items.map((item) => (
                    <li key={item.href} className="shrink-0">
                      <Link
                        href={item.href}
                        aria-current={active === item.href ? 'page' : undefined}
                        className={`focus-ring block whitespace-nowrap rounded px-2 py-1.5 text-sm ${
                          active === item.href ? 'bg-brand/10 font-medium text-brand' : 'text-slate-700 hover:text-brand'
                        }`}
                      >
                        <FormattedMessage id={item.label} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </aside>
        <section aria-labelledby="user-page-title" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h1 id="user-page-title" className="mb-4 text-lg font-semibold text-slate-900">
            {title}
          </h1>
          {children}
        </section>
      </div>
    </ShopLayout>
  );
}
