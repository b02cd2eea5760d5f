/**
 * The generic back-office list page (spec §2 "Generic admin table page", §4 table dialogs, §5,
 * §7 generic table calls, §8 screen-level, §9). Parallel regions: `list` (paging, search
 * submit/reset, reload), `search` (panel shown/hidden, expanded), `addDialog`, `editDialog`,
 * `viewDialog`, `delete` (confirm, batch), `export` and `import`. Every call is a named actor
 * and every toast a named action, provided by src/ with `tableMachine.provide(...)`. The regions
 * are composed here from one file each (table.list.ts, table.search.ts, table.dialogs.ts,
 * table.delete.ts, table.sheets.ts), on the setup of table.setup.ts.
 *
 * Fixed reference bugs (screens.md §6.2): search and reset go back to page 1, reset re-queries,
 * export covers every row of the current search, import reports the real outcome.
 */
import { assign } from 'xstate';
import { DEFAULT_PAGE_SIZE } from './table';
import { deleteRegion } from './table.delete';
import { addDialogRegion, editDialogRegion, emptyDialogs, noFormErrors, viewDialogRegion } from './table.dialogs';
import { listRegion } from './table.list';
import { searchRegion } from './table.search';
import { tableSetup } from './table.setup';
import { exportRegion, importRegion } from './table.sheets';

export * from './table.setup';

export const tableMachine = tableSetup.createMachine({
  id: 'table',
  type: 'parallel',
  context: ({ input }) => {
    const fields = typeof input.searchFields === 'number' ? [] : [...input.searchFields];
    return {
      idKey: input.idKey ?? 'id',
      lazy: input.lazy ?? false,
      treeRows: input.lazy ?? false,
      rules: input.rules ?? null,
      params: input.params ?? {},
      searchFields: fields,
      searchCount: typeof input.searchFields === 'number' ? Math.max(0, input.searchFields) : fields.length,
      rows: [],
      total: 0,
      count: null,
      page: 1,
      perPage: input.pageSize && input.pageSize > 0 ? input.pageSize : DEFAULT_PAGE_SIZE,
      searchValues: {},
      query: {},
      searchExpanded: false,
      selection: [],
      dialogs: emptyDialogs(),
      deleteIds: [],
      errors: { list: null, add: noFormErrors(), edit: noFormErrors(), view: null, delete: null, export: null },
      importFile: null,
      sheetRows: [],
      sheetLines: [],
      skippedLines: [],
      lastImport: null,
    };
  },
  on: {
    'SELECT.SET': { actions: assign({ selection: ({ event }) => [...event.ids] }) },
  },
  states: {
    list: listRegion,
    search: searchRegion,
    addDialog: addDialogRegion,
    editDialog: editDialogRegion,
    viewDialog: viewDialogRegion,
    delete: deleteRegion,
    export: exportRegion,
    import: importRegion,
  },
});
