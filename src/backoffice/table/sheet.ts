/**
 * Export and import of the generic table (spec §5, §9; reference bugs 20 fixed). Export: one
 * sheet `Sheet1`, header row = column labels, dictionary columns as labels, file
 * `<menu name or 'table'>.xlsx`. Import: first sheet only, header labels (in any interface
 * language, or raw field names) mapped back to field names, dictionary labels back to values; a
 * header the page does not know refuses the sheet; empty rows skipped and reported (each row
 * keeps its sheet line for the report).
 */
import dayjs from 'dayjs';
import type { DictItem, Row } from '../../../machines/table';
import { t } from '../../app/i18n';
import { exportText } from './cells';
import type { Column, DictData, FormField } from './types';

export const SHEET_NAME = 'Sheet1';

/** Columns exported: every column but those marked noExport, and custom ones unless marked `noExport: false` (their raw value). */
export const exportableColumns = (columns: readonly Column[]) => columns.filter((c) => (c.type === 'custom' ? c.noExport === false : !c.noExport));

/** `<menu name>.xlsx`, or `table.xlsx` without a menu name; characters a file name cannot hold replaced. */
export function exportFileName(menuName: string | null | undefined): string {
  const base = (menuName ?? '').trim().replace(/[\\/:*?"<>|]+/g, '_') || 'table';
  return `${base}.xlsx`;
}

export type SheetCell = string | number;

/** Header row (translated labels) then one row per record. */
export function buildSheet(columns: readonly Column[], rows: readonly Row[], dicts: DictData, translate: (key: string) => string): SheetCell[][] {
  return [columns.map((c) => translate(c.label)), ...rows.map((row) => columns.map((c) => exportText(c, row, dicts)))];
}

/** Write the sheet as an .xlsx download (write-excel-file, loaded on first export). */
export async function downloadSheet(data: SheetCell[][], fileName: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(data, { sheet: SHEET_NAME }).toFile(fileName);
}

/** The first sheet of a workbook as rows of cells (read-excel-file, loaded on first import). */
export async function readFirstSheet(file: Blob): Promise<unknown[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  return (await readSheet(file, 1)) as unknown[][];
}

export interface ImportColumn {
  label: string;
  value: string;
  /** Column / field whose dictionary maps labels back to values. */
  dictRef?: Column | FormField;
}

type Translate = (key: string) => string;

/** A header caption as it is matched: trimmed, inner spaces collapsed, any case, full-width = half-width. */
export const headerKey = (caption: string) => caption.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Header captions → field names, from the columns and the add form: their labels in every
 * language given (the current one first: a sheet exported with the English interface imports
 * with the Chinese one) and the raw field names. Keys are `headerKey`s.
 */
export function importColumns(columns: readonly Column[], fields: readonly FormField[], translate: Translate | readonly Translate[]): Map<string, ImportColumn> {
  const translators = typeof translate === 'function' ? [translate] : translate;
  const map = new Map<string, ImportColumn>();
  const add = (label: string, value: string, dictRef?: Column | FormField) => {
    const key = headerKey(label);
    if (key && !map.has(key)) map.set(key, { label: label.trim(), value, dictRef });
  };
  for (const tr of translators) {
    for (const c of columns) add(tr(c.label), c.value, c.type === 'dict' || c.type === 'dict_tags' ? c : undefined);
    for (const f of fields) add(tr(f.label), f.value, f.type === 'select' || f.type === 'radio' ? f : undefined);
  }
  for (const c of columns) add(c.value, c.value, c.type === 'dict' || c.type === 'dict_tags' ? c : undefined);
  for (const f of fields) add(f.value, f.value, f.type === 'select' || f.type === 'radio' ? f : undefined);
  return map;
}

const cellValue = (cell: unknown): unknown => {
  if (cell instanceof Date) return dayjs(cell).format('YYYY-MM-DD HH:mm:ss');
  if (typeof cell === 'string') return cell.trim();
  return cell;
};

/**
 * Value of a dictionary caption (exported labels come back as values), in any of the languages
 * given for translated dictionaries; the cell itself when none matches.
 */
function dictValue(dicts: DictData, ref: Column | FormField, cell: unknown, translators: readonly Translate[]): unknown {
  if (typeof cell !== 'string' || cell === '') return cell;
  const dict: DictItem[] = dicts[ref.dict ?? ref.value] ?? ('options' in ref ? ref.options : undefined) ?? [];
  const labelName = ref.labelName ?? 'label';
  const valueName = ref.valueName ?? 'value';
  const wanted = headerKey(cell);
  const stack = [...dict];
  while (stack.length) {
    const item = stack.shift()!;
    const caption = String(item[labelName] ?? '');
    if (caption === cell || (ref.translate && translators.some((tr) => headerKey(tr(caption)) === wanted))) return item[valueName];
    if (Array.isArray(item.children)) stack.push(...item.children);
  }
  return cell;
}

/** A header cell no column of the page answers to: its caption ('' when blank) and its 0-based column. */
export interface UnknownColumn {
  caption: string;
  column: number;
}

/** Rows to import and, for each, its line in the sheet (1 is the header). */
export interface SheetRows {
  rows: Row[];
  lines: number[];
  /** Blank lines between the header and the last filled line, skipped (not sent). */
  skipped: number[];
  /**
   * Header cells the page does not know, with a caption or with values under them: the sheet is
   * refused (importing it would silently drop their values). A blank column is no problem.
   */
  unknown: UnknownColumn[];
}

/**
 * Objects from sheet rows: the first row is the header (captions in any language of `translate`
 * given to `importColumns`, or raw field names); rows with no value at all are skipped and
 * reported, so `lines[i]` keeps the sheet line of `rows[i]` (the server reports rows by their
 * index in what was sent). Empty rows for a sheet with no data rows.
 */
export function sheetRows(sheet: readonly unknown[][], columns: Map<string, ImportColumn>, dicts: DictData, translate: Translate | readonly Translate[] = t): SheetRows {
  const translators = typeof translate === 'function' ? [translate] : translate;
  const out: SheetRows = { rows: [], lines: [], skipped: [], unknown: [] };
  if (sheet.length === 0) return out;
  const header = sheet[0].map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
  const width = Math.max(header.length, ...sheet.map((line) => line?.length ?? 0));
  const filled = (value: unknown) => value !== null && value !== undefined && value !== '';
  for (let column = 0; column < width; column++) {
    const caption = header[column] ?? '';
    if (caption !== '' && columns.has(headerKey(caption))) continue;
    if (caption !== '' || sheet.slice(1).some((line) => filled(cellValue(line?.[column])))) out.unknown.push({ caption, column });
  }
  const blank: number[] = [];
  sheet.slice(1).forEach((line, index) => {
    const row: Row = {};
    let any = false;
    header.forEach((caption, column) => {
      const target = caption === '' ? undefined : columns.get(headerKey(caption));
      if (!target) return;
      const raw = cellValue(line?.[column]);
      if (!filled(raw)) return;
      any = true;
      row[target.value] = target.dictRef ? dictValue(dicts, target.dictRef, raw, translators) : raw;
    });
    if (!any) {
      blank.push(index + 2);
      return;
    }
    // Blank lines before this filled one were skipped inside the data.
    out.skipped.push(...blank.splice(0));
    out.rows.push(row);
    out.lines.push(index + 2);
  });
  return out;
}
