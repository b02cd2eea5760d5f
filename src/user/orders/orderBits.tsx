import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { Price } from '../../shop/shared/Price';
import { paramPath } from '../../shop/shared/params';
import type { OrderLine } from '../../api/userOrders';

/** `/order/pay/<base64 {"order_id":[ids]}>` (docs/orders-api.md; the pay page decodes it with shop/shared/params). */
export const payHref = (orderIds: readonly number[]) => paramPath('/order/pay', { order_id: orderIds });

/** The state's name in the page's language (0 cancelled … 6 completed). */
export function StatusText({ status }: { status: number }) {
  return <FormattedMessage id={status >= 0 && status <= 6 ? `ucentre.status.${status}` : 'ucentre.status.unknown'} />;
}

const STATUS_TONES: Record<number, string> = {
  0: 'bg-slate-100 text-slate-700',
  1: 'bg-amber-100 text-amber-900',
  3: 'bg-sky-100 text-sky-900',
  6: 'bg-emerald-100 text-emerald-900',
};

export function StatusTag({ status }: { status: number }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONES[status] ?? 'bg-red-50 text-red-800'}`}>
      <StatusText status={status} />
    </span>
  );
}

const PAYMENTS = ['balance', 'wechat', 'alipay'];

export function PaymentName({ name }: { name: string }) {
  if (!name) return <FormattedMessage id="ucentre.payment.none" />;
  return PAYMENTS.includes(name) ? <FormattedMessage id={`ucentre.payment.${name}`} /> : <>{name}</>;
}

/** `/x/y.jpg` → `/x/y_150.jpg` unless it is one already (order lines keep the 150 px thumbnail). */
const thumb = (src: string) => (!src || /_150\.[a-z0-9]+$/i.test(src) || /^[a-z]+:|^\/\//i.test(src) ? src : src.replace(/(\.[a-z0-9]+)$/i, '_150$1'));

/** One line of an order: image, name, SKU, unit price × quantity. */
export function LineRow({ line, link = true }: { line: OrderLine; link?: boolean }) {
  return (
    <li className="flex gap-3 py-2">
      {line.goods_image ? (
        <img src={thumb(line.goods_image)} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover" />
      ) : (
        <span aria-hidden="true" className="h-16 w-16 shrink-0 rounded bg-slate-100" />
      )}
      <div className="min-w-0 flex-1 text-sm">
        {link ? (
          <Link href={`/goods/${line.goods_id}`} className="focus-ring line-clamp-2 rounded text-slate-900 hover:text-brand">
            {line.goods_name}
          </Link>
        ) : (
          <p className="line-clamp-2 text-slate-900">{line.goods_name}</p>
        )}
        {line.sku_name && <p className="text-xs text-slate-600">{line.sku_name}</p>}
      </div>
      <div className="shrink-0 text-right text-sm">
        <Price value={line.goods_price} className="text-slate-900" />
        <p className="text-xs text-slate-600">
          <FormattedMessage id="ucentre.order.qty" values={{ count: line.buy_num }} />
        </p>
      </div>
    </li>
  );
}
