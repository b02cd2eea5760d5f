import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SmsName } from '../../../machines/smsCode.machine';
import type { LoginPayload } from '../../api/auth';
import { resultText, type ApiResult } from '../../api/client';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormError } from './AuthCard';
import { checkPhoneCode, fieldRefusal, type PhoneCodeErrors, type PhoneCodeField } from './fieldErrors';
import { SmsCodeField } from './SmsCodeField';

export type PhoneCodeValues = Record<PhoneCodeField, string>;

/**
 * Phone + password + confirmation + SMS code (register and forgot password). Every problem is
 * said under its field, in the field's words: the form's own checks first, then a refusal the
 * server names a field for (`data.field`; its validation messages name fields by their server
 * names, so the form says the field's rule instead). On success the returned token is handed to
 * the shopper session (LOGIN.TOKEN), which fetches the user, refuses sub-accounts and goes home.
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
  /** Sends the form; quietly: the form shows the refusal itself. */
  onSubmit: (values: PhoneCodeValues) => Promise<ApiResult<LoginPayload>>;
  onSuccess?: () => void;
}) {
  const intl = useIntl();
  const session = useSession(2);
  const translate = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState<PhoneCodeValues>({ username: '', password: '', re_password: '', code: '' });
  const [errors, setErrors] = useState<PhoneCodeErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const setFieldError = (field: PhoneCodeField, message?: string) => setErrors((e) => ({ ...e, [field]: message }));
  const set = (key: PhoneCodeField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setFieldError(key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkPhoneCode(values, translate);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    const result = await onSubmit({ ...values, username: values.username.trim(), code: values.code.trim() });
    setSubmitting(false);
    if (result.kind !== 'ok') {
      const refusal = fieldRefusal(result, translate);
      if (refusal) setFieldError(refusal.field, refusal.message);
      else setError(resultText(result) || translate('msg.fail'));
      return;
    }
    onSuccess?.();
    if (result.data?.access_token) session.send({ type: 'LOGIN.TOKEN', token: result.data.access_token });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label={<FormattedMessage id="auth.field.phone" />} name="username" type="tel" autoComplete="tel" maxLength={11} value={values.username} error={errors.username} onChange={set('username')} />
      <Field label={passwordLabel} name="password" type="password" autoComplete="new-password" maxLength={32} value={values.password} error={errors.password} onChange={set('password')} />
      <Field
        label={<FormattedMessage id="auth.field.rePassword" />}
        name="re_password"
        type="password"
        autoComplete="new-password"
        maxLength={32}
        value={values.re_password}
        error={errors.re_password}
        onChange={set('re_password')}
      />
      <SmsCodeField
        phone={values.username}
        template={template}
        value={values.code}
        error={errors.code}
        onChange={(code) => {
          setValues((v) => ({ ...v, code }));
          setFieldError('code');
        }}
        onPhoneError={(message) => setFieldError('username', message)}
      />
      <FormError message={error ?? (session.error === 'subAccount' ? intl.formatMessage({ id: 'msg.subNotAllowBuy' }) : null)} />
      <Button type="submit" block loading={submitting || session.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
