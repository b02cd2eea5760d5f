import { FormattedMessage, useIntl } from 'react-intl';
import { loadOauth } from '../../api/account';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';

/**
 * /user/oauth (screens §3.33): the third-party logins the shop knows (GET /api/user/oauth), each
 * with whether the shop set it up and whether this account is linked. Read-only: where no login
 * is set up it says so, and no button pretends to bind anything.
 */
export default function OauthPage() {
  const intl = useIntl();
  const list = useResource('user-oauth', loadOauth);
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.oauth.title' })}>
      <p className="mb-4 text-sm text-slate-700">
        <FormattedMessage id="ucentre.oauth.intro" />
      </p>
      {list.status === 'failed' ? (
        <LoadFailed message={list.message} onRetry={list.reload} />
      ) : !list.data ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.data.map((item) => (
            <li key={item.provider} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid={`oauth-${item.provider}`}>
              <div>
                <p className="text-sm font-medium text-slate-900">{item.name}</p>
                <p className="text-xs text-slate-600">
                  <FormattedMessage id={item.configured ? 'ucentre.oauth.configured' : 'ucentre.oauth.notConfigured'} />
                </p>
              </div>
              <span className={`self-start rounded px-2 py-0.5 text-xs sm:self-auto ${item.bound ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
                <FormattedMessage id={item.bound ? 'ucentre.oauth.bound' : 'ucentre.oauth.notBound'} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </UserLayout>
  );
}
