import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadIdentity, saveIdentity, type IdentityInput } from '../../api/account';
import { FormError } from '../../shop/auth/AuthCard';
import { ImageUpload } from '../../shop/join/ImageUpload';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { RequiredLabel } from '../../ui/RequiredLabel';
import { Spinner } from '../../ui/Spinner';
import { useSafeForm } from './useSafeForm';

type Key = keyof IdentityInput;
const EMPTY: Record<Key, string> = { name: '', card_no: '', card_t: '', card_b: '', bank_no: '', bank_name: '' };
const ID_CARD = /^[1-9]\d{16}[\dXx]$/;
const BANK_CARD = /^\d{12,19}$/;

/** One ID card photo (front or back) with its label and error. */
function Photo({ field, label, value, error, onChange }: { field: Key; label: string; value: string; error?: string; onChange: (url: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <RequiredLabel text={label} />
      </label>
      <ImageUpload id={id} label={label} value={value} onChange={onChange} folder="user_check" invalid={!!error} describedBy={error ? `${id}-error` : undefined} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700" data-field={field}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * /user/safe/check (screens §3.34): the real-name record — what is on file (numbers masked), and
 * the form that submits or replaces it (name, ID number and both photos, bank card). Withdrawals
 * take the bank card from it.
 */
export function IdentityForm() {
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id });
  const record = useResource('user-identity', loadIdentity);
  const { values, errors, error, saving, set, submit } = useSafeForm(EMPTY, {
    check: (v, tr) => {
      const found: Partial<Record<Key, string>> = {};
      for (const key of Object.keys(EMPTY) as Key[]) if (!v[key].trim()) found[key] = tr('ucentre.check.required');
      if (v.card_no.trim() && !ID_CARD.test(v.card_no.trim())) found.card_no = tr('ucentre.check.badIdCard');
      if (v.bank_no.trim() && !BANK_CARD.test(v.bank_no.trim())) found.bank_no = tr('ucentre.check.badBankCard');
      return found;
    },
    send: (v) => saveIdentity({ name: v.name.trim(), card_no: v.card_no.trim(), card_t: v.card_t, card_b: v.card_b, bank_no: v.bank_no.trim(), bank_name: v.bank_name.trim() }),
    done: 'ucentre.check.saved',
    onDone: record.reload,
  });
  if (record.status === 'failed') return <LoadFailed message={record.message} onRetry={record.reload} />;
  if (record.status === 'loading' && record.data === undefined) return <Spinner />;
  const onFile = record.data;
  return (
    <div className="flex flex-col gap-6">
      {onFile ? (
        <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded border border-green-200 bg-green-50 p-3 text-sm" data-testid="identity-on-file">
          <dt className="text-slate-600"><FormattedMessage id="ucentre.check.name" /></dt>
          <dd className="text-slate-900">{onFile.name}</dd>
          <dt className="text-slate-600"><FormattedMessage id="ucentre.check.cardNo" /></dt>
          <dd className="text-slate-900">{onFile.card_no}</dd>
          <dt className="text-slate-600"><FormattedMessage id="ucentre.check.bank" /></dt>
          <dd className="text-slate-900">{onFile.bank_name} {onFile.bank_no}</dd>
        </dl>
      ) : (
        <p role="status" className="text-sm text-amber-800">
          <FormattedMessage id="ucentre.check.none" />
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4" aria-labelledby="user-page-title">
        {onFile && (
          <p className="text-sm text-slate-600">
            <FormattedMessage id="ucentre.check.replace" />
          </p>
        )}
        <Field label={say('ucentre.check.name')} aria-required="true" maxLength={20} autoComplete="name" value={values.name} error={errors.name} onChange={(e) => set('name')(e.target.value)} />
        <Field label={say('ucentre.check.cardNo')} aria-required="true" maxLength={18} value={values.card_no} error={errors.card_no} onChange={(e) => set('card_no')(e.target.value)} />
        <Photo field="card_t" label={say('ucentre.check.cardFront')} value={values.card_t} error={errors.card_t} onChange={set('card_t')} />
        <Photo field="card_b" label={say('ucentre.check.cardBack')} value={values.card_b} error={errors.card_b} onChange={set('card_b')} />
        <Field label={say('ucentre.check.bankNo')} aria-required="true" inputMode="numeric" maxLength={19} value={values.bank_no} error={errors.bank_no} onChange={(e) => set('bank_no')(e.target.value)} />
        <Field label={say('ucentre.check.bankName')} aria-required="true" maxLength={30} value={values.bank_name} error={errors.bank_name} onChange={(e) => set('bank_name')(e.target.value)} />
        <FormError message={error} />
        <Button type="submit" loading={saving}>
          <FormattedMessage id={onFile ? 'ucentre.check.resubmit' : 'ucentre.check.submit'} />
        </Button>
      </form>
    </div>
  );
}
