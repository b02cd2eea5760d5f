import { z } from 'zod';
import { fail } from '../envelope';
import { t, type Lang } from '../messages';
// Registers the crud.* texts that custom issues (fields.ts) name.
import './messages';

/**
 * A custom issue may carry `params: { messageKey, vars? }` (see fields.ts): it is translated from
 * our catalogue. Everything else uses zod's own catalogue of the request language.
 */
function errorMap(lang: Lang): z.core.$ZodErrorMap {
  const locale = lang === 'en' ? z.locales.en().localeError : z.locales.zhCN().localeError;
  return (issue) => {
    const params = (issue as { params?: { messageKey?: unknown; vars?: Record<string, string | number> } }).params;
    if (issue.code === 'custom' && typeof params?.messageKey === 'string') return t(params.messageKey, lang, params.vars);
    return locale(issue);
  };
}

const errorMaps: Record<Lang, z.core.$ZodErrorMap> = { 'zh-cn': errorMap('zh-cn'), en: errorMap('en') };

export interface FieldIssue {
  field: string;
  message: string;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; issues: FieldIssue[] };

/** Parses with translated messages; every issue names its field (dotted path). */
export function check<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): Checked<z.output<S>> {
  const result = schema.safeParse(input, { error: errorMaps[lang] });
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'input', message: issue.message })),
  };
}

/** Like input.ts `validate`, in the caller's language: a 422 naming the first bad field. */
export function validateIn<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): z.output<S> {
  const result = check(schema, input, lang);
  if (result.ok) return result.data;
  const [first] = result.issues;
  throw fail('invalid', { detail: `${first.field}: ${first.message}` }, 422, { field: first.field, issues: result.issues });
}
