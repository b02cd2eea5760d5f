import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Sets the document title to a message of the points mall. */
export function usePageTitle(id: string, values?: Record<string, string | number>) {
  const intl = useIntl();
  const text = intl.formatMessage({ id }, values);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
