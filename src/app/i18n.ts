import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, LANGUAGE_KEY, detectLocale, type Locale } from './locale';

/**
 * One intl instance shared by React (RawIntlProvider) and non-React code (API toasts,
 * machine actions). Messages are loaded lazily per locale.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** A lazily loaded message module: the back office, or one storefront page (scripts/vite-locales.ts LAZY_SHOP_PARTS). */
export type MessagePart = 'backoffice' | 'auth' | 'forms' | 'cart' | 'join' | 'catalogue' | 'ucentre' | 'points' | 'promo' | 'chat';
type Loader = () => Promise<Messages>;

/** Messages arrive pre-parsed (scripts/vite-locales.ts), so no ICU parser runs in the browser. */
const loaders: Record<Locale, { shop: Loader } & Record<MessagePart, Loader>> = {
  'zh-cn': {
    shop: () => import('virtual:souk-locale/zh-cn').then((m) => m.default),
    backoffice: () => import('virtual:souk-locale/zh-cn/backoffice').then((m) => m.default),
    auth: () => import('virtual:souk-locale/zh-cn/auth').then((m) => m.default),
    forms: () => import('virtual:souk-locale/zh-cn/forms').then((m) => m.default),
    cart: () => import('virtual:souk-locale/zh-cn/cart').then((m) => m.default),
    join: () => import('virtual:souk-locale/zh-cn/join').then((m) => m.default),
    catalogue: () => import('virtual:souk-locale/zh-cn/catalogue').then((m) => m.default),
    ucentre: () => import('virtual:souk-locale/zh-cn/ucentre').then((m) => m.default),
    points: () => import('virtual:souk-locale/zh-cn/points').then((m) => m.default),
    promo: () => import('virtual:souk-locale/zh-cn/promo').then((m) => m.default),
    chat: () => import('virtual:souk-locale/zh-cn/chat').then((m) => m.default),
  },
  en: {
    shop: () => import('virtual:souk-locale/en').then((m) => m.default),
    backoffice: () => import('virtual:souk-locale/en/backoffice').then((m) => m.default),
    auth: () => import('virtual:souk-locale/en/auth').then((m) => m.default),
    forms: () => import('virtual:souk-locale/en/forms').then((m) => m.default),
    cart: () => import('virtual:souk-locale/en/cart').then((m) => m.default),
    join: () => import('virtual:souk-locale/en/join').then((m) => m.default),
    catalogue: () => import('virtual:souk-locale/en/catalogue').then((m) => m.default),
    ucentre: () => import('virtual:souk-locale/en/ucentre').then((m) => m.default),
    points: () => import('virtual:souk-locale/en/points').then((m) => m.default),
    promo: () => import('virtual:souk-locale/en/promo').then((m) => m.default),
    chat: () => import('virtual:souk-locale/en/chat').then((m) => m.default),
  },
};
/** Parts opened so far (a back-office page, the cart…): from then on they load with every locale. */
const loadedParts = new Set<MessagePart>();
const cache = createIntlCache();
// made when first asked for, not on import: the first Intl call loads the browser's locale data
// (~20 ms on a phone), which would lengthen the task that evaluates the app's modules
let intl: IntlShape | undefined;
const current = () => (intl ??= createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE, messages: {} }, cache));
const listeners = new Set<() => void>();

/** Message modules fetched so far, per `locale/part`. */
const fetched = new Map<string, Messages>();

async function fetchPart(locale: Locale, part: MessagePart | 'shop'): Promise<void> {
  const key = `${locale}/${part}`;
  if (!fetched.has(key)) fetched.set(key, await loaders[locale][part]());
}

/**
 * Some message modules of a locale merged in order, fetched once (the same modules, and the same
 * cache, as `loadMessages`); nothing is installed (the sheet import reads the other language's labels).
 */
export async function loadMessageParts(locale: Locale, parts: readonly (MessagePart | 'shop')[]): Promise<Messages> {
  if (!loaders[locale]) throw new Error(`no messages for ${locale}`);
  await Promise.all(parts.map((part) => fetchPart(locale, part)));
  return Object.assign({}, ...parts.map((part) => fetched.get(`${locale}/${part}`))) as Messages;
}

/**
 * The storefront messages plus every part opened so far. The merge happens after the awaits and
 * takes every part already fetched, so when two parts load at once the last install has both.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (!loaders[locale]) throw new Error(`no messages for ${locale}`);
  await Promise.all([fetchPart(locale, 'shop'), ...[...loadedParts].map((part) => fetchPart(locale, part))]);
  const parts = ['shop', ...loadedParts].map((part) => fetched.get(`${locale}/${part}`)).filter((m): m is Messages => !!m);
  return Object.assign({}, ...parts) as Messages;
}

/** The app's intl for a locale and its messages (the server renders pages with the same). */
export const createAppIntl = (locale: Locale, messages: Messages): IntlShape =>
  createIntl(
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

export function installIntl(locale: Locale, messages: Messages) {
  intl = createAppIntl(locale, messages);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'zh-cn' ? 'zh-CN' : 'en';
  for (const l of listeners) l();
}

export const getIntl = (): IntlShape => current();
/** Current locale in the form the server expects in Accept-Language. */
export const currentLocale = (): Locale => (current().locale === 'en' ? 'en' : 'zh-cn');
export const t = (id: string, values?: Record<string, string | number>) => current().formatMessage({ id }, values) as string;

export function subscribeIntl(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The first messages: the storefront's and `parts` (a server-rendered page's), installed at once. */
export async function initIntl(parts: readonly MessagePart[] = []): Promise<void> {
  parts.forEach((part) => loadedParts.add(part));
  const locale = detectLocale();
  installIntl(locale, await loadMessages(locale));
}

/** Language switch: remember the choice and swap messages without a reload. */
export async function switchLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, locale);
  installIntl(locale, await loadMessages(locale));
}

/** Load a message part (once) for the current locale, keeping those already installed. */
export async function ensureMessages(part: MessagePart): Promise<void> {
  if (loadedParts.has(part)) return;
  loadedParts.add(part);
  const locale = currentLocale();
  try {
    installIntl(locale, await loadMessages(locale));
  } catch (error) {
    loadedParts.delete(part);
    throw error;
  }
}

/** The back office's own messages (page labels, table texts): loaded by its routes, not by the shop. */
export const ensureBackofficeMessages = (): Promise<void> => Promise.all([ensureMessages('backoffice'), ensureMessages('forms'), ensureMessages('auth')]).then(() => undefined);
