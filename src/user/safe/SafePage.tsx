import { FormattedMessage, useIntl } from 'react-intl';
import { fetchUser } from '../../api/auth';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { PayPasswordForm } from './PayPasswordForm';

/**
 * /user/safe (account security): the pay password the balance payment asks for, set or reset
 * with an SMS code to the account's phone. The phone and whether a pay password is set come from
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

export default function SafePage() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.safe.title' })}>
      <PayPasswordSection />
    </UserLayout>
  );
}
