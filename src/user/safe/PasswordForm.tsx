import { FormattedMessage } from 'react-intl';
import { changePassword } from '../../api/account';
import { FormError } from '../../shop/auth/AuthCard';
import { SmsCodeField } from '../../shop/auth/SmsCodeField';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { maskPhone } from './payPasswordCheck';
import { useSafeForm } from './useSafeForm';

type Key = 'password' | 're_password' | 'code' | 'old_password';
const EMPTY: Record<Key, string> = { password: '', re_password: '', code: '', old_password: '' };

/**
 * A new login password (PUT /api/user/password): typed twice, confirmed with an `edit_user` SMS
 * code to the account's phone (the current password when the account has no phone). The server
 * ends the account's other sessions.
 */
export function PasswordForm({ phone }: { phone: string }) {
  const { values, errors, error, saving, set, submit } = useSafeForm(EMPTY, {
    check: (v, say) => {
      const found: Partial<Record<Key, string>> = {};
      if (v.password.length < 6 || v.password.length > 32) found.password = say('ucentre.safe.rule.login');
      else if (v.password !== v.re_password) found.re_password = say('msg.reInputError');
      if (phone && !/^\d{6}$/.test(v.code.trim())) found.code = say('auth.rule.code');
      if (!phone && !v.old_password) found.old_password = say('ucentre.safe.rule.oldPassword');
      return found;
    },
    send: (v) => changePassword(phone ? { password: v.password, re_password: v.re_password, code: v.code.trim() } : { password: v.password, re_password: v.re_password, old_password: v.old_password }),
    done: 'ucentre.safe.passwordDone',
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4" aria-labelledby="user-page-title">
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
