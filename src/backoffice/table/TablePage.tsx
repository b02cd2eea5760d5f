/**
 * The generic back-office table page (spec §2 "Generic admin table page"; reference screens.md
 * §2.1): search panel, toolbar, virtualised rows, paginator, add / edit / view dialogs, delete
 * confirmation, export and import — configured by a PageConfig (./types.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { flattenTree, type TreeLine } from '../../../machines/lazyTree';
import { PAGE_SIZES, type Row, type RowId } from '../../../machines/table';
import { CONFIRM_MESSAGE_KEY, CONFIRM_TITLE_KEY } from '../../../machines/table.machine';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Pagination } from '../../ui/Pagination';
import { useBackofficeArea } from '../areaContext';
import { routeBase, useAllowed } from '../grants';
import { useShellContext } from '../shell/useShell';
import { useLiveRefresh } from '../../app/liveNotices';
import { normalizeUrl } from './api';
import { actionColumnWidth, resolveButtons } from './buttons';
import { sheetColumns } from './sheetColumns';
import { ColumnPicker } from './ColumnPicker';
import { useColumnChoice } from './columnChoice';
import { useFormAddress } from './formAddress';
import { FormDialog, formValues } from './FormDialog';
import { formRules } from './formRules';
import { ACTION_BUTTON_CLASS, Grid } from './Grid';
import { ImportDialog } from './ImportDialog';
import { NestedTable, type TablePageProps } from './nestedTable';
import { SearchPanel } from './SearchPanel';
import { UnsavedGuard } from './UnsavedGuard';
import { parentColumn, parentsDict, withParentColumn } from './treeParents';
import type { BackofficeArea, ButtonKey, CellContext, PageConfig, TableApi } from './types';
import { usePageDicts } from './useDicts';
import { useTable } from './useTable';
import { viewFieldsOf, ViewDialog } from './ViewDialog';

/** The admin route action behind each standard button (`admin.<resource>.<action>`). */
const BUTTON_ROUTES: [ButtonKey, string][] = [
  ['store', 'store'],
  ['update', 'update'],
  ['deletes', 'destroy'],
  ['destroy', 'destroy'],
  ['show', 'show'],
  ['import', 'import'],
  ['export', 'index'],
];

export type { TablePageProps } from './nestedTable';


