import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { fetchUser } from '../../api/auth';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { maskPhone } from './payPasswordCheck';

interface Row {
  href: string;
  title: string;
  /** What is on file now. */
  state: string;
  done: boolean;
  action: string;
}

/**
 * /user/safe (screens §3.34): the security actions, each with what is on file and a link to its
 * own page — login password, pay password, phone, identity.
 */
function SafeList() {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const account = useResource('user-info', () => fetchUser(2, { quiet: true }));
  if (!account.data) return account.status === 'failed' ? <LoadFailed onRetry={account.reload} /> : <Spinner />;
  const phone = typeof account.data.phone === 'string' ? account.data.phone : '';
  const payPassword = account.data.pay_password_set === true;
  const checked = account.data.check === true;
  const rows: Row[] = [
    { href: '/user/safe/password', title: 'ucentre.safe.loginPassword', state: say('ucentre.safe.isSet'), done: true, action: 'ucentre.safe.change' },
    { href: '/user/safe/pay_password', title: 'ucentre.safe.payPassword', state: say(payPassword ? 'ucentre.safe.isSet' : 'ucentre.safe.notSet'), done: payPassword, action: payPassword ? 'ucentre.safe.change' : 'ucentre.safe.doSet' },
    { href: '/user/safe/phone', title: 'ucentre.safe.phone', state: phone ? say('ucentre.safe.bound', { phone: maskPhone(phone) }) : say('ucentre.safe.notSet'), done: !!phone, action: phone ? 'ucentre.safe.change' : 'ucentre.safe.doSet' },
    { href: '/user/safe/check', title: 'ucentre.safe.check', state: say(checked ? 'ucentre.safe.checked' : 'ucentre.safe.unchecked'), done: checked, action: checked ? 'ucentre.safe.viewCheck' : 'ucentre.safe.doCheck' },
  ];
  return (
    <ul className="divide-y divide-slate-100" data-testid="safe-list">
      {rows.map((row) => (
        <li key={row.href} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
          <span className="min-w-24 font-medium text-slate-900">
            <FormattedMessage id={row.title} />
          </span>
          <span className={`flex-1 text-sm ${row.done ? 'text-green-800' : 'text-amber-800'}`}>{row.state}</span>
          <Link href={row.href} className="focus-ring rounded border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-brand hover:text-brand" aria-label={say('ucentre.safe.actionOf', { action: say(row.action), name: say(row.title) })}>
            <FormattedMessage id={row.action} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function SafePage() {
  const intl = useIntl();
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.safe.title' })}>
      <SafeList />
    </UserLayout>
  );
}
