import { useIntl } from 'react-intl';
import type { EditorError } from '../../../machines/goodsEditor';

/** Translated text of a validation message (a locale key, or the server's own text). */
export function useErrorText() {
  const intl = useIntl();
  return (error: EditorError | undefined) => (error ? (error.text ?? intl.formatMessage({ id: error.key }, error.values)) : undefined);
}

/** A message that is a locale key (translated) or a server message (shown as is). */
export function useMessageText() {
  const intl = useIntl();
  return (message: string | null) => (!message ? '' : Object.hasOwn(intl.messages, message) ? intl.formatMessage({ id: message }) : message);
}
