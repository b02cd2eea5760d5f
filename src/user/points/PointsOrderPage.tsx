import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams, useSearch } from 'wouter';
import { loadPointsOrder, pointsText } from '../../api/points';
import { Img } from '../../shop/shared/Img';
import { thumb } from '../../shop/shared/money';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { PointsStatus } from './PointsStatus';

/** /user/integral_order/<id> — one points order: goods, points, receiver, shipping. */
export default function PointsOrderPage() {
  const intl = useIntl();
  const { id: raw } = useParams<{ id: string }>();
  const id = /^\d{1,9}$/.test(raw ?? '') ? Number(raw) : 0;
  const redeemed = new URLSearchParams(useSearch()).get('redeemed') === '1';
  const order = useResource(id ? `user-integral:${id}` : null, () => loadPointsOrder(id));
  useEffect(() => {
    if (redeemed) toast.success(intl.formatMessage({ id: 'ucentre.points.redeemed' }));
  }, [redeemed, intl]);
  const o = order.data;
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.points.detailTitle' })}>
      <p className="mb-4 text-sm">
        <Link href="/user/integral_order" className="focus-ring text-brand hover:underline">
          <FormattedMessage id="ucentre.points.backToList" />
        </Link>
      </p>
      {(!id || order.status === 'missing') && (
        <p role="alert" className="text-sm text-slate-700">
          <FormattedMessage id="ucentre.points.missing" />
        </p>
      )}
      {order.status === 'failed' && <LoadFailed message={order.message} onRetry={order.reload} />}
      {!o && order.status === 'loading' && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {o && (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-4">
            <div className="w-20 shrink-0">
              <Img src={thumb(o.order_image, 150)} alt="" width={80} height={80} />
            </div>
            <div className="min-w-[10rem] flex-1">
              <Link href={`/integral/goods/${o.goods_id}`} className="focus-ring text-sm font-medium text-slate-900 hover:text-brand">
                {o.order_name}
              </Link>
              <p className="text-xs text-slate-600">
                <FormattedMessage id="ucentre.points.unit" values={{ points: pointsText(o.goods_price), qty: o.buy_num }} />
              </p>
            </div>
            <PointsStatus status={o.order_status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-slate-200 p-4 text-sm">
            <dt className="text-slate-600"><FormattedMessage id="ucentre.points.no" /></dt>
            <dd className="break-all text-slate-900">{o.order_no}</dd>
            <dt className="text-slate-600"><FormattedMessage id="ucentre.points.total" /></dt>
            <dd className="font-semibold text-brand" data-testid="points-order-total">{pointsText(o.total_price)}</dd>
            <dt className="text-slate-600"><FormattedMessage id="ucentre.points.receiver" /></dt>
            <dd className="text-slate-900">{`${o.receive_name} ${o.receive_tel}`}</dd>
            <dt className="text-slate-600"><FormattedMessage id="ucentre.points.address" /></dt>
            <dd className="text-slate-900">{`${o.receive_area} ${o.receive_address}`}</dd>
            {o.remark && (
              <>
                <dt className="text-slate-600"><FormattedMessage id="ucentre.points.remark" /></dt>
                <dd className="text-slate-900">{o.remark}</dd>
              </>
            )}
            <dt className="text-slate-600"><FormattedMessage id="ucentre.points.time" /></dt>
            <dd className="text-slate-900">{o.created_at}</dd>
            <dt className="text-slate-600"><FormattedMessage id="ucentre.points.shipping" /></dt>
            <dd className="text-slate-900" data-testid="points-order-shipping">
              {o.delivery_no ? `${o.delivery_name || o.delivery_code} ${o.delivery_no} · ${o.delivery_time ?? ''}` : <FormattedMessage id="ucentre.points.notShipped" />}
            </dd>
          </dl>
        </div>
      )}
    </UserLayout>
  );
}
