import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, LANGUAGE_KEY, detectLocale, type Locale } from './locale';

/**
 * One intl instance shared by React (RawIntlProvider) and non-React code (API toasts,
 * machine actions). Messages are loaded lazily per locale.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** Messages arrive pre-parsed (scripts/vite-locales.ts), so no ICU parser runs in the browser. */
const loaders: Record<Locale, { shop: () => Promise<Messages>; backoffice: () => Promise<Messages> }> = {
  'zh-cn': {
    shop: () => import('virtual:souk-locale/zh-cn').then((m) => m.default),
    backoffice: () => import('virtual:souk-locale/zh-cn/backoffice').then((m) => m.default),
  },
  en: {
    shop: () => import('virtual:souk-locale/en').then((m) => m.default),
    backoffice: () => import('virtual:souk-locale/en/backoffice').then((m) => m.default),
  },
};
/** Set once a back-office page is opened: from then on its messages load with every locale. */
let withBackoffice = false;
const cache = createIntlCache();
let intl: IntlShape = createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE, messages: {} }, cache);
const listeners = new Set<() => void>();

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[locale];
  if (!load) throw new Error(`no messages for ${locale}`);
  if (!withBackoffice) return load.shop();
  const [shop, backoffice] = await Promise.all([load.shop(), load.backoffice()]);
  return { ...shop, ...backoffice } as Messages;
}

export function installIntl(locale: Locale, messages: Messages) {
  intl = createIntl(
    {
      locale: locale === 'zh-cn' ? 'zh-CN' : 'en',
      defaultLocale: 'zh-CN',
      messages,
      onError: (err) => {
        if (import.meta.env.DEV) console.warn('[souk] intl', err.message);
      },
    },
    cache,
  );
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'zh-cn' ? 'zh-CN' : 'en';
  for (const l of listeners) l();
}

export const getIntl = () => intl;
/** Current locale in the form the server expects in Accept-Language. */
export const currentLocale = (): Locale => (intl.locale === 'en' ? 'en' : 'zh-cn');
export const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values) as string;

export function subscribeIntl(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export async function initIntl(): Promise<void> {
  const locale = detectLocale();
  installIntl(locale, await loadMessages(locale));
}

/** Language switch: remember the choice and swap messages without a reload. */
export async function switchLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, locale);
  installIntl(locale, await loadMessages(locale));
}

/** The back office's own messages (page labels, table texts): loaded by its routes, not by the shop. */
export async function ensureBackofficeMessages(): Promise<void> {
  if (withBackoffice) return;
  withBackoffice = true;
  const locale = currentLocale();
  installIntl(locale, await loadMessages(locale));
}
