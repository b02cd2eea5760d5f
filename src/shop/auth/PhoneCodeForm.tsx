import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SmsName } from '../../../machines/smsCode.machine';
import type { LoginPayload } from '../../api/auth';
import type { ApiResult } from '../../api/client';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from './AuthCard';
import { SmsCodeField } from './SmsCodeField';

export interface PhoneCodeValues {
  username: string;
  password: string;
  re_password: string;
  code: string;
}

/**
 * Phone + password + confirmation + SMS code (register and forgot password). On success the
 * returned token is handed to the shopper session (LOGIN.TOKEN), which fetches the user,
 * refuses sub-accounts and goes home.
 */
export function PhoneCodeForm({
  template,
  passwordLabel,
  submitLabel,
  onSubmit,
  onSuccess,
}: {
  template: SmsName;
  passwordLabel: ReactNode;
  submitLabel: ReactNode;
  onSubmit: (values: PhoneCodeValues) => Promise<ApiResult<LoginPayload>>;
  onSuccess?: () => void;
}) {
  const intl = useIntl();
  const session = useSession(2);
  const [values, setValues] = useState<PhoneCodeValues>({ username: '', password: '', re_password: '', code: '' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof PhoneCodeValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.username.trim() || !values.password) {
      setError(intl.formatMessage({ id: 'msg.loginAbn' }));
      return;
    }
    if (values.password !== values.re_password) {
      setError(intl.formatMessage({ id: 'msg.reInputError' }));
      return;
    }
    if (!values.code.trim()) {
      setError(intl.formatMessage({ id: 'sms.codeEmpty' }));
      return;
    }
    setError(null);
    setSubmitting(true);
    const result = await onSubmit({ ...values, username: values.username.trim(), code: values.code.trim() });
    setSubmitting(false);
    if (result.kind !== 'ok') return;
    onSuccess?.();
    if (result.data?.access_token) session.send({ type: 'LOGIN.TOKEN', token: result.data.access_token });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={<FormattedMessage id="auth.field.phone" />} name="username" type="tel" autoComplete="tel" value={values.username} onChange={set('username')} />
      <Field label={passwordLabel} name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
      <Field
        label={<FormattedMessage id="auth.field.rePassword" />}
        name="re_password"
        type="password"
        autoComplete="new-password"
        value={values.re_password}
        onChange={set('re_password')}
      />
      <SmsCodeField phone={values.username} template={template} value={values.code} onChange={(code) => setValues((v) => ({ ...v, code }))} />
      <FormError message={error ?? (session.error === 'subAccount' ? intl.formatMessage({ id: 'msg.subNotAllowBuy' }) : null)} />
      <Button type="submit" block loading={submitting || session.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
