import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { logNoteMessage } from './logNote';

/**
 * A history note the server wrote (in Chinese) in the reader's language, with the area's message
 * keys (`prefix`) and its way of naming a payment method; any other note as stored.
 */
export function LogNote({ note, prefix, method }: { note: string; prefix: 'ucentre.note' | 'page.orders.note'; method: (name: string) => ReactNode }) {
  const message = logNoteMessage(note, prefix);
  if (!message) return <>{note}</>;
  const values: Record<string, ReactNode> = { ...message.values };
  if (message.values.method) values.method = method(message.values.method);
  return <FormattedMessage id={message.id} values={values} />;
}
