import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_REMARK, type ApplyValues, type FieldErrors } from '../../../machines/afterSale';
import { refundErrorText } from '../../refunds/errorText';
import { Button } from '../../ui/Button';
import { PhotoPicker } from './PhotoPicker';

const QUICK = ['damaged', 'size', 'colour', 'other'] as const;

/** The application: refund or return (a return only once shipped), the reason (quick picks), photos. */
export function ApplyForm({ canReturn, busy, errors, onSubmit, onEdit }: { canReturn: boolean; busy: boolean; errors: FieldErrors; onSubmit: (values: ApplyValues) => void; onEdit: (field: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const [type, setType] = useState<0 | 1>(0);
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const text = (code?: string) => (code ? refundErrorText(intl, code) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ refund_type: type, refund_remark: remark, images });
  };
  const remarkError = text(errors.refund_remark);
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={intl.formatMessage({ id: 'refund.applyTitle' })}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          <FormattedMessage id="refund.type" />
        </legend>
        <div className="flex flex-wrap gap-4">
          {([0, 1] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
              <input type="radio" name="refund_type" value={value} checked={type === value} disabled={value === 1 && !canReturn} onChange={() => setType(value)} className="focus-ring" />
              <FormattedMessage id={value === 1 ? 'refund.typeReturn' : 'refund.typeRefund'} />
            </label>
          ))}
        </div>
        {!canReturn && (
          <p className="text-xs text-slate-600">
            <FormattedMessage id="refund.returnAfterShipping" />
          </p>
        )}
        {errors.refund_type && (
          <p role="alert" className="text-xs text-red-700">
            {text(errors.refund_type)}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-remark`} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="refund.reason" />
        </label>
        <div className="flex flex-wrap gap-2" role="group" aria-label={intl.formatMessage({ id: 'refund.quickReasons' })}>
          {QUICK.map((key) => (
            <button key={key} type="button" onClick={() => {
              setRemark(intl.formatMessage({ id: `refund.quick.${key}` }));
              onEdit('refund_remark');
            }} className="focus-ring rounded border border-slate-300 px-2 py-1 text-xs text-slate-800 hover:border-brand hover:text-brand">
              <FormattedMessage id={`refund.quick.${key}`} />
            </button>
          ))}
        </div>
        <textarea
          id={`${id}-remark`}
          name="refund_remark"
          rows={4}
          maxLength={MAX_REMARK}
          value={remark}
          onChange={(e) => {
            setRemark(e.target.value);
            onEdit('refund_remark');
          }}
          aria-invalid={remarkError ? true : undefined}
          aria-describedby={`${id}-count${remarkError ? ` ${id}-remark-error` : ''}`}
          className={`focus-ring rounded border px-3 py-2 text-sm text-slate-900 ${remarkError ? 'border-red-700' : 'border-slate-400'}`}
        />
        <p id={`${id}-count`} className="text-right text-xs text-slate-600">
          {remark.length} / {MAX_REMARK}
        </p>
        {remarkError && (
          <p id={`${id}-remark-error`} role="alert" className="text-xs text-red-700">
            {remarkError}
          </p>
        )}
      </div>
      <PhotoPicker id={`${id}-photos`} value={images} onChange={setImages} error={text(errors.images)} />
      {errors.order_id && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.order_id}
        </p>
      )}
      <div>
        <Button type="submit" loading={busy}>
          <FormattedMessage id="refund.submit" />
        </Button>
      </div>
    </form>
  );
}
