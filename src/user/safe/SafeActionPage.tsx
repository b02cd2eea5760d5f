import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { fetchUser } from '../../api/auth';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Spinner } from '../../ui/Spinner';
import { IdentityForm } from './IdentityForm';
import { PasswordForm } from './PasswordForm';
import { PayPasswordForm } from './PayPasswordForm';
import { PhoneForm } from './PhoneForm';
import { SafeFrame } from './SafeFrame';

/** The account's phone and whether a pay password is set (/api/auth/info), fetched again after a change. */
function useAccount() {
  return useResource('user-info', () => fetchUser(2, { quiet: true }));
}

function Waiting({ account }: { account: ReturnType<typeof useAccount> }) {
  return account.status === 'failed' ? <LoadFailed onRetry={account.reload} /> : <Spinner />;
}

function PasswordAction() {
  const account = useAccount();
  if (!account.data) return <Waiting account={account} />;
  return <PasswordForm phone={typeof account.data.phone === 'string' ? account.data.phone : ''} />;
}

function PhoneAction() {
  const account = useAccount();
  if (!account.data) return <Waiting account={account} />;
  return <PhoneForm phone={typeof account.data.phone === 'string' ? account.data.phone : ''} onDone={account.reload} />;
}

/** The pay password the balance payment asks for, set or reset with an SMS code to the account's phone. */
function PayPasswordAction() {
  const account = useAccount();
  if (!account.data) return <Waiting account={account} />;
  const phone = typeof account.data.phone === 'string' ? account.data.phone : '';
  const isSet = account.data.pay_password_set === true;
  return (
    <>
      {typeof account.data.pay_password_set === 'boolean' && (
        <p data-testid="pay-password-status" className="text-sm text-slate-700">
          <FormattedMessage id={isSet ? 'ucentre.safe.isSet' : 'ucentre.safe.notSet'} />
        </p>
      )}
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
    </>
  );
}

/** The security actions, each at its own address (spec §2, screens §3.34). */
export const SAFE_ACTIONS = [
  { path: '/user/safe/password', title: 'ucentre.safe.loginPassword', Body: PasswordAction },
  { path: '/user/safe/pay_password', title: 'ucentre.safe.payPassword', Body: PayPasswordAction },
  { path: '/user/safe/phone', title: 'ucentre.safe.phone', Body: PhoneAction },
  { path: '/user/safe/check', title: 'ucentre.safe.check', Body: IdentityForm },
] as const;

/** /user/safe/password, /user/safe/pay_password, /user/safe/phone, /user/safe/check. */
export default function SafeActionPage() {
  const [path] = useLocation();
  const action = SAFE_ACTIONS.find((a) => a.path === path.replace(/\/+$/, '')) ?? SAFE_ACTIONS[0];
  return (
    <SafeFrame title={action.title}>
      <action.Body />
    </SafeFrame>
  );
}
