import type { ReactNode } from 'react';
import { dictLabel, formatMoneyCell, tagColour, type DictItem, type Row, type TagColour } from '../../../machines/table';
import { localName } from '../../../machines/localName';
import { currentLocale, t } from '../../app/i18n';
import { TAG_CLASSES, Tag } from '../../ui/Tag';
import { imageUrls, PreviewThumbs } from './PreviewThumbs';
import { Thumb } from './Thumb';
import { MenuIcon } from '../shell/MenuIcon';

export { Thumb };
import type { CellContext, Column, DictData, DictRef } from './types';

/** '-' for null, undefined and '' (0 shows 0, fixing the reference's falsy check). */
export function textOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.map((v) => textOf(v)).join(', ') : '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Caption of a value in the column's / field's dictionary, or null. */
export function labelIn(dicts: DictData, ref: DictRef & { value: string }, value: unknown): string | null {
  const dict: DictItem[] | undefined = dicts[ref.dict ?? ref.value];
  const label = dictLabel(dict, value, { labelName: ref.labelName, valueName: ref.valueName });
  if (label === null) return null;
  return ref.translate ? t(label) : label;
}

/** The colour a dictionary item names for its tags (`colour: 'red'` on a bad review), if any. */
export function dictColourIn(dicts: DictData, ref: DictRef & { value: string }, value: unknown): TagColour | undefined {
  const valueName = ref.valueName ?? 'value';
  const item = dicts[ref.dict ?? ref.value]?.find((i) => String(i[valueName]) === String(value));
  const colour = item?.colour;
  return typeof colour === 'string' && colour in TAG_CLASSES ? (colour as TagColour) : undefined;
}

/** Captions of a value that may be a list (array or comma text). */
export function labelsIn(dicts: DictData, ref: DictRef & { value: string }, value: unknown): string[] {
  const values = Array.isArray(value) ? value : typeof value === 'string' && value.includes(',') ? value.split(',') : [value];
  return values.filter((v) => v !== null && v !== undefined && v !== '').map((v) => labelIn(dicts, ref, v) ?? String(v));
}

/** The colour of a free-text tag: green / red for the yes / no values, else neutral slate (the same for every value). */
export function freeTagColour(value: unknown): TagColour {
  const tone = tagColour(value);
  return tone === 'green' || tone === 'red' ? tone : 'slate';
}

/** A tag cell shows at most this many tags; past it, the first ones and "+N" (the rest on hover). */
export const MAX_CELL_TAGS = 12;

/**
 * Default width of a column: created_at and any date-time 165 px (spec §9: a flash sale's start
 * and end were cut to "2026-12-10…", hiding the hour), an image or avatar 80 px.
 */
export const columnWidth = (column: Column) =>
  column.width ?? (column.value === 'created_at' || column.type === 'datetime' ? 165 : column.type === 'image' || column.type === 'avatar' ? 80 : undefined);

/**
 * Names get room: at least 160 px and twice the share of the other flexible columns (at least 72 px
 * and their caption's longest word: short of room their text wraps to two lines, the whole on hover).
 */
const NAME_KEYS = new Set(['name', 'goods_name', 'store_name', 'nickname', 'title', 'username', 'store_company_name']);
export const isNameColumn = (column: Column) => NAME_KEYS.has(column.value) && column.type !== 'tags';
export const FLEX_MIN = 72;
export const NAME_MIN = 160;

/**
 * The least width that shows a header caption's longest word whole (semibold 14 px system-ui:
 * about 9.2 px a lower-case Latin letter (6 a narrow one, 14 m or w), 11 px a capital, 14 px a CJK one, plus the cell's padding
 * and a margin): "Threshold" or "Refunded" at the 88 px floor broke mid-word ("Threshol/d").
 * An estimate, as the tracks are fixed before layout.
 */
export function captionMin(caption: string): number {
  let widest = 0;
  for (const word of caption.split(/\s+/)) {
    let w = 0;
    for (const ch of word) w += /[\u2e80-\u9fff\uff00-\uffefmwMW]/.test(ch) ? 14 : /[A-Z]/.test(ch) ? 11 : /[fijlrt]/.test(ch) ? 6 : 9.2;
    widest = Math.max(widest, w);
  }
  return Math.ceil(widest + 22);
}

/** Floors of a column with a set width, short of room: text wraps to two lines; a date-time puts its time under its date. */
export const SHRINK_MIN = 64;
export const DATETIME_MIN = 100;

/** Cells that lay out their own content (tags wrap, images, custom renders): never cut to one line. */
export const boxed = (c: Column) => c.overflow === false || c.type === 'custom' || c.type === 'tags_array' || c.type === 'image' || c.type === 'avatar';

/**
 * The least width of a column with a set width (see Column.minWidth): a text cell wraps to two
 * lines (the whole on hover) down to its caption's longest word; a cell that lays out its own
 * content keeps its width unless the page says how far it may shrink.
 */
export function columnFloor(column: Column, width: number, caption = ''): number {
  if (column.minWidth !== undefined) return Math.min(width, column.minWidth);
  if (boxed(column)) return width;
  const datetime = column.value === 'created_at' || column.type === 'datetime';
  return Math.min(width, Math.max(datetime ? DATETIME_MIN : SHRINK_MIN, captionMin(caption)));
}

