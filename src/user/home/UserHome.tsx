import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fetchUser } from '../../api/auth';
import { pointsText } from '../../api/points';
import { favoriteGoodsOf, loadUserDefault, rowsOf } from '../../api/userOrders';
import { useSession } from '../../app/session';
import { Price } from '../../shop/shared/Price';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { OrderCard } from '../orders/OrderCard';
import { StatusText } from '../orders/orderBits';
import { ordersHref } from '../orders/ordersQuery';

/** `count` of GET /api/user/default: states 1..5, in this order. */
const SHORTCUT_STATES = [1, 2, 3, 4, 5];

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-4">
      <span className="text-xs text-slate-600">{label}</span>
      <span className="text-lg">{children}</span>
    </div>
  );
}

function Home() {
  const intl = useIntl();
  const { user } = useSession(2);
  const account = useResource('user-info', () => fetchUser(2, { quiet: true }));
  const home = useResource('user-default', loadUserDefault);
  const profile = { ...user, ...account.data };
  const name = String(profile.nickname || profile.username || '');
  const money = (key: string) => (typeof profile[key] === 'string' || typeof profile[key] === 'number' ? (profile[key] as string | number) : '0');
  const orders = rowsOf(home.data?.order).slice(0, 5);
  const favs = rowsOf(home.data?.fav).slice(0, 6).map(favoriteGoodsOf);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-base text-slate-900">
        <FormattedMessage id="ucentre.home.greeting" values={{ name }} />
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Tile label={intl.formatMessage({ id: 'ucentre.home.balance' })}>
          <Price value={money('money')} />
        </Tile>
        <Tile label={intl.formatMessage({ id: 'ucentre.home.frozen' })}>
          <Price value={money('frozen_money')} className="text-slate-900" />
        </Tile>
        <Tile label={intl.formatMessage({ id: 'ucentre.home.integral' })}>
          <span className="text-slate-900">{pointsText(String(profile.integral ?? 0))}</span>
        </Tile>
      </div>
      <nav aria-label={intl.formatMessage({ id: 'ucentre.home.shortcuts' })}>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {SHORTCUT_STATES.map((status, index) => {
            const count = Number(home.data?.count?.[index] ?? 0);
            return (
              <li key={status}>
                <Link href={ordersHref({ status, keywords: '', page: 1 })} className="focus-ring relative flex flex-col items-center gap-1 rounded-lg border border-slate-200 px-2 py-3 text-sm text-slate-800 hover:border-brand hover:text-brand">
                  <StatusText status={status} />
                  <span className={`text-base font-semibold ${count > 0 ? 'text-brand' : 'text-slate-500'}`}>{count > 99 ? '99+' : count}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="user-home-orders">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="user-home-orders" className="text-sm font-semibold text-slate-900">
            <FormattedMessage id="ucentre.home.recentOrders" />
          </h2>
          <Link href="/user/orders" className="focus-ring rounded text-sm text-brand hover:underline">
            <FormattedMessage id="ucentre.home.more" />
          </Link>
        </div>
        {home.status === 'failed' && <LoadFailed message={home.message} onRetry={home.reload} />}
        {!home.data && home.status === 'loading' && (
          <div className="flex justify-center py-6 text-slate-500">
            <Spinner />
          </div>
        )}
        {home.data && orders.length === 0 && (
          <Empty>
            <FormattedMessage id="ucentre.orders.empty" />
          </Empty>
        )}
        <div className="flex flex-col gap-3">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </div>
      </section>
      {favs.length > 0 && (
        <section aria-labelledby="user-home-favs">
          <div className="mb-2 flex items-center justify-between">
            <h2 id="user-home-favs" className="text-sm font-semibold text-slate-900">
              <FormattedMessage id="ucentre.home.recentFavorites" />
            </h2>
            <Link href="/user/favorites" className="focus-ring rounded text-sm text-brand hover:underline">
              <FormattedMessage id="ucentre.home.more" />
            </Link>
          </div>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
            {favs.map((fav) => (
              <li key={fav.id}>
                <Link href={`/goods/${fav.out_id}`} className="focus-ring block rounded text-xs text-slate-800 hover:text-brand">
                  <img src={fav.goods_master_image} alt="" width={150} height={150} loading="lazy" className="aspect-square w-full rounded border border-slate-200 bg-slate-100 object-cover" />
                  <span className="mt-1 line-clamp-2">{fav.goods_name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** /user (screens §3.21, its dead links fixed): greeting, balance, counts per order state, recent orders and favourites. */
export default function UserHome() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.home' })}>
      <Home />
    </UserLayout>
  );
}
