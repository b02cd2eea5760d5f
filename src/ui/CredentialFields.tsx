import { FormattedMessage } from 'react-intl';
import { Field } from './Field';

export interface CredentialFieldsProps {
  /** Locale key of the account field's label (the shop and the consoles name it differently). */
  accountLabel: string;
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
}

/** Account and password inputs of every login form, with the autocomplete hints password managers use. */
export function CredentialFields({ accountLabel, username, password, onUsername, onPassword }: CredentialFieldsProps) {
  return (
    <>
      <Field label={<FormattedMessage id={accountLabel} />} name="username" autoComplete="username" value={username} onChange={(e) => onUsername(e.target.value)} />
      <Field
        label={<FormattedMessage id="auth.field.password" />}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </>
  );
}
