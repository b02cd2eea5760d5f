/** Locale choice (spec §9): stored setting, else the browser, zh/cn → zh-cn, en* → en, default zh-cn. */
export type Locale = 'zh-cn' | 'en';
export const LOCALES: Locale[] = ['zh-cn', 'en'];
export const DEFAULT_LOCALE: Locale = 'zh-cn';
export const LANGUAGE_KEY = 'language';

export function normalizeLocale(raw: string | null | undefined): Locale | null {
  if (!raw) return null;
  const v = raw.trim().toLowerCase();
  if (v === 'zh' || v === 'cn' || v === 'zh-cn' || v.startsWith('zh-') || v.startsWith('zh_')) return 'zh-cn';
  if (v.startsWith('en')) return 'en';
  return null;
}

export function pickLocale(stored: string | null | undefined, browser: string | null | undefined): Locale {
  return normalizeLocale(stored) ?? normalizeLocale(browser) ?? DEFAULT_LOCALE;
}

export function detectLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    stored = null;
  }
  return pickLocale(stored, typeof navigator === 'undefined' ? null : navigator.language);
}
