import { FormattedMessage, useIntl } from 'react-intl';
import { stepBar, type RefundRecord } from '../../machines/afterSale';

/** The steps reached take the area's primary colour: the shop's red, the back office's blue. */
const REACHED = { brand: 'bg-brand text-white', office: 'bg-office text-white' } as const;

/** Where the request is: apply → store review (→ send back → store receives (→ receive the replacement)) → done; a stop mark when refused or withdrawn. */
export function StepBar({
  request,
  refundType,
  accent = 'brand',
}: {
  request: (Pick<RefundRecord, 'refund_type' | 'stage'> & { re_delivery_no?: string }) | null;
  refundType?: number;
  accent?: keyof typeof REACHED;
}) {
  const intl = useIntl();
  const bar = stepBar(request ?? (refundType === 1 ? { refund_type: 1, stage: 'pending' } : null));
  const current = request ? bar.current : 0;
  return (
    <ol aria-label={intl.formatMessage({ id: 'refund.progress' })} className="flex flex-wrap items-center gap-x-2 gap-y-2 text-xs sm:text-sm">
      {bar.steps.map((step, index) => {
        const reached = index <= current;
        const here = index === current;
        const stopped = here && bar.stopped && !!request;
        return (
          <li key={step} aria-current={here ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${stopped ? 'bg-red-700 text-white' : reached ? REACHED[accent] : 'bg-slate-200 text-slate-700'}`}
            >
              {stopped ? '!' : index + 1}
            </span>
            <span className={reached ? 'font-medium text-slate-900' : 'text-slate-600'}>
              <FormattedMessage id={`refund.bar.${step}`} />
            </span>
            {index < bar.steps.length - 1 && <span aria-hidden="true" className="mx-1 h-px w-4 bg-slate-300 sm:w-8" />}
          </li>
        );
      })}
    </ol>
  );
}
