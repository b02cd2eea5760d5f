import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { register } from '../../api/account';
import { AuthCard } from './AuthCard';
import { resolveInviter } from './inviter';
import { PhoneCodeForm } from './PhoneCodeForm';

/** /register (screens §3.3): phone, password, confirmation, SMS code; inviter from ?inviter_id=. */
export default function RegisterPage() {
  const search = useSearch();
  const inviter = useMemo(() => resolveInviter(search), [search]);
  return (
    <AuthCard
      title={<FormattedMessage id="auth.register.title" />}
      footer={
        <Link href="/login" className="focus-ring rounded text-brand hover:underline">
          <FormattedMessage id="auth.register.toLogin" />
        </Link>
      }
    >
      <PhoneCodeForm
        template="register"
        passwordLabel={<FormattedMessage id="auth.field.password" />}
        submitLabel={<FormattedMessage id="auth.register.submit" />}
        onSubmit={(v) => register({ ...v, inviter_id: inviter })}
      />
    </AuthCard>
  );
}
