/**
 * Server-side message catalogue. Every user-facing `msg` comes from here, in the caller's
 * language (Accept-Language or `lang`), zh-cn by default.
 */
export type Lang = 'zh-cn' | 'en';

const catalogue = {
  ok: { 'zh-cn': '操作成功。', en: 'Operation successful.' },
  fail: { 'zh-cn': '操作失败。', en: 'Operation failed.' },
  notFound: { 'zh-cn': '找不到该数据。', en: 'Data not found.' },
  databaseUnavailable: { 'zh-cn': '服务暂时不可用，请稍后重试。', en: 'The service is briefly unavailable, please try again.' },
  routeNotFound: { 'zh-cn': '接口不存在。', en: 'No such API route.' },
  serverError: { 'zh-cn': '服务器异常，请稍后重试。', en: 'Server error, please try again later.' },
  unauthorized: { 'zh-cn': '登录已失效，请重新登录。', en: 'Your session has expired, please log in again.' },
  forbidden: { 'zh-cn': '权限异常。', en: 'You do not have permission for this.' },
  tooMany: { 'zh-cn': '您请求太频繁了，请休息一会', en: 'Too many requests, please take a break.' },
  invalid: { 'zh-cn': '提交的数据有误：{detail}', en: 'Invalid data: {detail}' },
  bodyTooLarge: { 'zh-cn': '提交的数据过大。', en: 'The request is too large.' },
  fieldRequired: { 'zh-cn': '{field} 不能为空。', en: 'The field {field} is required.' },
  fieldTooShort: { 'zh-cn': '{field} 至少需要 {min} 个字符。', en: 'The field {field} needs at least {min} characters.' },
  fieldTooLong: { 'zh-cn': '{field} 最多 {max} 个字符。', en: 'The field {field} allows at most {max} characters.' },
  fieldTooSmall: { 'zh-cn': '{field} 不能小于 {min}。', en: 'The field {field} must be at least {min}.' },
  fieldTooLarge: { 'zh-cn': '{field} 不能大于 {max}。', en: 'The field {field} must be at most {max}.' },
  fieldInvalid: { 'zh-cn': '{field} 格式不正确。', en: 'The field {field} is invalid.' },
  fieldMismatch: { 'zh-cn': '两次输入的 {field} 不一致。', en: 'The two {field} entries do not match.' },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof catalogue;
const extra: Record<string, Record<Lang, string>> = {};

/** Every message known so far (the catalogue and what modules registered): the punctuation check reads them. */
export const allMessages = (): Readonly<Record<string, Record<Lang, string>>> => ({ ...catalogue, ...extra });

/** Modules register their own messages at import time. */
export function defineMessages<K extends string>(messages: Record<K, Record<Lang, string>>): (key: K, lang: Lang, vars?: Record<string, string | number>) => string {
  Object.assign(extra, messages);
  return (key, lang, vars) => t(key as string, lang, vars);
}

export function t(key: string, lang: Lang, vars?: Record<string, string | number>): string {
  const entry = (catalogue as Record<string, Record<Lang, string>>)[key] ?? extra[key];
  let text = entry ? entry[lang] ?? entry['zh-cn'] : key;
  if (vars) {
    text = plurals(text, lang, vars);
    for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
  }
  return text;
}

/**
 * The ICU plural arguments of a message, `{count, plural, =0 {none} one {# row} other {# rows}}`,
 * resolved for `vars` (`#` is the number); the rest of the message is left as it is. A message
 * without one is returned unchanged.
 */
export function plurals(text: string, lang: Lang, vars: Record<string, string | number>): string {
  const start = /\{(\w+), *plural, */g;
  let out = '';
  let from = 0;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    // The branches: `selector {text}` pairs up to the argument's closing brace.
    const branches = new Map<string, string>();
    let i = match.index + match[0].length;
    while (i < text.length && text[i] !== '}') {
      const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(text.slice(i));
      if (!selector) break;
      let depth = 1;
      let j = i + selector[0].length;
      const bodyStart = j;
      for (; j < text.length && depth > 0; j++) depth += text[j] === '{' ? 1 : text[j] === '}' ? -1 : 0;
      branches.set(selector[1], text.slice(bodyStart, j - 1));
      i = j;
      while (text[i] === ' ') i++;
    }
    if (text[i] !== '}' || !branches.has('other')) continue;
    const n = Number(vars[match[1]]);
    const category = new Intl.PluralRules(lang === 'en' ? 'en' : 'zh').select(n);
    const chosen = branches.get(`=${n}`) ?? branches.get(category) ?? branches.get('other')!;
    out += text.slice(from, match.index) + chosen.replaceAll('#', String(vars[match[1]]));
    from = i + 1;
    start.lastIndex = from;
  }
  return out + text.slice(from);
}

export function pickLang(acceptLanguage: string | undefined, explicit?: string | null): Lang {
  const raw = (explicit || acceptLanguage || '').toLowerCase();
  if (raw.startsWith('en')) return 'en';
  return 'zh-cn';
}
