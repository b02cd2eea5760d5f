import { useIntl } from 'react-intl';
import type { EditorError } from '../../../machines/goodsEditor';
import type { GoodsEditorContext } from '../../../machines/goodsEditor.machine';
import { localName } from '../../../machines/localName';

/** The chosen classes in the reader's language ("Digital / Mobile Phones / Smartphones"), '-' when none. */
export function classPathText(context: Pick<GoodsEditorContext, 'classNames' | 'classEnames'>, locale: string): string {
  return context.classNames.map((name, i) => localName({ name, ename: context.classEnames[i] }, locale)).join(' / ') || '-';
}

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
