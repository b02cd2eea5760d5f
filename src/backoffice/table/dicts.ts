/**
 * Page dictionaries (reference screens.md §2.1 `dialogParam.dict`, bug 24 fixed): static ones,
 * URL ones fetched once per page, and `selectByColumnIds` ones fetched for the ids the current
 * page shows with `<valueName, default id>=<ids>|in&isAll=1` (never through a paginated list).
 */
import { localName } from '../../../machines/localName';
import { readPage, type DictItem, type Row } from '../../../machines/table';
import type { DictData, DictSource, Query } from './types';

/** Re-key fetched items to `{label, value, children}` (keeping their other fields). */
export function normalizeDict(items: readonly DictItem[], source: Pick<DictSource, 'labelName' | 'valueName'>): DictItem[] {
  if (!source.labelName && !source.valueName) return [...items];
  const labelName = source.labelName ?? 'label';
  const valueName = source.valueName ?? 'value';
  const walk = (list: readonly DictItem[]): DictItem[] =>
    list.map((item) => ({
      ...item,
      label: item[labelName],
      value: item[valueName],
      ...(Array.isArray(item.children) ? { children: walk(item.children) } : {}),
    }));
  return walk(items);
}

/**
 * The items of a `twoNames` dictionary (and their children) captioned in a language: the English
 * name in English where an item has one (machines/localName.ts), else its caption as fetched.
 */
export function localizeDict(items: readonly DictItem[], locale: string): DictItem[] {
  return items.map((item) => ({
    ...item,
    label: localName({ name: String(item.label ?? ''), ename: typeof item.ename === 'string' ? item.ename : null }, locale),
    ...(Array.isArray(item.children) ? { children: localizeDict(item.children as DictItem[], locale) } : {}),
  }));
}

/** Items of a dictionary answer: a list, or a paginator's `data` with isPageDict. */
export function dictItems(answer: unknown, source: DictSource): DictItem[] | null {
  if (Array.isArray(answer)) return normalizeDict(answer as DictItem[], source);
  if (source.isPageDict || (answer && typeof answer === 'object')) {
    const page = readPage(answer);
    if (page) return normalizeDict(page.rows as DictItem[], source);
  }
  return null;
}

/** The column whose values a `selectByColumnIds` dictionary looks up. */
export const idColumnOf = (source: DictSource): string =>
  typeof source.selectByColumnIds === 'string' ? source.selectByColumnIds : source.name;

/** Distinct non-empty, non-zero values of a column (comma lists split), in order. */
export function collectIds(rows: readonly Row[], column: string): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const raw = row[column];
    const values = Array.isArray(raw) ? raw : typeof raw === 'string' && raw.includes(',') ? raw.split(',') : [raw];
    for (const value of values) {
      if (value === null || value === undefined) continue;
      const text = String(value).trim();
      if (text === '' || text === '0') continue;
      seen.add(text);
    }
  }
  return [...seen];
}

/**
 * Query of a dictionary fetch: `isAll=1` (unless isPageDict), the source params, and for id
 * lookups `<valueName>=…|in` (`id` by default; a tree keyed by `code` looks up codes).
 */
export function dictQuery(source: DictSource, ids?: readonly string[]): Query {
  const query: Query = source.isPageDict ? {} : { isAll: 1 };
  Object.assign(query, source.params ?? {});
  if (ids) query[source.valueName ?? 'id'] = `${ids.join(',')}|in`;
  return query;
}

/** Put the `addSelect` item first. */
export const withAddSelect = (items: DictItem[], source: DictSource): DictItem[] => (source.addSelect ? [source.addSelect, ...items] : items);

export const mergeDicts = (...parts: (DictData | undefined)[]): DictData => Object.assign({}, ...parts.filter(Boolean));
