import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ORDER_STATUS, buyerActionsOf } from '../../../machines/orderActions';
import type { OrderRow } from '../../api/userOrders';
import { Price } from '../../shop/shared/Price';
import { Button } from '../../ui/Button';
import { LineRow, StatusTag, payHref } from './orderBits';
import type { OrderActionsActor } from './useOrderActions';

const linkButton = 'focus-ring inline-flex items-center rounded px-3 py-1.5 text-sm font-medium';

/** The after-sale link an order offers: apply (paid, shipped or received), view (in after-sale, or finished by one), or none. */
export function afterSaleLink(order: Pick<OrderRow, 'order_status' | 'refund_status'>): 'apply' | 'view' | null {
  if (order.order_status === 5 || (order.order_status === 6 && order.refund_status === 2)) return 'view';
  if (order.order_status >= 2 && order.order_status <= 4) return 'apply';
  return null;
}

/** The buttons an order's state allows: pay, cancel, confirm receipt, review (received), after-sale, and its detail. */
export function OrderButtons({ order, actor, detail = true }: { order: OrderRow; actor: OrderActionsActor; detail?: boolean }) {
  const intl = useIntl();
  const can = buyerActionsOf(order.order_status);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {detail && (
        <Link href={`/user/order/${order.id}`} className={`${linkButton} border border-slate-300 text-slate-800 hover:border-brand hover:text-brand`} aria-label={intl.formatMessage({ id: 'ucentre.order.detailOf' }, { no: order.order_no })}>
          <FormattedMessage id="ucentre.order.detail" />
        </Link>
      )}
      {can.cancel && (
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => actor.send({ type: 'CANCEL', orderId: order.id, status: order.order_status })} aria-label={intl.formatMessage({ id: 'ucentre.action.cancelOf' }, { no: order.order_no })}>
          <FormattedMessage id="ucentre.action.cancel" />
        </Button>
      )}
      {can.receive && (
        <Button className="px-3 py-1.5" onClick={() => actor.send({ type: 'RECEIVE', orderId: order.id, status: order.order_status })} aria-label={intl.formatMessage({ id: 'ucentre.action.receiveOf' }, { no: order.order_no })}>
          <FormattedMessage id="ucentre.action.receive" />
        </Button>
      )}
      {order.order_status === ORDER_STATUS.received && (
        <Link href={`/user/comment/add/${order.id}`} className={`${linkButton} bg-brand text-white hover:bg-brand-dark`} aria-label={intl.formatMessage({ id: 'ucentre.action.reviewOf' }, { no: order.order_no })}>
          <FormattedMessage id="ucentre.action.review" />
        </Link>
      )}
      {afterSaleLink(order) && (
        <Link href={`/user/order/refund_form/${order.id}`} className={`${linkButton} border border-slate-300 text-slate-800 hover:border-brand hover:text-brand`} aria-label={intl.formatMessage({ id: `refund.${afterSaleLink(order)}Of` }, { no: order.order_no })}>
          <FormattedMessage id={`refund.${afterSaleLink(order)}`} />
        </Link>
      )}
      {can.pay && (
        <Link href={payHref([order.id])} className={`${linkButton} bg-brand text-white hover:bg-brand-dark`} aria-label={intl.formatMessage({ id: 'ucentre.action.payOf' }, { no: order.order_no })}>
          <FormattedMessage id="ucentre.action.pay" />
        </Link>
      )}
    </div>
  );
}

/** One order in a list: when, which store, its number and state, the lines, the total, the actions. */
export function OrderCard({ order, actor }: { order: OrderRow; actor?: OrderActionsActor }) {
  return (
    <article aria-label={order.order_no} className="rounded-lg border border-slate-200">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
        <span>{order.created_at}</span>
        {order.store && <span className="font-medium text-slate-900">{order.store.store_name}</span>}
        <span>
          <FormattedMessage id="ucentre.order.no" values={{ no: order.order_no }} />
        </span>
        <span className="ml-auto">
          <StatusTag status={order.order_status} />
        </span>
      </header>
      <Link href={`/user/order/${order.id}`} className="focus-ring block rounded px-3 hover:bg-slate-50">
        <ul className="divide-y divide-slate-100">
          {order.order_goods.map((line) => (
            <LineRow key={line.id} line={line} link={false} />
          ))}
        </ul>
      </Link>
      <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-3 py-2">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="ucentre.order.total" values={{ amount: <Price value={order.total_price} />, freight: order.freight_money }} />
        </p>
        {actor && <OrderButtons order={order} actor={actor} />}
      </footer>
    </article>
  );
}
