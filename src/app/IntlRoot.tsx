import { useSyncExternalStore, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { getIntl, subscribeIntl } from './i18n';

/** Provides the shared intl instance and re-renders on a language switch. */
export function IntlRoot({ children }: { children: ReactNode }) {
  const intl = useSyncExternalStore(subscribeIntl, getIntl, getIntl);
  return (
    <RawIntlProvider value={intl}>
      {children}
    </RawIntlProvider>
  );
}