/**
 * The grid track of a column, the least width it takes and the width it takes given room. A set width is what the column takes
 * when there is room (the grid grows such tracks to their width before the flexible ones), its
 * floor what it shrinks to when the page is short of room; a flexible one fits its caption's
 * longest word.
 */
export function columnTrack(column: Column, caption = ''): { track: string; min: number; want: number } {
  const w = columnWidth(column);
  if (w) {
    const floor = columnFloor(column, w, caption);
    return floor < w ? { track: `minmax(${floor}px, ${w}px)`, min: floor, want: w } : { track: `${w}px`, min: w, want: w };
  }
  const min = Math.max(isNameColumn(column) ? NAME_MIN : FLEX_MIN, captionMin(caption));
  return isNameColumn(column) ? { track: `minmax(${min}px, 2fr)`, min, want: min } : { track: `minmax(${min}px, 1fr)`, min, want: min };
}

/** A cell's value: the row's `value` field, or with `ename` the name in the interface's language. */
export function cellValue(column: Column, row: Row): unknown {
  const value = row[column.value];
  if (!column.ename || value === null || value === undefined || value === '') return value;
  const ename = row[column.ename];
  return localName({ name: String(value), ename: typeof ename === 'string' ? ename : null }, currentLocale());
}

const MONEY_TONE = { positive: 'text-green-800', zero: 'text-slate-700', negative: 'text-red-700', none: 'text-slate-600' } as const;

/** One table cell by column type (reference screens.md §2.1 column types). */
export function Cell({ column, row, ctx }: { column: Column; row: Row; ctx: CellContext }): ReactNode {
  const value = cellValue(column, row);
  switch (column.type ?? 'text') {
    case 'custom':
      return column.render ? column.render(row, ctx) : textOf(value);
    case 'money': {
      const cell = formatMoneyCell(value as number | string | null | undefined);
      // A balance is an amount, not a change: no sign, no colour.
      if (column.balance && cell.tone !== 'none') return <span className="text-slate-900 tabular-nums">{cell.text.replace(/^\+/, '')}</span>;
      return <span className={`tabular-nums ${MONEY_TONE[cell.tone]}`}>{cell.text}</span>;
    }
    case 'tags':
      // Free text (a user name, points) says nothing by its colour: neutral, unless it is a yes / no value.
      return (
        <Tag value={value} colour={freeTagColour(value)}>
          {value === null || value === undefined || value === '' ? undefined : String(value)}
        </Tag>
      );
    case 'tags_array': {
      const list = Array.isArray(value) ? value : value ? String(value).split(',') : [];
      if (!list.length) return '-';
      const shown = list.length > MAX_CELL_TAGS ? list.slice(0, MAX_CELL_TAGS - 1) : list;
      const rest = list.slice(shown.length);
      return (
        <span className="flex flex-wrap gap-1">
          {shown.map((item, i) => (
            <Tag key={i} value={item} />
          ))}
          {rest.length > 0 && (
            <span title={rest.map((v) => textOf(v)).join(', ')} className="inline-flex items-center rounded border border-slate-300 px-2 py-0.5 text-xs leading-5 text-slate-700">
              {t('ux.table.moreTags', { count: rest.length })}
            </span>
          )}
        </span>
      );
    }
    case 'icon_tags':
      // The icon itself (the app's icon set), its class name only for assistive tech and on hover.
      if (typeof value !== 'string' || !value.trim()) return '-';
      return (
        <span className="inline-flex items-center gap-2" title={value}>
          <MenuIcon icon={value} />
          <span className="sr-only">{value}</span>
        </span>
      );
    case 'dict': {
      const labels = labelsIn(ctx.dicts, column, value);
      return labels.length ? labels.join(', ') : '-';
    }
    case 'dict_tags': {
      const label = labelIn(ctx.dicts, column, value);
      if (label === null) return value === null || value === undefined || value === '' ? '-' : <Tag value={value} />;
      return (
        <Tag value={column.tagType ? value : label} colour={dictColourIn(ctx.dicts, column, value)}>
          {label}
        </Tag>
      );
    }
    case 'image':
    case 'avatar': {
      const urls = imageUrls(value);
      const alt = t(column.label);
      if (!urls.length) return <Thumb src="" alt={alt} round={column.type === 'avatar'} />;
      return <PreviewThumbs gallery={urls.map((src, i) => ({ src, alt: urls.length > 1 ? `${alt} ${i + 1}` : alt }))} round={column.type === 'avatar'} />;
    }
    default:
      return textOf(value);
  }
}

/** Text of a cell for the export (dictionary columns as labels, money as shown). */
export function exportText(column: Column, row: Row, dicts: DictData): string | number {
  const value = cellValue(column, row);
  switch (column.type ?? 'text') {
    case 'dict':
    case 'dict_tags': {
      const labels = labelsIn(dicts, column, value);
      return labels.join(', ');
    }
    case 'money': {
      const cell = formatMoneyCell(value as number | string | null | undefined);
      return cell.tone === 'none' ? '' : cell.text;
    }
    case 'tags_array':
      return Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
    default:
      if (typeof value === 'number') return value;
      if (value === null || value === undefined) return '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
