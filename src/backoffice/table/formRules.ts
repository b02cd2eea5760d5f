import type { FieldRule, Rules } from '../../../machines/table';
import { TEXTAREA_MAX } from '../fields/TextFields';
import type { FormConfig, FormField } from './types';

const listOf = (rule: FieldRule | readonly FieldRule[] | undefined): FieldRule[] => (rule ? (Array.isArray(rule) ? [...rule] : [rule as FieldRule]) : []);

/** The length limit a text field shows a counter for: its maxLength rule, else the field's (textareas 15 by default). */
export function lengthLimit(field: FormField, rules: Rules | null | undefined): number | undefined {
  const fromRule = listOf(rules?.[field.value]).find((r) => r.maxLength !== undefined)?.maxLength;
  if (fromRule !== undefined) return fromRule;
  if (field.maxLength !== undefined) return field.maxLength;
  return field.type === 'textarea' ? TEXTAREA_MAX : undefined;
}

/** Is the field required in this form (a `required` rule for every form or for this one)? */
export function isRequired(field: FormField, rules: Rules | null | undefined, form: 'add' | 'edit'): boolean {
  return listOf(rules?.[field.value]).some((r) => r.required && (r.on === undefined || r.on === form));
}

const TEXT_TYPES = new Set(['text', 'password', 'textarea', undefined]);

/**
 * The page's rules plus the length limits its text fields show (a field's `maxLength`): the
 * inputs no longer cut what is typed, so the limit is checked like any rule.
 */
export function formRules(form: FormConfig | undefined): Rules | undefined {
  if (!form) return undefined;
  const rules: Record<string, FieldRule | FieldRule[]> = { ...(form.rules ?? {}) };
  for (const field of [...form.add, ...form.edit]) {
    if (!TEXT_TYPES.has(field.type)) continue;
    const list = listOf(rules[field.value]);
    if (list.some((r) => r.maxLength !== undefined)) continue;
    const max = lengthLimit(field, null);
    if (max !== undefined) rules[field.value] = [...list, { maxLength: max }];
  }
  return rules as Rules;
}