export function TablePage({ config, onSelectionChange, toolbarExtra, onCount }: TablePageProps) {
  const intl = useIntl();
  const contextArea = useBackofficeArea();
  const area = (config.area ?? (contextArea === 1 ? 1 : 0)) as BackofficeArea;
  const [path] = useLocation();
  const url = useMemo(() => normalizeUrl(config.url ?? path), [config.url, path]);
  const { state, send, tree, sendTree, refs, actorRef } = useTable(config, area, url);
  const menuName = useShellContext(area, (c) => c.routeMenuName);
  useLiveRefresh(config.refreshOn, () => send({ type: 'RELOAD' }));
  refs.current.menuName = menuName;

  const ctx = state.context;
  // A tree page shows its lazy tree, or while searching the matching rows of every depth, flat,
  // each with its parent's name (looked up as an id dictionary of the page).
  const flatTree = !!config.tree && !ctx.treeRows;
  const dictSources = useMemo(
    () => (config.tree && flatTree ? [...(config.dicts ?? []), parentsDict(config.tree, url)] : config.dicts),
    [config.dicts, config.tree, flatTree, url],
  );
  const dicts = usePageDicts(area, dictSources, config.dictData, ctx.rows);
  refs.current.dicts = dicts;
  const cellCtx: CellContext = useMemo(() => ({ dicts, area }), [dicts, area]);
  // Actions the caller's role cannot perform are not offered (the server refuses them anyway).
  const allowed = useAllowed(area);
  const base = area === 0 ? routeBase(url) : null;
  const buttons = useMemo(() => {
    const resolved = resolveButtons(onSelectionChange ? { store: false, update: false, deletes: false, destroy: false, import: false, export: false, show: false, ...config.buttons } : config.buttons);
    if (!base) return resolved;
    for (const [key, action] of BUTTON_ROUTES) if (resolved[key].show && !allowed(`${base}.${action}`)) resolved[key] = { show: false, disabled: false };
    return resolved;
  }, [config.buttons, onSelectionChange, base, allowed]);
  const permitted = useCallback(
    (permission?: string) => !permission || !base || allowed(permission.startsWith('admin.') ? permission : `${base}.${permission}`),
    [base, allowed],
  );
  const rowActionList = useMemo(() => (config.rowActions ?? []).filter((action) => permitted(action.permission)), [config.rowActions, permitted]);
  const toolbarList = useMemo(() => (config.toolbar ?? []).filter((button) => permitted(button.permission)), [config.toolbar, permitted]);
  const idKey = config.idKey ?? 'id';
  const fileRef = useRef<HTMLInputElement>(null);

  const treeShown = !!config.tree && ctx.treeRows;
  const allColumns = useMemo(
    () => (config.tree && flatTree ? withParentColumn(config.columns, parentColumn(config.tree)) : config.columns),
    [config.columns, config.tree, flatTree],
  );
  const columnChoice = useColumnChoice(allColumns, area, url);
  const gridColumns = columnChoice.visible;

  const lines: TreeLine[] = useMemo(() => {
    if (!config.tree || !treeShown) return ctx.rows.map((row) => ({ row, depth: 0, key: String(row[idKey]), expanded: false, loading: false, error: null, expandable: false }));
    return flattenTree(
      ctx.rows,
      { children: tree.context.children, expanded: tree.context.expanded, errors: tree.context.errors, loading: tree.context.queue.map((q) => q.key) },
      config.tree.pid ?? 'id',
    );
  }, [config.tree, treeShown, ctx.rows, tree.context, idKey]);

  const allRows = useMemo(() => lines.map((l) => l.row), [lines]);
  const selectedRows = useMemo(() => {
    const wanted = new Set(ctx.selection.map(String));
    return allRows.filter((row) => wanted.has(String(row[idKey])));
  }, [allRows, ctx.selection, idKey]);
  useEffect(() => {
    onSelectionChange?.(selectedRows);
  }, [onSelectionChange, selectedRows]);
  const onCountRef = useRef(onCount);
  onCountRef.current = onCount;
  useEffect(() => {
    if (ctx.count !== null && ctx.count !== undefined) onCountRef.current?.(ctx.count);
  }, [ctx.count]);

  const addOpen = !state.matches({ addDialog: 'closed' });
  const editOpen = !state.matches({ editDialog: 'closed' });
  const submitting = state.matches({ addDialog: 'submitting' }) || state.matches({ editDialog: 'submitting' });
  // a long form is a page: at its own address, and leaving it with unsaved changes asks first
  const formPage = !!config.form?.page;
  const [formDirty, setFormDirty] = useState(false);
  const formAddress = useFormAddress({
    enabled: formPage,
    list: url,
    addOpen,
    editOpen,
    editId: ctx.dialogs.edit.id,
    canAdd: buttons.store.show && !buttons.store.disabled,
    canEdit: buttons.update.show && !buttons.update.disabled,
    defaults: config.form?.defaults,
    send,
  });
  const leaveGuard = formPage ? <UnsavedGuard dirty={formDirty && (addOpen || editOpen) && !submitting} /> : null;

  const api: TableApi = {
    reload: () => send({ type: 'RELOAD' }),
    selection: () => [...actorRef.getSnapshot().context.selection],
    selectedRows: () => selectedRows,
    rows: () => allRows,
    openAdd: (values) => (formPage ? formAddress.openAdd() : send({ type: 'ADD.OPEN', values: { ...(config.form?.defaults ?? {}), ...(values ?? {}) } })),
    openEdit: (id) => (formPage ? formAddress.openEdit(id) : send({ type: 'EDIT.OPEN', id })),
    openView: (id) => send({ type: 'VIEW.OPEN', id }),
    query: () => ({ ...ctx.params, ...ctx.query }),
    area,
    url,
  };

  const listLoading = state.matches({ list: 'loading' });
  const searchShown = state.matches({ search: 'shown' });
  const viewOpen = !state.matches({ viewDialog: 'closed' });
  const importBusy = state.matches({ import: 'reading' }) || state.matches({ import: 'importing' });
  const rowActionsShown = !onSelectionChange && !config.noActions && (buttons.show.show || buttons.update.show || buttons.deletes.show || rowActionList.length > 0);
  const actionFallbackWidth = actionColumnWidth(buttons, rowActionList.length);
  const fieldLabel = (field: string) => {
    const found = [...config.columns, ...(config.form?.add ?? []), ...sheetColumns(config)].find((c) => c.value === field);
    return found ? intl.formatMessage({ id: found.label }) : field;
  };

  // The row buttons, in order: view, edit, the page's own, delete (each may be hidden per row).
  const actionItems: { label: string; tone: string; disabled?: boolean; show?: (row: Row) => boolean; onClick: (row: Row) => void }[] = [
    ...(buttons.show.show ? [{ label: 'btn.view', tone: 'text-slate-700', disabled: buttons.show.disabled, onClick: (row: Row) => send({ type: 'VIEW.OPEN', id: row[idKey] as RowId }) }] : []),
    ...(buttons.update.show ? [{ label: config.form?.editLabels?.button ?? 'btn.edit', tone: 'text-office', disabled: buttons.update.disabled, onClick: (row: Row) => api.openEdit(row[idKey] as RowId) }] : []),
    ...rowActionList.map((action) => ({
      label: action.label,
      tone: action.variant === 'danger' ? 'text-red-700' : 'text-office',
      show: action.show,
      onClick: (row: Row) => action.onClick(row, api),
    })),
    ...(buttons.deletes.show ? [{ label: 'btn.delete', tone: 'text-red-700', disabled: buttons.deletes.disabled, onClick: (row: Row) => send({ type: 'DELETE.ONE', id: row[idKey] as RowId }) }] : []),
  ];
  const actionLabels = useMemo(
    () => actionItems.map((item) => intl.formatMessage({ id: item.label })),
    // the captions change with the page's buttons and the language only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, buttons, rowActionList],
  );
  const actionShown = useCallback(
    (row: Row) => actionItems.map((item) => !item.show || item.show(row)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [buttons, rowActionList],
  );

  const rowActions = (row: Row) => (
    <>
      {actionItems.map((item, i) =>
        item.show && !item.show(row) ? null : (
          <button key={i} type="button" className={`${ACTION_BUTTON_CLASS} ${item.tone}`} disabled={item.disabled} onClick={() => item.onClick(row)}>
            <FormattedMessage id={item.label} />
          </button>
        ),
      )}
    </>
  );

  const pageRules = useMemo(() => formRules(config.form), [config.form]);
  const editRow = ctx.dialogs.edit.row;
  const editInitial = useMemo(() => {
    const fields = config.form?.edit ?? [];
    if (!editRow) return formValues(fields);
    return formValues(fields, config.form?.toForm ? config.form.toForm(editRow) : editRow);
  }, [editRow, config.form]);

  return (
    <NestedTable.Provider value={TablePage}>
    <section className="flex flex-col gap-3" aria-busy={listLoading || undefined}>
      {searchShown && config.search && config.search.length > 0 && (
        <SearchPanel
          fields={config.search}
          values={ctx.searchValues}
          expanded={ctx.searchExpanded}
          dicts={dicts}
          area={area}
          onSubmit={(values) => send({ type: 'SEARCH.SUBMIT', values })}
          onReset={() => send({ type: 'SEARCH.RESET' })}
          onExpand={() => send({ type: 'SEARCH.EXPAND' })}
        />
      )}

      <div role="toolbar" aria-label={intl.formatMessage({ id: 'table.toolbar' })} className="flex flex-wrap items-center justify-between gap-2">
        {/* min-w-0/max-w-full: a long tab strip (after-sales' seven states) scrolls inside the card instead of running past it */}
        <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2">
          {buttons.store.show && config.form && (
            <Button variant="office" disabled={buttons.store.disabled} onClick={() => api.openAdd()}>
              <FormattedMessage id="btn.add" />
            </Button>
          )}
          {buttons.search.show && (
            <Button variant="secondary" aria-expanded={searchShown} disabled={buttons.search.disabled} onClick={() => send({ type: 'SEARCH.TOGGLE' })}>
              <FormattedMessage id="btn.search" />
            </Button>
          )}
          {toolbarList.filter((b) => !b.right).map((b, i) => (
            <Button key={i} variant={b.variant ?? 'secondary'} onClick={() => b.onClick(api)}>
              <FormattedMessage id={b.label} />
            </Button>
          ))}
          {toolbarExtra}
          {ctx.selection.length > 0 && (
            <span className="text-sm text-slate-700">
              <FormattedMessage id="table.selected" values={{ count: ctx.selection.length }} />
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!onSelectionChange && allColumns.length > 1 && <ColumnPicker columns={allColumns} choice={columnChoice.choice} onToggle={columnChoice.toggle} />}
          {toolbarList.filter((b) => b.right).map((b, i) => (
            <Button key={i} variant={b.variant ?? 'secondary'} onClick={() => b.onClick(api)}>
              <FormattedMessage id={b.label} />
            </Button>
          ))}
          {buttons.import.show && (
            <>
              <input
                ref={fileRef}
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                hidden
                data-testid="import-file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) send({ type: 'IMPORT.PICK', file });
                }}
              />
              <Button variant="secondary" loading={importBusy} disabled={buttons.import.disabled} onClick={() => fileRef.current?.click()}>
                <FormattedMessage id="btn.import" />
              </Button>
            </>
          )}
          {buttons.export.show && (
            <Button variant="secondary" loading={state.matches({ export: 'exporting' })} disabled={buttons.export.disabled} onClick={() => send({ type: 'EXPORT' })}>
              <FormattedMessage id="btn.export" />
            </Button>
          )}
          {buttons.destroy.show && (
            <Button variant="danger" disabled={buttons.destroy.disabled} onClick={() => send({ type: 'DELETE.SELECTED' })}>
              <FormattedMessage id="btn.delete" />
            </Button>
          )}
        </div>
      </div>

      {config.top?.(api)}

      <Grid
        columns={gridColumns}
        lines={lines}
        idKey={idKey}
        ctx={cellCtx}
        selection={ctx.selection}
        onSelect={(ids) => send({ type: 'SELECT.SET', ids })}
        selectable
        tree={treeShown}
        onToggle={(line) => sendTree({ type: line.expanded ? 'COLLAPSE' : 'EXPAND', id: line.row[config.tree?.pid ?? 'id'] as RowId })}
        actions={rowActionsShown ? rowActions : null}
        actionLabels={actionLabels}
        actionShown={actionShown}
        actionFallbackWidth={actionFallbackWidth}
        loading={listLoading}
        failed={state.matches({ list: 'failed' }) ? ctx.errors.list || intl.formatMessage({ id: 'table.loadFailed' }) : null}
      />

      {!config.noPagination && !treeShown && (
        <Pagination
          page={ctx.page}
          perPage={ctx.perPage}
          total={ctx.total}
          capped={ctx.totalCapped}
          sizes={PAGE_SIZES}
          disabled={listLoading}
          onPage={(page) => send({ type: 'PAGE.SET', page })}
          onSize={(perPage) => send({ type: 'PAGE.SIZE', perPage })}
        />
      )}

      {config.form && (
        <>
          <FormDialog
            formKey={addOpen ? 'add-open' : 'add-closed'}
            mode="add"
            open={addOpen}
            loading={false}
            submitting={state.matches({ addDialog: 'submitting' })}
            fields={config.form.add}
            initial={formValues(config.form.add, ctx.dialogs.add.values)}
            row={null}
            errors={ctx.errors.add.fields}
            message={ctx.errors.add.message}
            messageField={refs.current.failedField.add}
            dicts={dicts}
            area={area}
            width={config.form.width}
            rules={pageRules}
            onSubmit={(values) => send({ type: 'ADD.SUBMIT', values })}
            onCancel={formPage ? formAddress.leave : () => send({ type: 'ADD.CANCEL' })}
            onDirtyChange={formPage ? setFormDirty : undefined}
          >
            {addOpen && leaveGuard}
          </FormDialog>
          <FormDialog
            formKey={editRow ? `edit-${String(ctx.dialogs.edit.id)}` : 'edit-empty'}
            mode="edit"
            title={config.form.editLabels?.title}
            open={editOpen}
            loading={state.matches({ editDialog: 'loading' })}
            submitting={state.matches({ editDialog: 'submitting' })}
            fields={config.form.edit}
            initial={editInitial}
            row={editRow}
            errors={ctx.errors.edit.fields}
            message={ctx.errors.edit.message}
            messageField={refs.current.failedField.edit}
            dicts={dicts}
            area={area}
            width={config.form.width}
            rules={pageRules}
            idKey={idKey}
            onSubmit={(values) => send({ type: 'EDIT.SUBMIT', values })}
            onCancel={formPage ? formAddress.leave : () => send({ type: 'EDIT.CANCEL' })}
            onDirtyChange={formPage ? setFormDirty : undefined}
          >
            {editOpen && leaveGuard}
          </FormDialog>
        </>
      )}

      <ViewDialog
        open={viewOpen}
        loading={state.matches({ viewDialog: 'loading' })}
        row={ctx.dialogs.view.row}
        fields={config.form?.view ?? viewFieldsOf(config.columns)}
        ctx={cellCtx}
        width={config.form?.width}
        bottom={config.viewBottom}
        onClose={() => send({ type: 'VIEW.CANCEL' })}
      />

      <ConfirmDialog
        open={state.matches({ delete: 'confirming' }) || state.matches({ delete: 'deleting' })}
        busy={state.matches({ delete: 'deleting' })}
        title={<FormattedMessage id={CONFIRM_TITLE_KEY} />}
        message={<FormattedMessage id={CONFIRM_MESSAGE_KEY} />}
        onConfirm={() => send({ type: 'CONFIRM' })}
        onCancel={() => send({ type: 'DECLINE' })}
      />

      <ImportDialog
        report={state.matches({ import: 'reported' }) ? ctx.lastImport : null}
        fieldLabel={fieldLabel}
        skipped={ctx.skippedLines}
        onClose={() => send({ type: 'IMPORT.DISMISS' })}
      />
    </section>
    </NestedTable.Provider>
  );
}
