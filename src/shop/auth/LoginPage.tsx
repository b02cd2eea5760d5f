import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { oauthAppFor, oauthStartUrl } from '../../api/oauth';
import { useSession } from '../../app/session';
import { useCommon } from '../layout/commonStore';
import { Button } from '../../ui/Button';
import { CredentialFields } from '../../ui/CredentialFields';
import { AuthCard, FormError } from './AuthCard';

/** Shopper login (/login): phone or username + password; Enter submits (screens §3.2). */
export default function LoginPage() {
  const intl = useIntl();
  const session = useSession(2);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      // the same sentence as the server's answer to a failed login (auth/messages.ts loginFailed)
      setError(intl.formatMessage({ id: 'auth.login.failed' }));
      return;
    }
    setError(null);
    session.send({ type: 'LOGIN.SUBMIT', username: username.trim(), password });
  };

  const refused = session.error === 'subAccount' ? intl.formatMessage({ id: 'msg.subNotAllowBuy' }) : null;
  const offered = useCommon().data?.common.oauth;
  const wechat = oauthAppFor(offered, typeof navigator === 'undefined' ? '' : navigator.userAgent);

  return (
    <AuthCard
      title={<FormattedMessage id="auth.login.title" />}
      footer={
        <>
          <Link href="/register" className="focus-ring rounded text-brand hover:underline">
            <FormattedMessage id="auth.login.toRegister" />
          </Link>
          <Link href="/forget_password" className="focus-ring rounded text-slate-700 hover:underline">
            <FormattedMessage id="auth.login.toForget" />
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <CredentialFields accountLabel="auth.field.account" username={username} password={password} onUsername={setUsername} onPassword={setPassword} />
        <FormError message={error ?? refused} />
        <Button type="submit" block loading={session.busy}>
          <FormattedMessage id="auth.login.submit" />
        </Button>
      </form>
      {wechat && (
        <div className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-4">
          <p className="text-center text-xs text-slate-600">
            <FormattedMessage id="auth.wechat.or" />
          </p>
          <a href={oauthStartUrl(wechat)} className="focus-ring flex items-center justify-center gap-2 rounded border border-emerald-600 px-3 py-2 text-sm font-medium text-emerald-800 hover:bg-emerald-50" data-testid="wechat-login">
            <FormattedMessage id={wechat === 'weixin' ? 'auth.wechat.loginInWechat' : 'auth.wechat.loginQr'} />
          </a>
        </div>
      )}
    </AuthCard>
  );
}
