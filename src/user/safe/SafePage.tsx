import { FormattedMessage, useIntl } from 'react-intl';
import { fetchUser } from '../../api/auth';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { PasswordForm } from './PasswordForm';
import { PayPasswordForm } from './PayPasswordForm';
import { PhoneForm } from './PhoneForm';

/**
 * /user/safe (account security, screens §3.34): the login password and the phone (PasswordForm,
 * PhoneForm), and the pay password the balance payment asks for, set or reset with an SMS code to
 * the account's phone. The phone and whether a pay password is set come from
 * /api/auth/info (`pay_password_set`), fetched again after a change.
 */
function PayPasswordSection() {
  const account = useResource('user-info', () => fetchUser(2, { quiet: true }));
  if (!account.data) return account.status === 'loading' ? <Spinner /> : <LoadFailed onRetry={account.reload} />;
  const phone = typeof account.data.phone === 'string' ? account.data.phone : '';
  const known = typeof account.data.pay_password_set === 'boolean';
  const isSet = account.data.pay_password_set === true;
  return (
    <section aria-labelledby="safe-pay-password" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="safe-pay-password" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="ucentre.safe.payPassword" />
        </h2>
        {known && (
          <span data-testid="pay-password-status" className={`rounded px-2 py-0.5 text-xs ${isSet ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-800'}`}>
            <FormattedMessage id={isSet ? 'ucentre.safe.isSet' : 'ucentre.safe.notSet'} />
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600">
        <FormattedMessage id="ucentre.safe.intro" />
      </p>
      {phone ? (
        <PayPasswordForm phone={phone} isSet={isSet} onDone={account.reload} />
      ) : (
        <p role="status" className="text-sm text-amber-800">
          <FormattedMessage id="ucentre.safe.noPhone" />
        </p>
      )}
    </section>
  );
}

/** The login password and the phone number, each changed with SMS codes. */
function AccountSections() {
  const account = useResource('user-info', () => fetchUser(2, { quiet: true }));
  if (!account.data) return null;
  const phone = typeof account.data.phone === 'string' ? account.data.phone : '';
  return (
    <>
      <section aria-labelledby="safe-login-password" className="flex flex-col gap-3">
        <h2 id="safe-login-password" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="ucentre.safe.loginPassword" />
        </h2>
        <PasswordForm phone={phone} />
      </section>
      <section aria-labelledby="safe-phone" className="flex flex-col gap-3">
        <h2 id="safe-phone" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="ucentre.safe.phone" />
        </h2>
        <PhoneForm phone={phone} onDone={account.reload} />
      </section>
    </>
  );
}

export default function SafePage() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.safe.title' })}>
      <div className="flex flex-col gap-8 divide-slate-100">
        <AccountSections />
        <PayPasswordSection />
      </div>
    </UserLayout>
  );
}
