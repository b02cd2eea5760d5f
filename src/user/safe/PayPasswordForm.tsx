import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { setPayPassword } from '../../api/account';
import { resultText } from '../../api/client';
import { FormError } from '../../shop/auth/AuthCard';
import { SmsCodeField } from '../../shop/auth/SmsCodeField';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { checkPayPassword, maskPhone, type PayPasswordErrors, type PayPasswordField, type PayPasswordValues } from './payPasswordCheck';

const EMPTY: PayPasswordValues = { pay_password: '', re_pay_password: '', code: '' };

/**
 * Sets or resets the 6-digit pay password with an SMS code sent to the account's phone (template
 * `pay_password`, the smsCode machine behind SmsCodeField). Every problem is said under its
 * field: the form's own checks first, then a refusal the server names a field for (a wrong code
 * under the code, a malformed password under the password); anything else above the button.
 */
export function PayPasswordForm({ phone, isSet, onDone }: { phone: string; isSet: boolean; onDone: () => void }) {
  const intl = useIntl();
  const translate = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState<PayPasswordValues>(EMPTY);
  const [errors, setErrors] = useState<PayPasswordErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const setFieldError = (field: PayPasswordField, message?: string) => setErrors((e) => ({ ...e, [field]: message }));
  const set = (field: PayPasswordField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldError(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkPayPassword(values, translate);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    const result = await setPayPassword({ code: values.code.trim(), pay_password: values.pay_password });
    setSubmitting(false);
    if (result.kind !== 'ok') {
      const field = result.kind === 'fail' && result.data && typeof result.data === 'object' ? (result.data as { field?: unknown }).field : undefined;
      if (field === 'code') setFieldError('code', resultText(result) || translate('auth.rule.code'));
      else if (field === 'pay_password') setFieldError('pay_password', translate('ucentre.safe.rule.password'));
      else setError(resultText(result) || translate('msg.fail'));
      return;
    }
    setValues(EMPTY);
    toast.success(translate(isSet ? 'ucentre.safe.resetDone' : 'ucentre.safe.setDone'));
    onDone();
  };

  const digits = { type: 'password', inputMode: 'numeric', autoComplete: 'new-password', maxLength: 6 } as const;
  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <p className="text-sm text-slate-700">
        <FormattedMessage id="ucentre.safe.codeTo" values={{ phone: maskPhone(phone) }} />
      </p>
      <Field
        label={<FormattedMessage id="ucentre.safe.newPassword" />}
        name="pay_password"
        {...digits}
        value={values.pay_password}
        error={errors.pay_password}
        onChange={(e) => set('pay_password')(e.target.value)}
      />
      <Field
        label={<FormattedMessage id="ucentre.safe.confirmPassword" />}
        name="re_pay_password"
        {...digits}
        value={values.re_pay_password}
        error={errors.re_pay_password}
        onChange={(e) => set('re_pay_password')(e.target.value)}
      />
      <SmsCodeField phone={phone} template="pay_password" value={values.code} error={errors.code} onChange={set('code')} />
      <FormError message={error} />
      <Button type="submit" loading={submitting}>
        <FormattedMessage id={isSet ? 'ucentre.safe.reset' : 'ucentre.safe.set'} />
      </Button>
    </form>
  );
}
