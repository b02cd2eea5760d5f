import { exportableColumns } from './sheet';
import type { Column, PageConfig } from './types';

/**
 * Columns of a page's spreadsheet, the same for export and import: the page's export columns
 * (default: its exportable columns) with the row key first when no column carries it, so that
 * an exported sheet, edited and imported again, names the rows it updates.
 */
export function sheetColumns(config: Pick<PageConfig, 'columns' | 'exportColumns' | 'idKey'>): Column[] {
  const columns = config.exportColumns ?? exportableColumns(config.columns);
  const idKey = config.idKey ?? 'id';
  if (columns.some((c) => c.value === idKey)) return [...columns];
  return [{ label: 'table.id', value: idKey, width: 90 }, ...columns];
}
