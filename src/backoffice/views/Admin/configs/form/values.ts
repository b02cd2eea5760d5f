import { validate, type FieldErrors, type Values } from '../../../../../../machines/table';
import type { ConfigField, ConfigSource, ConfigTab } from './types';

export const isSecret = (field: ConfigField) => field.type === 'secret' || field.type === 'secretText';

/** The query of a tab's load. */
export function loadQuery(source: ConfigSource): Record<string, unknown> {
  switch (source.kind) {
    case 'scalars':
      return { name: source.names };
    case 'json':
      return { name: source.name };
    case 'section':
      return { name: source.name, many: 'true', many_name: source.section };
  }
}

export interface TabState {
  /** Form values (secrets always ''). */
  values: Values;
  /** Whether each secret has a saved value. */
  secretsSet: Record<string, boolean>;
  /** The value of the tab's notice field, when the server sent one (e.g. the environment's upload driver). */
  notice?: string;
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value));
const asBool = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

/** The loaded answer as form values: every field present, secrets blank, `<secret>_set` read apart. */
export function toTabState(tab: ConfigTab, answer: unknown): TabState {
  const data = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  const values: Values = {};
  const secretsSet: Record<string, boolean> = {};
  for (const field of tab.fields) {
    if (isSecret(field)) {
      values[field.name] = '';
      secretsSet[field.name] = data[`${field.name}_set`] === true;
    } else if (field.type === 'switch') values[field.name] = asBool(data[field.name]);
    else values[field.name] = asText(data[field.name]) || (field.fallback ?? '');
  }
  const notice = tab.notice ? asText(data[tab.notice.when]) : '';
  return notice ? { values, secretsSet, notice } : { values, secretsSet };
}

/**
 * The body of a save: only the tab's own fields (never a `_set` flag); a blank secret is sent as
 * '' which the server reads as "keep the saved one", and a secret the operator chose to clear
 * as '' with `<secret>_clear=1` (the only way to remove a saved one).
 */
export function saveBody(tab: ConfigTab, values: Values, clears: Record<string, boolean> = {}): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const field of tab.fields) {
    const value = values[field.name];
    if (isSecret(field) && clears[field.name]) {
      own[field.name] = '';
      own[`${field.name}_clear`] = '1';
      continue;
    }
    own[field.name] = field.type === 'switch' ? (value ? 'true' : 'false') : asText(value);
  }
  const { source } = tab;
  switch (source.kind) {
    case 'scalars':
      return own;
    case 'json':
      return { [source.name]: own };
    case 'section':
      return { [source.name]: own, many: 'true', many_name: source.section };
  }
}

/** Client rules of the tab (the server's, mirrored); secrets are checked only when typed. */
export function checkTab(tab: ConfigTab, values: Values): FieldErrors {
  const rules: Record<string, ConfigField['rules']> = {};
  for (const field of tab.fields) {
    const list = [...(field.rules ?? [])];
    if (field.maxLength !== undefined) list.push({ maxLength: field.maxLength });
    if (list.length) rules[field.name] = list;
  }
  return validate(values, rules as Record<string, NonNullable<ConfigField['rules']>>);
}
