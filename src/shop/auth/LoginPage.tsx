import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useSession } from '../../app/session';
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
    </AuthCard>
  );
}
