import { useIntl } from 'react-intl';
import { ledgerNameKey } from '../user/money/logName';

/** A money log's stored name in the reader's language when it is one the server writes (back office). */
export function LedgerName({ name }: { name: unknown }) {
  const intl = useIntl();
  const text = typeof name === 'string' ? name : '';
  const key = ledgerNameKey(text, 'page.moneyLogs.kind');
  return <>{key ? intl.formatMessage({ id: key }) : text}</>;
}
