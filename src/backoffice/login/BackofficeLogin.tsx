import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AREAS, type AreaIndex } from '../../../machines/areas';
import { go } from '../../app/navigation';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { CredentialFields } from '../../ui/CredentialFields';
import { AgreementDialog } from './AgreementDialog';

/**
 * /Admin/login and /Seller/login (screens §4.1): account + password + agreement (checked by
 * default); Enter submits; empty fields are refused before any request. The session machine
 * logs in with `area` in the form and then goes to the account's defaultUrl.
 */
export default function BackofficeLogin({ area }: { area: AreaIndex }) {
  const intl = useIntl();
  const session = useSession(area);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  // already logged in in this area (e.g. a bookmarked login page): straight to the landing page
  useEffect(() => {
    if (session.loggedIn) go(session.user?.defaultUrl || AREAS[area].pagePrefix, { replace: true });
    // only on arrival; a fresh login is sent on by the session machine
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setError(intl.formatMessage({ id: 'msg.readAgreement' }));
      return;
    }
    if (!username.trim() || !password) {
      setError(intl.formatMessage({ id: 'auth.backoffice.empty' }));
      return;
    }
    setError(null);
    session.send({ type: 'LOGIN.SUBMIT', username: username.trim(), password });
  };

  const titleId = area === 0 ? 'auth.backoffice.adminTitle' : 'auth.backoffice.sellerTitle';
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-800 to-office-dark px-4">
      <section aria-labelledby="bo-login-title" className="w-full max-w-[400px] rounded-lg bg-white p-8 shadow-xl">
        <h1 id="bo-login-title" className="text-xl font-semibold text-slate-900">
          <FormattedMessage id={titleId} />
        </h1>
        <p className="mb-6 text-sm text-slate-600">
          <FormattedMessage id="auth.backoffice.subtitle" />
        </p>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <CredentialFields accountLabel="auth.backoffice.account" username={username} password={password} onUsername={setUsername} onPassword={setPassword} />
          <div className="flex flex-wrap items-center gap-x-1 gap-y-1 text-sm text-slate-700">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} className="focus-ring h-4 w-4 accent-office" />
              <FormattedMessage id="auth.backoffice.agreed" />
            </label>
            {/* the agreement itself opens (it only toggled the checkbox before) */}
            <button type="button" onClick={() => setReading(true)} className="focus-ring rounded text-office underline-offset-2 hover:underline">
              <FormattedMessage id="auth.backoffice.agreementLink" />
            </button>
          </div>
          {error && (
            <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <Button type="submit" variant="office" block loading={session.busy}>
            <FormattedMessage id="auth.backoffice.submit" />
          </Button>
        </form>
        <AgreementDialog open={reading} onClose={() => setReading(false)} />
      </section>
    </main>
  );
}
