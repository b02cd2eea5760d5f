import { FormattedMessage, useIntl } from 'react-intl';
import { localName } from '../../../machines/localName';
import { Link } from 'wouter';
import { loadPointsHome } from '../../api/points';
import { useSession } from '../../app/session';
import { Empty } from '../../ui/Empty';
import { ShopLayout } from '../layout/ShopLayout';
import { LoadFailed, Loading } from '../shared/States';
import { useResource } from '../shared/useResource';
import { Points, PointsGrid } from './PointsCard';
import { searchHref } from './searchHref';
import { usePageTitle } from './usePageTitle';

/** The points mall home (/integral, screens §3.13, its broken class links fixed): the shopper's points, recommended goods, goods per class. */
export default function PointsHome() {
  usePageTitle('shop.points.title');
  const { locale } = useIntl();
  const { loggedIn, user } = useSession(2);
  const home = useResource('integral-home', loadPointsHome);
  return (
    <ShopLayout>
      <section className="mb-6 flex flex-col gap-3 rounded-lg bg-gradient-to-r from-brand to-orange-400 p-5 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold">
            <FormattedMessage id="shop.points.title" />
          </h1>
          <p className="mt-1 text-sm text-white/90">
            <FormattedMessage id="shop.points.slogan" />
          </p>
        </div>
        <div className="text-sm">
          {loggedIn ? (
            <p>
              <FormattedMessage id="shop.points.mine" values={{ points: <Points value={String(user?.integral ?? '0')} className="text-lg font-bold text-white" /> }} />{' '}
              <Link href="/user/integral_order" className="focus-ring ml-2 underline">
                <FormattedMessage id="shop.points.myOrders" />
              </Link>
            </p>
          ) : (
            <Link href="/login" className="focus-ring rounded bg-white px-4 py-1.5 font-medium text-brand">
              <FormattedMessage id="shop.points.login" />
            </Link>
          )}
        </div>
      </section>
      {home.status === 'loading' && !home.data && <Loading />}
      {home.status === 'failed' && <LoadFailed message={home.message} onRetry={home.reload} />}
      {home.data && (
        <>
          <section aria-labelledby="points-hot" className="mb-8">
            <div className="mb-3 flex items-center justify-between">
              <h2 id="points-hot" className="text-lg font-semibold text-slate-900">
                <FormattedMessage id="shop.points.hot" />
              </h2>
              <Link href={searchHref({})} className="focus-ring text-sm text-brand hover:underline">
                <FormattedMessage id="shop.points.more" />
              </Link>
            </div>
            {home.data.recommend.length ? <PointsGrid goods={home.data.recommend} /> : <Empty />}
          </section>
          {home.data.list.map((cls) => (
            <section key={cls.id} aria-labelledby={`points-class-${cls.id}`} className="mb-8">
              <div className="mb-3 flex items-center justify-between">
                <h2 id={`points-class-${cls.id}`} className="text-lg font-semibold text-slate-900">
                  {localName(cls, locale)}
                </h2>
                <Link href={searchHref({ cid: cls.id })} className="focus-ring text-sm text-brand hover:underline">
                  <FormattedMessage id="shop.points.more" />
                </Link>
              </div>
              <PointsGrid goods={cls.integral_goods} />
            </section>
          ))}
        </>
      )}
    </ShopLayout>
  );
}
