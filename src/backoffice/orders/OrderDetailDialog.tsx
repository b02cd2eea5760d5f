import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { Tag } from '../../ui/Tag';
import { ParcelTrace } from '../../tracking/ParcelTrace';
import { LogNote } from '../../user/orders/LogNote';
import { Thumb } from '../table/cells';
import type { BackofficeArea } from '../table/types';
import { canCancel, canShip, statusColour } from './orderStatus';
import { fetchOrder, type OrderDetail } from './ordersApi';

export interface OrderDetailDialogProps {
  area: BackofficeArea;
  id: number;
  onClose: () => void;
  /** Offered on a paid order (store and operator). */
  onShip?: (order: OrderDetail) => void;
  /** Offered on an unpaid order (operator). */
  onCancel?: (order: OrderDetail) => void;
}

/**
 * One order for the store or the operator (screens §4.5 orders "view", without its gaps): the
 * lines, the amounts, the address, the payment, the waybill and the history of every state change
 * with who made it; the actions the order's state allows.
 */
export function OrderDetailDialog({ area, id, onClose, onShip, onCancel }: OrderDetailDialogProps) {
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchOrder(area, id).then((result) => {
      if (!live) return;
      if (result.kind === 'ok') setOrder(result.data);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [area, id]);

  const footer = order && (
    <>
      {onCancel && canCancel(order) && (
        <Button variant="danger" onClick={() => onCancel(order)}>
          <FormattedMessage id="page.orders.cancel" />
        </Button>
      )}
      {onShip && canShip(order) && (
        <Button variant="office" onClick={() => onShip(order)}>
          <FormattedMessage id="page.orders.ship" />
        </Button>
      )}
      <Button variant="secondary" onClick={onClose}>
        <FormattedMessage id="btn.close" />
      </Button>
    </>
  );

  return (
    <Dialog open onClose={onClose} title={<FormattedMessage id="page.orders.detailTitle" />} widthClass="w-[96vw] md:w-[760px]" footer={footer || undefined}>
      {order ? (
        <OrderBody area={area} order={order} />
      ) : failed ? (
        <p role="alert" className="py-6 text-center text-sm text-red-700">
          <FormattedMessage id="page.orders.loadFailed" />
        </p>
      ) : (
        <div className="flex justify-center py-8 text-slate-500">
          <Spinner />
        </div>
      )}
    </Dialog>
  );
}

const METHODS = ['alipay', 'balance', 'wechat'];
const methodName = (name: string) => (METHODS.includes(name) ? <FormattedMessage id={`page.orders.method.${name}`} /> : name);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex gap-2">
          <dt className="shrink-0 text-slate-600">{label}</dt>
          <dd className="min-w-0 break-all text-slate-900">{value === '' || value === null || value === undefined ? '-' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderBody({ area, order }: { area: BackofficeArea; order: OrderDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const money = (value: string) => `￥${value}`;
  return (
    <div className="flex flex-col gap-5">
      <Facts
        items={[
          [t('page.orders.orderNo'), <span className="tabular-nums">{order.order_no}</span>],
          [t('page.orders.status'), <Tag value={order.order_status} colour={statusColour(order.order_status)}>{order.order_status_cn}</Tag>],
          [t('page.orders.store'), order.store_name],
          [t('page.orders.buyer'), order.buyer_name],
          [t('table.createdAt'), order.created_at],
          [t('page.orders.remark'), order.remark],
        ]}
      />

      <Section title={t('page.orders.lines')}>
        <ul className="flex flex-col divide-y divide-slate-100 rounded border border-slate-200">
          {order.order_goods.map((line) => (
            <li key={line.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2 text-sm">
              <Thumb src={line.goods_image} alt={line.goods_name} />
              <div className="min-w-0 flex-1 basis-40">
                <p className="truncate text-slate-900" title={line.goods_name}>
                  {line.goods_name}
                </p>
                {line.sku_name && <p className="text-xs text-slate-600">{line.sku_name}</p>}
              </div>
              <span className="ml-auto tabular-nums text-slate-700">
                {money(line.goods_price)} × {line.buy_num}
              </span>
              <span className="w-24 text-right font-medium tabular-nums text-slate-900">{money(line.total_price)}</span>
            </li>
          ))}
        </ul>
        <Facts
          items={[
            [t('page.orders.goodsTotal'), money(order.order_price)],
            [t('page.orders.freight'), money(order.freight_money)],
            [t('page.orders.discount'), `-${money(order.coupon_money)}`],
            [t('page.orders.total'), <strong className="tabular-nums">{money(order.total_price)}</strong>],
          ]}
        />
      </Section>

      <Section title={t('page.orders.address')}>
        <Facts
          items={[
            [t('page.orders.receiver'), `${order.receive_name} ${order.receive_tel}`.trim()],
            [t('page.orders.receiveAddress'), `${order.receive_area} ${order.receive_address}`.trim()],
          ]}
        />
      </Section>

      <Section title={t('page.orders.payment')}>
        {order.pay || order.pay_time ? (
          <Facts
            items={[
              [t('page.orders.payMethod'), order.pay?.payment_name_cn ?? order.payment_name_cn],
              [t('page.orders.payNo'), order.pay?.pay_no ?? ''],
              [t('page.orders.payTime'), order.pay_time ?? ''],
              [t('page.orders.paid'), order.pay ? money(order.pay.total) : ''],
            ]}
          />
        ) : (
          <p className="text-sm text-slate-600">
            <FormattedMessage id="page.orders.notPaid" />
          </p>
        )}
      </Section>

      <Section title={t('page.orders.waybill')}>
        {order.delivery_no ? (
          <Facts
            items={[
              [t('page.orders.express'), order.delivery_name || order.delivery_code],
              [t('page.orders.waybillNo'), <span className="tabular-nums">{order.delivery_no}</span>],
              [t('page.orders.deliveryTime'), order.delivery_time ?? ''],
              [t('page.orders.receiptTime'), order.receipt_time ?? ''],
            ]}
          />
        ) : (
          <p className="text-sm text-slate-600">
            <FormattedMessage id="page.orders.notShipped" />
          </p>
        )}
      </Section>

      {order.delivery_no && (
        <Section title={t('trace.title')}>
          <ParcelTrace area={area} orderId={order.id} />
        </Section>
      )}

      <Section title={t('page.orders.timeline')}>
        <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4">
          {order.logs.map((log) => (
            <li key={log.id} className="relative text-sm">
              <span aria-hidden="true" className="absolute top-1.5 -left-[21px] h-2 w-2 rounded-full bg-office" />
              <p className="text-slate-900">
                <FormattedMessage id={`page.orders.action.${log.action}`} defaultMessage={log.action} />
                {' · '}
                {log.to_status_cn}
              </p>
              <p className="text-xs text-slate-600">
                <time>{log.created_at}</time>
                {' · '}
                <FormattedMessage id={`page.orders.actor.${log.actor}`} defaultMessage={log.actor} />
                {/* a timed task's stored name (系统) would repeat the actor, untranslated */}
                {log.actor_name && log.actor !== 'system' && ` ${log.actor_name}`}
                {log.note && (
                  <>
                    {' · '}
                    <LogNote note={log.note} prefix="page.orders.note" method={methodName} />
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
