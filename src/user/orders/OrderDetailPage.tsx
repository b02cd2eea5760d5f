import { SHOPPER_NOTICES, useLiveRefresh } from '../../app/liveNotices';
import { ContactStore } from '../../shop/shared/ContactStore';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { loadOrder, type OrderDetail, type OrderLog } from '../../api/userOrders';
import { rowIdOf } from '../../shop/shared/params';
import { Price } from '../../shop/shared/Price';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { ParcelTrace } from '../../tracking/ParcelTrace';
import { UserLayout } from '../layout/UserLayout';
import { OrderButtons } from './OrderCard';
import { LogNote } from './LogNote';
import { LineRow, PaymentName, StatusTag, StatusText } from './orderBits';
import { OrderActionDialogs, useOrderActions } from './useOrderActions';

const LOG_ACTIONS = ['create', 'pay', 'cancel', 'ship', 'receive', 'comment', 'afterSale', 'afterSaleDone', 'refund', 'refund_agree', 'refund_ship_back', 'refund_arrive', 'backToPaid', 'backToShipped', 'backToReceived', 'groupFailed'];
const ACTORS = ['user', 'seller', 'admin', 'system'];

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h2 className="mb-3 text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Label / value rows. */
function Facts({ rows }: { rows: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value], index) => (
        <div key={index} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const dash = (value: ReactNode) => value || '—';

/** What happened to the order, newest first. */
function Timeline({ logs }: { logs: OrderLog[] }) {
  if (logs.length === 0) return <Empty />;
  const sorted = [...logs].reverse();
  return (
    <ol className="relative ml-2 border-l border-slate-200">
      {sorted.map((log, index) => (
        <li key={index} className="mb-4 ml-4 last:mb-0">
          <span aria-hidden="true" className={`absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full ${index === 0 ? 'bg-brand' : 'bg-slate-300'}`} />
          <p className="text-sm text-slate-900">
            {LOG_ACTIONS.includes(log.action) ? <FormattedMessage id={`ucentre.log.${log.action}`} /> : log.action}
            {log.to_status >= 0 && (
              <span className="ml-2 text-xs text-slate-600">
                → <StatusText status={log.to_status} />
              </span>
            )}
          </p>
          <p className="text-xs text-slate-600">
            <time>{log.created_at}</time>
            {' · '}
            {ACTORS.includes(log.actor) ? <FormattedMessage id={`ucentre.actor.${log.actor}`} /> : log.actor}
            {log.actor_name && log.actor !== 'system' ? ` ${log.actor_name}` : ''}
          </p>
          {log.note && <p className="text-xs text-slate-700"><LogNote note={log.note} prefix="ucentre.note" method={(name) => <PaymentName name={name} />} /></p>}
        </li>
      ))}
    </ol>
  );
}

function Detail({ order, reload }: { order: OrderDetail; reload: () => void }) {
  const intl = useIntl();
  const actor = useOrderActions(reload);
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <div className="flex flex-col gap-4">
      <OrderActionDialogs actor={actor} />
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-4">
        <div className="flex flex-col gap-1 text-sm">
          <p className="flex items-center gap-2">
            <span className="text-slate-600">
              <FormattedMessage id="ucentre.order.no" values={{ no: order.order_no }} />
            </span>
            <StatusTag status={order.order_status} />
          </p>
          {order.order_status === 1 && order.expires_at && (
            <p className="text-xs text-amber-900">
              <FormattedMessage id="ucentre.order.expires" values={{ time: order.expires_at }} />
            </p>
          )}
        </div>
        <OrderButtons order={order} actor={actor} detail={false} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Section title={label('ucentre.detail.address')}>
          <Facts
            rows={[
              [label('ucentre.detail.receiver'), order.receive_name],
              [label('ucentre.detail.tel'), order.receive_tel],
              [label('ucentre.detail.where'), `${order.receive_area} ${order.receive_address}`.trim()],
              [label('ucentre.detail.remark'), dash(order.remark)],
            ]}
          />
        </Section>
        <Section title={label('ucentre.detail.payment')}>
          <Facts
            rows={[
              [label('ucentre.detail.payment'), <PaymentName key="p" name={order.pay?.payment_name || order.payment_name} />],
              [label('ucentre.detail.payTime'), dash(order.pay_time)],
              [label('ucentre.detail.payNo'), dash(order.pay?.pay_no)],
              [label('ucentre.detail.express'), dash(order.delivery_name || order.delivery_code)],
              [label('ucentre.detail.waybill'), dash(order.delivery_no)],
              [label('ucentre.detail.shipTime'), dash(order.delivery_time)],
            ]}
          />
        </Section>
      </div>
      {order.delivery_no && (
        <Section title={label('trace.title')}>
          <ParcelTrace area={2} orderId={order.id} />
        </Section>
      )}
      <Section
        title={
          order.store ? (
            <span className="flex flex-wrap items-center justify-between gap-2">
              {order.store.store_name}
              {order.store.user_id ? (
                <ContactStore
                  label="ucentre.detail.contact"
                  target={{
                    ownerId: order.store.user_id,
                    storeName: order.store.store_name,
                    suggestion: { content_type: 'order', content: String(order.id), card: { id: order.id, order_no: order.order_no }, label: order.order_no },
                  }}
                />
              ) : null}
            </span>
          ) : (
            label('ucentre.detail.goods')
          )
        }
      >
        <ul className="divide-y divide-slate-100">
          {order.order_goods.map((line) => (
            <LineRow key={line.id} line={line} />
          ))}
        </ul>
        <div className="mt-3 flex flex-col items-end gap-1 border-t border-slate-200 pt-3 text-sm text-slate-700">
          <p>
            <FormattedMessage id="ucentre.detail.goodsTotal" values={{ amount: <Price value={order.order_price} className="text-slate-900" /> }} />
          </p>
          <p>
            <FormattedMessage id="ucentre.detail.freight" values={{ amount: <Price value={order.freight_money} className="text-slate-900" /> }} />
          </p>
          {Number(order.coupon_money) > 0 && (
            <p>
              <FormattedMessage id="ucentre.detail.discount" values={{ amount: <Price value={order.coupon_money} className="text-slate-900" /> }} />
            </p>
          )}
          {(order.discounts ?? []).length > 0 && (
            <ul className="flex flex-col items-end gap-0.5 text-xs text-slate-600" data-testid="order-discounts">
              {(order.discounts ?? []).map((d, i) => (
                <li key={`${d.kind}-${i}`}>
                  <FormattedMessage
                    id={d.kind === 'coupon' ? 'ucentre.coupons.lineCoupon' : d.kind === 'fullReduction' ? 'ucentre.coupons.lineReduction' : 'ucentre.coupons.lineOther'}
                    values={{ label: d.label, amount: <Price value={d.money} className="text-red-700" /> }}
                  />
                </li>
              ))}
            </ul>
          )}
          <p className="text-base">
            {/* "Total paid" only once paid: an unpaid (or cancelled unpaid) order shows what it comes to. */}
            <FormattedMessage id={order.pay_time ? 'ucentre.detail.total' : 'ucentre.detail.orderTotal'} values={{ amount: <Price value={order.total_price} /> }} />
          </p>
        </div>
      </Section>
      <Section title={label('ucentre.detail.timeline')}>
        <Timeline logs={order.logs ?? []} />
      </Section>
    </div>
  );
}

function OrderView({ id }: { id: number }) {
  const order = useResource(id ? `user-order:${id}` : null, () => loadOrder(id));
  useLiveRefresh(SHOPPER_NOTICES, () => order.reload());
  if (!id || order.status === 'missing')
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-sm text-slate-700">
        <p>
          <FormattedMessage id="ucentre.detail.missing" />
        </p>
        <Link href="/user/orders" className="focus-ring rounded text-brand hover:underline">
          <FormattedMessage id="ucentre.menu.myOrders" />
        </Link>
      </div>
    );
  if (order.status === 'failed') return <LoadFailed message={order.message} onRetry={order.reload} />;
  if (!order.data)
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner />
      </div>
    );
  return <Detail order={order.data} reload={order.reload} />;
}

/** /user/order/:id (screens §3.23, its oddities fixed): lines, address, payment, waybill, timeline, the buyer's actions. */
export default function OrderDetailPage() {
  const intl = useIntl();
  const params = useParams<{ id: string }>();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.detail.title' })}>
      <OrderView id={rowIdOf(params.id)} />
    </UserLayout>
  );
}
