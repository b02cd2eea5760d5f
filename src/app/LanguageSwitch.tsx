import { useIntl } from 'react-intl';
import { switchLocale } from './i18n';
import { LOCALES, type Locale } from './locale';

const names: Record<Locale, string> = { 'zh-cn': '中文', en: 'English' };
/** On a phone the headers have room for their tabs and links only with short names. */
const short: Record<Locale, string> = { 'zh-cn': '中', en: 'EN' };
/**
 * The language switch of the storefront and the back office: writes localStorage `language` and
 * swaps the messages in place. `hover`: the area's colour for the other language on hover.
 */
export function LanguageSwitch({ hover }: { hover: 'hover:text-brand' | 'hover:text-office' }) {
  const intl = useIntl();
  const current: Locale = intl.locale === 'en' ? 'en' : 'zh-cn';
  return (
    <div role="group" aria-label={intl.formatMessage({ id: 'shop.top.language' })} className="flex shrink-0 items-center gap-1">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale === 'zh-cn' ? 'zh-CN' : 'en'}
          aria-pressed={current === locale}
          aria-label={names[locale]}
          onClick={() => void switchLocale(locale)}
          className={`focus-ring rounded px-1.5 py-0.5 ${current === locale ? 'bg-white font-semibold text-slate-900' : `text-slate-700 ${hover}`}`}
        >
          <span aria-hidden="true" className="sm:hidden">
            {short[locale]}
          </span>
          <span aria-hidden="true" className="max-sm:hidden">
            {names[locale]}
          </span>
        </button>
      ))}
    </div>
  );
}
