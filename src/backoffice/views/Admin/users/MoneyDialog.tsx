import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveDialog } from '../../../../ui/SaveDialog';
import { Field } from '../../../../ui/Field';
import { toast } from '../../../../ui/toast';
import { resultText } from '../../../../api/client';
import { call } from '../shared/pageApi';
import { AMOUNT_ERROR_KEYS, MONEY_TYPES, checkAmount } from './moneyAmount';

export interface MoneyDialogProps {
  user: { id: number; nickname?: string; username?: string; money?: string; frozen_money?: string; integral?: string };
  onClose: () => void;
  /** Called after a successful adjustment (the page reloads its list). */
  onDone: () => void;
}

/** "Adjust funds": balance / frozen / integral, a signed amount and a required reason (written into the money log), posted to users/money/handle. */
export function MoneyDialog({ user, onClose, onDone }: MoneyDialogProps) {
  const intl = useIntl();
  const typeId = useId();
  const [type, setType] = useState<0 | 1 | 2>(0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [saving, setSaving] = useState(false);
  const current = [user.money, user.frozen_money, user.integral][type] ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount);
    setError(checked.ok ? '' : intl.formatMessage({ id: AMOUNT_ERROR_KEYS[checked.error] }));
    const why = reason.trim();
    setReasonError(why ? '' : intl.formatMessage({ id: 'page.settle.moneyReasonRequired' }));
    if (!checked.ok || !why) return;
    setSaving(true);
    // quiet: a refusal naming a field (not enough balance → money) shows under it, the dialog keeping what was typed
    const result = await call(0, 'POST', 'users/money/handle', { id: user.id, is_type: type, money: checked.value, is_belong: 0, reason: why }, true);
    setSaving(false);
    if (result.kind !== 'ok') {
      const field = result.kind === 'fail' ? (result.data as { field?: unknown } | null)?.field : undefined;
      const text = resultText(result);
      if (field === 'reason') setReasonError(text);
      else if (field === 'money' || field === 'is_type') setError(text);
      else toast.error(text);
      return;
    }
    toast.success(intl.formatMessage({ id: 'msg.success' }));
    onDone();
  };

  return (
    <SaveDialog
      onClose={onClose}
      title={<FormattedMessage id="page.users.adjustTitle" values={{ name: user.nickname || user.username || String(user.id) }} />}
      onSubmit={submit}
      saving={saving}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={typeId} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="page.users.moneyTypeLabel" />
        </label>
        <select
          id={typeId}
          name="is_type"
          className="focus-ring rounded border border-slate-400 px-3 py-2 text-sm"
          value={type}
          onChange={(e) => setType(Number(e.target.value) as 0 | 1 | 2)}
        >
          {MONEY_TYPES.map((option) => (
            <option key={option.value} value={option.value}>
              {intl.formatMessage({ id: option.key })}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={<FormattedMessage id="page.users.amount" />}
        name="money"
        inputMode="decimal"
        required
        value={amount}
        placeholder={intl.formatMessage({ id: 'page.users.amountPlaceholder' })}
        hint={<FormattedMessage id="page.users.amountHint" values={{ current }} />}
        error={error || undefined}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Field
        label={<FormattedMessage id="page.settle.moneyReason" />}
        name="reason"
        required
        maxLength={100}
        value={reason}
        hint={<FormattedMessage id="page.settle.moneyReasonHint" />}
        error={reasonError || undefined}
        onChange={(e) => setReason(e.target.value)}
      />
    </SaveDialog>
  );
}
