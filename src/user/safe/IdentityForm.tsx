import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cardDigits, checkRealName, type DetailsError, type RealNameForm } from '../../../machines/withdrawal';
import { loadRealName, saveRealName } from '../../api/cashes';
import { FormError } from '../../shop/auth/AuthCard';
import { ImageUpload } from '../../shop/join/ImageUpload';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { useSafeForm } from './useSafeForm';

type Key = keyof RealNameForm | 'card_t' | 'card_b';
const EMPTY: Record<Key, string> = { name: '', card_no: '', bank_name: '', bank_no: '', card_t: '', card_b: '' };
const ERRORS: Record<DetailsError, string> = {
  required: 'ucentre.cash.err.required',
  tooLong: 'ucentre.cash.err.tooLong',
  cardFormat: 'ucentre.cash.err.cardFormat',
  idFormat: 'ucentre.cash.err.idFormat',
};
const MAX: Partial<Record<Key, number>> = { name: 20, bank_name: 30 };

/** All but the last four characters hidden: what is on file, shown without giving it away on a shared screen. */
export const masked = (value: string) => (value.length <= 4 ? value : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`);

/** One ID card photo (front or back): optional, as the server takes it. */
function Photo({ label, value, onChange }: { label: string; value: string; onChange: (url: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <ImageUpload id={id} label={label} value={value} onChange={onChange} folder="user_check" />
    </div>
  );
}

/**
 * /user/safe/check (screens §3.34): the real-name check — what is on file (numbers masked), and the
 * form that saves or replaces it (GET|POST /api/user/check, server/modules/account/realName.ts):
 * name, ID number, bank and card (checked as the withdrawal dialog checks them), ID photos optional.
 * Withdrawals are paid to this card.
 */
export function IdentityForm() {
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id });
  const record = useResource('user-real-name', loadRealName);
  const { values, errors, error, saving, set, submit } = useSafeForm(EMPTY, {
    check: (v) => {
      const found = checkRealName(v);
      return Object.fromEntries(Object.entries(found).map(([field, problem]) => [field, intl.formatMessage({ id: ERRORS[problem] }, { max: MAX[field as Key] ?? 0 })]));
    },
    send: (v) => saveRealName({ name: v.name.trim(), card_no: cardDigits(v.card_no).toUpperCase(), bank_name: v.bank_name.trim(), bank_no: cardDigits(v.bank_no), card_t: v.card_t, card_b: v.card_b }),
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
          <dd className="text-slate-900">{masked(onFile.card_no)}</dd>
          <dt className="text-slate-600"><FormattedMessage id="ucentre.check.bank" /></dt>
          <dd className="text-slate-900">{onFile.bank_name} {masked(onFile.bank_no)}</dd>
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
        <Field label={say('ucentre.check.name')} aria-required="true" autoComplete="name" value={values.name} error={errors.name} onChange={(e) => set('name')(e.target.value)} />
        <Field label={say('ucentre.check.cardNo')} aria-required="true" value={values.card_no} error={errors.card_no} onChange={(e) => set('card_no')(e.target.value)} />
        <Field label={say('ucentre.check.bankName')} aria-required="true" value={values.bank_name} error={errors.bank_name} onChange={(e) => set('bank_name')(e.target.value)} />
        <Field label={say('ucentre.check.bankNo')} aria-required="true" inputMode="numeric" value={values.bank_no} error={errors.bank_no} onChange={(e) => set('bank_no')(e.target.value)} />
        <Photo label={say('ucentre.check.cardFront')} value={values.card_t} onChange={set('card_t')} />
        <Photo label={say('ucentre.check.cardBack')} value={values.card_b} onChange={set('card_b')} />
        <FormError message={error} />
        <Button type="submit" loading={saving}>
          <FormattedMessage id={onFile ? 'ucentre.check.resubmit' : 'ucentre.check.submit'} />
        </Button>
      </form>
    </div>
  );
}
