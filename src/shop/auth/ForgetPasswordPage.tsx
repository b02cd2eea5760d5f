import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { forgetPassword } from '../../api/account';
import { toast } from '../../ui/toast';
import { AuthCard } from './AuthCard';
import { PhoneCodeForm } from './PhoneCodeForm';

/** /forget_password (screens §3.4): new password by SMS code, then logged in. */
export default function ForgetPasswordPage() {
  const intl = useIntl();
  return (
    <AuthCard
      title={<FormattedMessage id="auth.forget.title" />}
      footer={
        <Link href="/login" className="focus-ring rounded text-brand hover:underline">
          <FormattedMessage id="auth.forget.toLogin" />
        </Link>
      }
    >
      <PhoneCodeForm
        template="forget_password"
        passwordLabel={<FormattedMessage id="auth.field.newPassword" />}
        submitLabel={<FormattedMessage id="auth.forget.submit" />}
        onSubmit={forgetPassword}
        onSuccess={() => toast.success(intl.formatMessage({ id: 'msg.success' }))}
      />
    </AuthCard>
  );
}
