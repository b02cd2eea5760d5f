import { useId, useState, type FormEvent } from 'react';
import { RequiredLabel } from '../../../../../ui/RequiredLabel';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveDialog } from '../../../../../ui/SaveDialog';

export interface ReasonDialogProps {
  /** Locale key of the title; `name` is passed as a value. */
  title: string;
  name: string;
  /** Character limit of the reason. */
  maxLength: number;
  saving: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** A refusal with a required reason (stores: store_refuse_info ≤ 20; goods: refuse_info). */
export function ReasonDialog({ title, name, maxLength, saving, onSubmit, onClose }: ReasonDialogProps) {
  const intl = useIntl();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(intl.formatMessage({ id: 'msg.requiredMsg' }));
    if ([...text].length > maxLength) return setError(intl.formatMessage({ id: 'validate.maxLength' }, { max: maxLength }));
    setError('');
    onSubmit(text);
  };
  return (
    <SaveDialog title={<FormattedMessage id={title} values={{ name }} />} onClose={onClose} onSubmit={submit} saving={saving}>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          <RequiredLabel id="page.stores.reason" />
        </label>
        <textarea
          id={id}
          name="reason"
          value={reason}
          rows={3}
          required
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
          }}
          className={`focus-ring w-full rounded border px-3 py-1.5 text-sm ${error ? 'border-red-700' : 'border-slate-400'}`}
        />
        <span className={`text-right text-xs tabular-nums ${[...reason].length > maxLength ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          <FormattedMessage id="form.counter" values={{ count: [...reason].length, max: maxLength }} />
        </span>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    </SaveDialog>
  );
}
