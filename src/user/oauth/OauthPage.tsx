import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadOauth, type OauthBinding } from '../../api/account';
import { resultText } from '../../api/client';
import { oauthStartUrl, unbindApp } from '../../api/oauth';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { Avatar } from '../../ui/Avatar';

const link = 'focus-ring rounded border border-emerald-600 px-3 py-1 text-sm text-emerald-800 hover:bg-emerald-50';

/**
 * /user/oauth (screens §3.33): the WeChat logins the shop offers (GET /api/user/oauth), each bound
 * (with the WeChat nickname, and an unbind button) or not (a bind button that starts the WeChat
 * login; WeChat's answer binds it to this account). A login the shop has not set up says so.
 */
export default function OauthPage() {
  const intl = useIntl();
  const list = useResource('user-oauth', loadOauth);
  const [unbinding, setUnbinding] = useState<OauthBinding | null>(null);
  const [busy, setBusy] = useState(false);

  const unbind = async () => {
    if (!unbinding) return;
    setBusy(true);
    const result = await unbindApp(unbinding.provider);
    setBusy(false);
    setUnbinding(null);
    if (result.kind === 'ok') toast.success(intl.formatMessage({ id: 'ucentre.oauth.unbound' }));
    else toast.error(resultText(result) || intl.formatMessage({ id: 'msg.fail' }));
    list.reload();
  };

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
            <li key={item.provider} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid={`oauth-${item.provider}`}>
              <div className="flex items-center gap-3">
                {item.bound && item.avatar && (
                  <Avatar
                    src={item.avatar}
                    name={item.nickname}
                    className="h-9 w-9 rounded-full"
                    fallbackClassName="flex h-9 w-9 items-center justify-center rounded-full bg-emerald-100 text-sm font-semibold text-emerald-800"
                  />
                )}
                <div>
                  <p className="text-sm font-medium text-slate-900">{item.name}</p>
                  <p className="text-xs text-slate-600">
                    {item.bound ? (
                      <FormattedMessage id="ucentre.oauth.boundAs" values={{ name: item.nickname || '-', time: item.bound_at ?? '' }} />
                    ) : (
                      <FormattedMessage id={item.configured ? 'ucentre.oauth.configured' : 'ucentre.oauth.notConfigured'} />
                    )}
                  </p>
                </div>
              </div>
              <div className="flex items-center gap-2 self-start sm:self-auto">
                <span className={`rounded px-2 py-0.5 text-xs ${item.bound ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
                  <FormattedMessage id={item.bound ? 'ucentre.oauth.bound' : 'ucentre.oauth.notBound'} />
                </span>
                {item.bound ? (
                  <Button variant="secondary" className="!px-3 !py-1" onClick={() => setUnbinding(item)}>
                    <FormattedMessage id="ucentre.oauth.unbind" />
                  </Button>
                ) : (
                  item.configured && (
                    <a href={oauthStartUrl(item.provider)} className={link}>
                      <FormattedMessage id="ucentre.oauth.bind" />
                    </a>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={unbinding !== null}
        title={intl.formatMessage({ id: 'ucentre.oauth.unbindTitle' })}
        message={intl.formatMessage({ id: 'ucentre.oauth.unbindConfirm' }, { name: unbinding?.name ?? '' })}
        busy={busy}
        onConfirm={() => void unbind()}
        onCancel={() => setUnbinding(null)}
      />
    </UserLayout>
  );
}
