import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { readPage, type Row } from '../../../machines/table';
import { t } from '../../app/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import { getJson } from '../table/api';
import { NestedTable } from '../table/nestedTable';
import type { FormField, PageConfig } from '../table/types';
import type { FieldWidgetProps } from './types';

/** Display name of a picked record: `showName`, else the first non-empty of name, goods_name, nickname. */
export function recordName(row: Row, showName?: string): string {
  const keys = showName ? [showName] : ['name', 'goods_name', 'nickname'];
  for (const key of keys) {
    const v = row[key];
    if (v !== undefined && v !== null && v !== '') return String(v);
  }
  return String(row.id ?? '');
}

/** The picker's table: the field's list, no add / edit / delete / import / export, no action column. */
export function pickerConfig(field: FormField): PageConfig {
  return {
    url: field.pageUrl,
    columns: field.columns ?? [{ label: 'table.id', value: 'id', width: 90 }, { label: 'table.name', value: field.showName ?? 'name' }],
    search: field.searchFields,
    params: field.params,
    buttons: { store: false, update: false, deletes: false, destroy: false, import: false, export: false, show: false, search: !!field.searchFields?.length },
    noActions: true,
  };
}

/**
 * Record picker (reference screens.md §2.3, bug 23 fixed): a "选择" button and the chosen name(s);
 * the dialog holds a nested table; confirm without a selection → msg.selectErr. Single: value =
 * the id; `many`: comma-joined ids. The name shows when editing too (`nameField`, or the ids
 * looked up from the picker's list).
 */
export function TableSelectInput({ field, value, onChange, id, labelId, describedBy, values, area }: FieldWidgetProps) {
  const intl = useIntl();
  // the table page this form belongs to, which provides itself (table/nestedTable.ts)
  const TablePage = useContext(NestedTable);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Row[]>([]);
  const [names, setNames] = useState<string | null>(null);
  const config = useMemo(() => pickerConfig(field), [field]);
  const onSelection = useCallback((rows: Row[]) => setPicked(rows), []);

  // Editing: show the stored name (a field of the record), or look the ids up in the picker's list.
  const idsText = value === undefined || value === null ? '' : Array.isArray(value) ? value.join(',') : String(value);
  useEffect(() => {
    if (names !== null || idsText === '' || idsText === '0') return;
    const stored = field.nameField ? values[field.nameField] : undefined;
    if (stored !== undefined && stored !== null && stored !== '') return void setNames(String(stored));
    if (!field.pageUrl) return;
    let live = true;
    getJson(area, field.pageUrl, { ...(field.params ?? {}), id: `${idsText}|in`, isAll: 1 })
      .then((answer) => {
        const rows = Array.isArray(answer) ? (answer as Row[]) : (readPage(answer)?.rows ?? []);
        if (live && rows.length) setNames(rows.map((r) => recordName(r, field.showName)).join(', '));
      })
      .catch((error) => console.warn('[souk] table_select', error));
    return () => {
      live = false;
    };
  }, [field.nameField, field.pageUrl, field.params, field.showName, values, names, idsText, area]);

  const confirm = () => {
    if (picked.length === 0) return void toast.error(t('msg.selectErr'));
    const chosen = field.many ? picked : picked.slice(0, 1);
    onChange(field.many ? chosen.map((r) => r.id).join(',') : chosen[0].id);
    setNames(chosen.map((r) => recordName(r, field.showName)).join(', '));
    setOpen(false);
  };

  const hasValue = value !== undefined && value !== null && value !== '' && value !== 0 && value !== '0';
  const caption = hasValue ? (names ?? String(value)) : null;
  if (!TablePage) throw new Error('a table_select field needs a TablePage above it');
  return (
    <div className="flex items-center gap-3">
      <Button id={id} variant="secondary" aria-labelledby={`${labelId} ${id}`} aria-describedby={describedBy} disabled={field.disabled} onClick={() => setOpen(true)}>
        <FormattedMessage id="btn.choose" />
      </Button>
      <span className="min-w-0 truncate text-sm text-slate-800">{caption ?? <FormattedMessage id="form.noneChosen" />}</span>
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          title={intl.formatMessage({ id: field.label })}
          widthClass=""
          zClass="z-[3040]"
          panelStyle={{ width: field.width ?? '60vw', minWidth: 'min(720px, 96vw)' }}
        >
          <TablePage
            config={config}
            onSelectionChange={onSelection}
            toolbarExtra={
              <Button variant="office" className="bg-green-700 hover:bg-green-800" onClick={confirm}>
                <FormattedMessage id="btn.confirm" />
              </Button>
            }
          />
        </Dialog>
      )}
    </div>
  );
}
