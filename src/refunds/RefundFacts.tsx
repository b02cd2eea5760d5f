import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RefundDetail } from '../api/refunds';

/** What a request says: kind, stage, reason, photos, the refusal, the waybills both ways, the money. */
export function RefundFacts({ request }: { request: RefundDetail }) {
  const intl = useIntl();
  const rows: [string, ReactNode][] = [
    ['refund.type', <FormattedMessage key="t" id={request.refund_type === 1 ? 'refund.typeReturn' : 'refund.typeRefund'} />],
    ['refund.stage', <FormattedMessage key="s" id={`refund.stage.${request.stage}`} />],
    ['refund.reason', request.refund_remark],
  ];
  if (request.refuse_remark) rows.push(['refund.refuseReason', <strong key="r" className="text-red-800">{request.refuse_remark}</strong>]);
  if (request.delivery_no) rows.push(['refund.backWaybill', `${request.delivery_name || request.delivery_code} ${request.delivery_no}`]);
  if (request.re_delivery_no) rows.push(['refund.reshipWaybill', `${request.re_delivery_name || request.re_delivery_code} ${request.re_delivery_no}`]);
  if (request.stage === 'done' && !request.re_delivery_no) rows.push(['refund.money', `￥${request.refund_money}`]);
  rows.push(['refund.appliedAt', request.created_at]);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">
              <FormattedMessage id={label} />
            </dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {request.images.length > 0 && (
        <ul aria-label={intl.formatMessage({ id: 'refund.photos' })} className="flex flex-wrap gap-2">
          {request.images.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer" className="focus-ring block rounded">
                <img src={url} alt={intl.formatMessage({ id: 'refund.photoN' }, { n: index + 1 })} width={72} height={72} className="h-[72px] w-[72px] rounded border border-slate-200 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
