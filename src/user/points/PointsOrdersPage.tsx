import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { loadPointsOrders, pointsText } from '../../api/points';
import { Img } from '../../shop/shared/Img';
import { thumb } from '../../shop/shared/money';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { PointsStatus } from './PointsStatus';

export const PER_PAGE = 10;

/** /user/integral_order — the shopper's points orders, newest first (reference §1.5, user-scoped). */
export default function PointsOrdersPage() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const orders = useResource(`user-integrals:${page}`, () => loadPointsOrders({ page, per_page: PER_PAGE }));
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.points.title' })}>
      <p className="mb-4 text-sm">
        <Link href="/integral" className="focus-ring text-brand hover:underline">
          <FormattedMessage id="ucentre.points.toMall" />
        </Link>
      </p>
      {orders.status === 'failed' && <LoadFailed message={orders.message} onRetry={orders.reload} />}
      {!orders.data && orders.status === 'loading' && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {orders.data &&
        (orders.data.data.length === 0 ? (
          <Empty>
            <FormattedMessage id="ucentre.points.empty" />
          </Empty>
        ) : (
          <>
            <ul className="flex flex-col gap-3" aria-label={intl.formatMessage({ id: 'ucentre.points.title' })}>
              {orders.data.data.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3">
                  <div className="w-16 shrink-0">
                    <Img src={thumb(order.order_image, 150)} alt="" width={64} height={64} />
                  </div>
                  <div className="min-w-[10rem] flex-1">
                    <Link href={`/user/integral_order/${order.id}`} className="focus-ring block truncate text-sm font-medium text-slate-900 hover:text-brand">
                      {order.order_name}
                    </Link>
                    <p className="break-all text-xs text-slate-600">
                      <FormattedMessage id="ucentre.points.orderNo" values={{ no: order.order_no }} /> · {order.created_at}
                    </p>
                  </div>
                  <p className="text-sm text-slate-800">
                    <FormattedMessage id="ucentre.points.line" values={{ qty: order.buy_num, total: pointsText(order.total_price), count: Number(order.total_price) }} />
                  </p>
                  <PointsStatus status={order.order_status} />
                </li>
              ))}
            </ul>
            <div className="mt-4">
              <Pagination page={page} perPage={PER_PAGE} total={orders.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => undefined} />
            </div>
          </>
        ))}
    </UserLayout>
  );
}
