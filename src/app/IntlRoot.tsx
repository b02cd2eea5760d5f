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

/**
 * The language switch of the storefront's top bar and the back office's header, imported from
 * here: this module is in the entry file, so the switch is too. A module both the storefront and
 * the back office import is otherwise split into a small file of its own on the storefront's
 * first load, about 0.2 KB gzip its budget has no room for.
 */
export { LanguageSwitch } from './LanguageSwitch';
