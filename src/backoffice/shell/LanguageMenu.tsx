import { useIntl } from 'react-intl';
import { switchLocale } from '../../app/i18n';
import { LOCALES, type Locale } from '../../app/locale';

const names: Record<Locale, string> = { 'zh-cn': '中文', en: 'English' };
/** On a phone the header has room for the module tabs only with short names (the tabs read "Workl…"). */
const short: Record<Locale, string> = { 'zh-cn': '中', en: 'EN' };

/**
 * The back office's language switch: the storefront's (src/shop/layout/LanguageSwitch.tsx, same
 * `switchLocale`, same storage) drawn for the white header. Not imported from the storefront: a
 * module both the storefront and the back office import is split into a file of its own on the
 * storefront's first load, whose budget has no room for it.
 */
export function LanguageMenu() {
  const intl = useIntl();
  const current: Locale = intl.locale === 'en' ? 'en' : 'zh-cn';
  return (
    <div role="group" aria-label={intl.formatMessage({ id: 'shell.language' })} className="flex items-center gap-1">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale === 'zh-cn' ? 'zh-CN' : 'en'}
          aria-pressed={current === locale}
          aria-label={names[locale]}
          onClick={() => void switchLocale(locale)}
          className={`focus-ring rounded px-1.5 py-0.5 ${current === locale ? 'font-semibold text-slate-900' : 'text-slate-600 hover:text-office'}`}
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
