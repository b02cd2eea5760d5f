import type { DictItem } from '../../../machines/table';
import { t } from '../../app/i18n';
import type { SelectOption } from '../../ui/Select';
import type { DictData, FormField } from '../table/types';

/** The option items of a field: inline `options`, else the page dictionary `dict` (default the field name). */
export function fieldItems(field: FormField, dicts: DictData): DictItem[] {
  if (field.options) return field.options;
  return dicts[field.dict ?? field.value] ?? [];
}

/**
 * Labelled options: `labelName` names the caption and `valueName` the value for every widget
 * (the reference swapped them for radios); `oneArray` options are plain strings.
 */
export function fieldOptions(field: FormField, dicts: DictData): SelectOption[] {
  const labelName = field.labelName ?? 'label';
  const valueName = field.valueName ?? 'value';
  return fieldItems(field, dicts).map((item) => {
    if (field.oneArray || typeof item !== 'object' || item === null) {
      const text = String(item);
      return { label: field.translate ? t(text) : text, value: item };
    }
    const caption = item[labelName] === undefined || item[labelName] === null ? '' : String(item[labelName]);
    return { label: field.translate ? t(caption) : caption, value: item[valueName], disabled: item.disabled === true };
  });
}

/** Values of a multi-value field as a list (array, or comma text). */
export function listValue(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  return String(value).split(',');
}

/**
 * A tree of items without the item whose value is `value` and everything below it: a parent
 * picker does not offer a row, while it is edited, itself or one of its descendants (the server
 * refuses such a move; QA 2026-11-25).
 */
export function withoutSubtree(items: readonly DictItem[], value: unknown, valueName = 'value'): DictItem[] {
  const out: DictItem[] = [];
  for (const item of items) {
    if (item && typeof item === 'object' && String(item[valueName]) === String(value)) continue;
    const children = item && typeof item === 'object' && Array.isArray(item.children) ? (item.children as DictItem[]) : null;
    out.push(children ? { ...item, children: withoutSubtree(children, value, valueName) } : item);
  }
  return out;
}

const childrenOf = (item: DictItem): DictItem[] | null => (item && typeof item === 'object' && Array.isArray(item.children) ? (item.children as DictItem[]) : null);

/** How many levels the subtree of the item whose value is `value` spans (1: no children), or 0 when it is not in the tree. */
export function subtreeLevels(items: readonly DictItem[], value: unknown, valueName = 'value'): number {
  const height = (item: DictItem): number => 1 + Math.max(0, ...(childrenOf(item) ?? []).map(height));
  for (const item of items) {
    if (item && typeof item === 'object' && String(item[valueName]) === String(value)) return height(item);
    const below = subtreeLevels(childrenOf(item) ?? [], value, valueName);
    if (below) return below;
  }
  return 0;
}

/**
 * The parents a tree of at most `levels` levels offers a row (`value`: the edited row, undefined
 * when adding one): never the row itself or one of its descendants, and only parents under which
 * the row, with its own subtree, stays within `levels` (the server refuses a deeper move). A
 * top-level choice (value 0, the page's `addSelect`) is always offered.
 */
export function parentChoices(items: readonly DictItem[], value: unknown, levels: number, valueName = 'value'): DictItem[] {
  const own = value === undefined ? 1 : Math.max(1, subtreeLevels(items, value, valueName));
  // a parent at depth d (1: top level) puts the row at d + 1 and its deepest row at d + own
  const cut = (list: readonly DictItem[], depth: number): DictItem[] =>
    list
      .filter((item) => (item && typeof item === 'object' && String(item[valueName]) === '0') || depth + own <= levels)
      .map((item) => {
        const children = childrenOf(item);
        return children ? { ...item, children: cut(children, depth + 1) } : item;
      });
  return cut(value === undefined ? items : withoutSubtree(items, value, valueName), 1);
}
