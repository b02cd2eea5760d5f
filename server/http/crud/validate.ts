import { z } from 'zod';
import { fail } from '../envelope';
import { t, type Lang } from '../messages';
// Registers the crud.* texts that custom issues (fields.ts) and the issue texts below name.
import type { CrudMessageKey, FieldIssue } from './messages';
import './messages';

export type { FieldIssue };

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** No value: absent, null, or only spaces (an optional phone left empty). */
export const isBlankValue = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The message of one zod issue, from our catalogue and without the field's name (the client shows
 * the field's label next to it): a custom issue's own `params.messageKey`, else a text for the
 * kind of problem (`crud.issue.*`). zod's own texts ("Too big: expected string to have <=10
 * characters") never reach a person.
 */
function issueText(issue: z.core.$ZodIssue, input: unknown, lang: Lang): string {
  const params = (issue as { params?: { messageKey?: unknown; vars?: Record<string, string | number> } }).params;
  if (issue.code === 'custom' && typeof params?.messageKey === 'string') return t(params.messageKey, lang, params.vars);
  const say = (key: CrudMessageKey, vars?: Record<string, string | number>) => t(key, lang, vars);
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return isBlankValue(value) || min <= 1 ? say('crud.issue.required') : say('crud.issue.tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? say('crud.issue.required') : say('crud.issue.tooFew', { min });
      return say('crud.issue.tooSmall', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return say('crud.issue.tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return say('crud.issue.tooMany', { max });
      return say('crud.issue.tooLarge', { max });
    }
    case 'invalid_type':
      if (isBlankValue(value)) return say('crud.issue.required');
      if (issue.expected === 'int') return say('crud.issue.integer');
      if (issue.expected === 'number' || issue.expected === 'bigint') return say('crud.issue.number');
      if (issue.expected === 'string') return say('crud.issue.text');
      return say('crud.issue.invalid');
    case 'invalid_value':
      return isBlankValue(value) ? say('crud.issue.required') : say('crud.issue.option');
    case 'invalid_union':
      return isBlankValue(value) ? say('crud.issue.required') : say('crud.issue.invalid');
    case 'custom':
      // A refinement with a plain message of its own (not zod's default) keeps it.
      return issue.message && issue.message !== 'Invalid input' ? issue.message : say('crud.issue.invalid');
    default:
      return say('crud.issue.invalid');
  }
}

export type Checked<T> = { ok: true; data: T } | { ok: false; issues: FieldIssue[] };

/** Parses with translated messages; every issue names its field (dotted path) and says what is wrong with it. */
export function check<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'input', message: issueText(issue, input, lang) })),
  };
}

/** Like input.ts `validate`, in the caller's language: a 422 naming the first bad field. */
export function validateIn<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): z.output<S> {
  const result = check(schema, input, lang);
  if (result.ok) return result.data;
  const [first] = result.issues;
  throw fail('invalid', { detail: `${first.field}: ${first.message}` }, 422, { field: first.field, issues: result.issues });
}
