/**
 * Translators of every interface language for the back office's texts, the current one first:
 * a sheet's header may be in either (exported with the English interface, imported with the
 * Chinese one). The other language's messages load on the first import, never with a page; the
 * modules are the app's own message chunks (src/app/i18n.ts loads the same ones).
 */
import { createIntl, createIntlCache } from 'react-intl';
import { currentLocale, t, type Messages } from '../../app/i18n';
import type { Locale } from '../../app/locale';

export type Translate = (key: string) => string;

const modules: Record<Locale, () => Promise<Messages[]>> = {
  'zh-cn': () =>
    Promise.all([
      import('virtual:souk-locale/zh-cn').then((m) => m.default),
      import('virtual:souk-locale/zh-cn/backoffice').then((m) => m.default),
      import('virtual:souk-locale/zh-cn/forms').then((m) => m.default),
    ]),
  en: () =>
    Promise.all([
      import('virtual:souk-locale/en').then((m) => m.default),
      import('virtual:souk-locale/en/backoffice').then((m) => m.default),
      import('virtual:souk-locale/en/forms').then((m) => m.default),
    ]),
};

const cache = createIntlCache();
const loaded = new Map<Locale, Promise<Translate>>();

function translatorOf(locale: Locale): Promise<Translate> {
  let found = loaded.get(locale);
  if (!found) {
    found = modules[locale]().then((parts) => {
      const intl = createIntl({ locale: locale === 'zh-cn' ? 'zh-CN' : 'en', defaultLocale: 'zh-CN', messages: Object.assign({}, ...parts) as Messages, onError: () => {} }, cache);
      return (key: string) => intl.formatMessage({ id: key }) as string;
    });
    found.catch(() => loaded.delete(locale));
    loaded.set(locale, found);
  }
  return found;
}

/** The current language's translator, then the others' (a language that fails to load is left out). */
export async function everyLanguage(): Promise<Translate[]> {
  const others = (Object.keys(modules) as Locale[]).filter((locale) => locale !== currentLocale());
  const more = await Promise.all(others.map((locale) => translatorOf(locale).catch(() => null)));
  return [(key: string) => t(key), ...more.filter((x): x is Translate => x !== null)];
}
