import { FormattedMessage } from 'react-intl';
import { changePhone } from '../../api/account';
import { FormError } from '../../shop/auth/AuthCard';
import { SmsCodeField } from '../../shop/auth/SmsCodeField';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { maskPhone } from './payPasswordCheck';
import { useSafeForm } from './useSafeForm';

type Key = 'phone' | 'code' | 'new_code';
const EMPTY: Record<Key, string> = { phone: '', code: '', new_code: '' };
const PHONE = /^1[3-9]\d{9}$/;
const CODE = /^\d{6}$/;

/**
 * A new phone number (PUT /api/user/phone): a code sent to the current phone (`edit_user`) proves
 * the owner, a code sent to the new phone (`new_phone`, refused for a phone that is an account's)
 * proves the new number.
 */
export function PhoneForm({ phone, onDone }: { phone: string; onDone: () => void }) {
  const { values, errors, setErrors, error, saving, set, submit } = useSafeForm(EMPTY, {
    check: (v, say) => {
      const found: Partial<Record<Key, string>> = {};
      const next = v.phone.trim();
      if (!PHONE.test(next)) found.phone = say('auth.rule.phone');
      else if (next === phone) found.phone = say('ucentre.safe.rule.samePhone');
      if (phone && !CODE.test(v.code.trim())) found.code = say('auth.rule.code');
      if (!CODE.test(v.new_code.trim())) found.new_code = say('auth.rule.code');
      return found;
    },
    send: (v) => changePhone({ phone: v.phone.trim(), new_code: v.new_code.trim(), ...(phone ? { code: v.code.trim() } : {}) }),
    done: 'ucentre.safe.phoneDone',
    onDone,
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      {phone && (
        <>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="ucentre.safe.currentPhone" values={{ phone: maskPhone(phone) }} />
          </p>
          <SmsCodeField phone={phone} template="edit_user" label={<FormattedMessage id="ucentre.safe.oldCode" />} value={values.code} error={errors.code} onChange={set('code')} />
        </>
      )}
      <Field label={<FormattedMessage id="ucentre.safe.newPhone" />} name="phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} value={values.phone} error={errors.phone} onChange={(e) => set('phone')(e.target.value)} />
      <SmsCodeField
        phone={values.phone.trim()}
        template="new_phone"
        label={<FormattedMessage id="ucentre.safe.newCode" />}
        value={values.new_code}
        error={errors.new_code}
        onChange={set('new_code')}
        onPhoneError={(message) => setErrors((e) => ({ ...e, phone: message }))}
      />
      <FormError message={error} />
      <Button type="submit" loading={saving}>
        <FormattedMessage id="ucentre.safe.changePhone" />
      </Button>
    </form>
  );
}
