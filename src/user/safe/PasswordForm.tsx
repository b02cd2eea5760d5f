import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changePassword } from '../../api/account';
import { resultText } from '../../api/client';
import { FormError } from '../../shop/auth/AuthCard';
import { SmsCodeField } from '../../shop/auth/SmsCodeField';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { refusedField } from '../info/refusedField';
import { maskPhone } from './payPasswordCheck';

type Key = 'password' | 're_password' | 'code' | 'old_password';
const EMPTY: Record<Key, string> = { password: '', re_password: '', code: '', old_password: '' };

/**
 * A new login password (PUT /api/user/password): typed twice, confirmed with an `edit_user` SMS
 * code to the account's phone (the current password when the account has no phone). The server
 * ends the account's other sessions.
 */
export function PasswordForm({ phone }: { phone: string }) {
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Key, string>> = {};
    if (values.password.length < 6 || values.password.length > 32) found.password = say('ucentre.safe.rule.login');
    else if (values.password !== values.re_password) found.re_password = say('msg.reInputError');
    if (phone && !/^\d{6}$/.test(values.code.trim())) found.code = say('auth.rule.code');
    if (!phone && !values.old_password) found.old_password = say('ucentre.safe.rule.oldPassword');
    setErrors(found);
    setError(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    const result = await changePassword(phone ? { password: values.password, re_password: values.re_password, code: values.code.trim() } : { password: values.password, re_password: values.re_password, old_password: values.old_password });
    setSaving(false);
    if (result.kind !== 'ok') {
      const field = refusedField(result) as Key | undefined;
      if (field && field in EMPTY) setErrors({ [field]: resultText(result) });
      else setError(resultText(result) || say('msg.fail'));
      return;
    }
    setValues(EMPTY);
    toast.success(say('ucentre.safe.passwordDone'));
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4" aria-labelledby="safe-login-password">
      <Field label={<FormattedMessage id="ucentre.safe.newLogin" />} name="password" type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={(e) => set('password')(e.target.value)} />
      <Field label={<FormattedMessage id="ucentre.safe.confirmLogin" />} name="re_password" type="password" autoComplete="new-password" value={values.re_password} error={errors.re_password} onChange={(e) => set('re_password')(e.target.value)} />
      {phone ? (
        <>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="ucentre.safe.loginCodeTo" values={{ phone: maskPhone(phone) }} />
          </p>
          <SmsCodeField phone={phone} template="edit_user" label={<FormattedMessage id="ucentre.safe.loginCode" />} value={values.code} error={errors.code} onChange={set('code')} />
        </>
      ) : (
        <Field label={<FormattedMessage id="ucentre.safe.oldPassword" />} name="old_password" type="password" autoComplete="current-password" value={values.old_password} error={errors.old_password} onChange={(e) => set('old_password')(e.target.value)} />
      )}
      <FormError message={error} />
      <Button type="submit" loading={saving}>
        <FormattedMessage id="ucentre.safe.changePassword" />
      </Button>
    </form>
  );
}
