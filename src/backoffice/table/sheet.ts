/**
 * Export and import of the generic table (spec §5, §9; reference bugs 20 fixed). Export: one
 * sheet `Sheet1`, header row = column labels, dictionary columns as labels, file
 * `<menu name or 'table'>.xlsx`. Import: first sheet only, header labels mapped back to field
 * names, dictionary labels back to values, empty rows skipped.
 */
import dayjs from 'dayjs';
import type { DictItem, Row } from '../../../machines/table';
import { t } from '../../app/i18n';
import { exportText } from './cells';
import type { Column, DictData, FormField } from './types';

export const SHEET_NAME = 'Sheet1';

/** Columns exported by default: every column but custom ones and those marked noExport. */
export const exportableColumns = (columns: readonly Column[]) => columns.filter((c) => !c.noExport && c.type !== 'custom');

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

/** Header captions → field names, from the columns and the add form (labels and raw names both accepted). */
export function importColumns(columns: readonly Column[], fields: readonly FormField[], translate: (key: string) => string): Map<string, ImportColumn> {
  const map = new Map<string, ImportColumn>();
  const add = (label: string, value: string, dictRef?: Column | FormField) => {
    const key = label.trim();
    if (key && !map.has(key)) map.set(key, { label: key, value, dictRef });
  };
  for (const c of columns) add(translate(c.label), c.value, c.type === 'dict' || c.type === 'dict_tags' ? c : undefined);
  for (const f of fields) add(translate(f.label), f.value, f.type === 'select' || f.type === 'radio' ? f : undefined);
  for (const c of columns) add(c.value, c.value);
  for (const f of fields) add(f.value, f.value);
  return map;
}

const cellValue = (cell: unknown): unknown => {
  if (cell instanceof Date) return dayjs(cell).format('YYYY-MM-DD HH:mm:ss');
  if (typeof cell === 'string') return cell.trim();
  return cell;
};

/** Value of a dictionary caption (exported labels come back as values); the cell itself when none matches. */
function dictValue(dicts: DictData, ref: Column | FormField, cell: unknown): unknown {
  if (typeof cell !== 'string' || cell === '') return cell;
  const dict: DictItem[] = dicts[ref.dict ?? ref.value] ?? ('options' in ref ? ref.options : undefined) ?? [];
  const labelName = ref.labelName ?? 'label';
  const valueName = ref.valueName ?? 'value';
  const stack = [...dict];
  while (stack.length) {
    const item = stack.shift()!;
    const caption = String(item[labelName] ?? '');
    if (caption === cell || (ref.translate && t(caption) === cell)) return item[valueName];
    if (Array.isArray(item.children)) stack.push(...item.children);
  }
  return cell;
}

/**
 * Objects from sheet rows: the first row is the header; unknown captions are dropped; rows
 * with no value at all are skipped. `[]` for a sheet with no data rows.
 */
export function sheetToRows(sheet: readonly unknown[][], columns: Map<string, ImportColumn>, dicts: DictData): Row[] {
  if (sheet.length < 2) return [];
  const header = sheet[0].map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
  const rows: Row[] = [];
  for (const line of sheet.slice(1)) {
    const row: Row = {};
    let filled = false;
    header.forEach((caption, index) => {
      const column = columns.get(caption);
      if (!column) return;
      const raw = cellValue(line[index]);
      if (raw === null || raw === undefined || raw === '') return;
      filled = true;
      row[column.value] = column.dictRef ? dictValue(dicts, column.dictRef, raw) : raw;
    });
    if (filled) rows.push(row);
  }
  return rows;
}
