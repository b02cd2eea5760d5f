/**
 * Translators of every interface language for the back office's texts, the current one first:
 * a sheet's header may be in either (exported with the English interface, imported with the
 * Chinese one). The other language's messages load on the first import, never with a page,
 * through the app's own loader (src/app/i18n.ts: same modules, fetched once).
 */
import { createAppIntl, currentLocale, loadMessageParts, t } from '../../app/i18n';
import { LOCALES, type Locale } from '../../app/locale';

export type Translate = (key: string) => string;

/** The parts a table page's labels come from. */
const SHEET_PARTS = ['shop', 'backoffice', 'forms'] as const;

/** A language's translator (its messages are fetched once by i18n; the intl is built per import). */
async function translatorOf(locale: Locale): Promise<Translate> {
  const intl = createAppIntl(locale, await loadMessageParts(locale, SHEET_PARTS));
  return (key: string) => intl.formatMessage({ id: key }) as string;
}

/** The current language's translator, then the others' (a language that fails to load is left out). */
export async function everyLanguage(): Promise<Translate[]> {
  const others = LOCALES.filter((locale) => locale !== currentLocale());
  const more = await Promise.all(others.map((locale) => translatorOf(locale).catch(() => null)));
  return [(key: string) => t(key), ...more.filter((x): x is Translate => x !== null)];
}
