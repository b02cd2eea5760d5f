/**
 * The generic back-office list page (spec §2 "Generic admin table page", §4 table dialogs, §5,
 * §7 generic table calls, §8 screen-level, §9). Parallel regions: `list` (paging, search
 * submit/reset, reload), `search` (panel shown/hidden, expanded), `addDialog`, `editDialog`,
 * `viewDialog`, `delete` (confirm, batch), `export` and `import`. Every call is a named actor
 * and every toast a named action, provided by src/ with `tableMachine.provide(...)`.
 *
 * Fixed reference bugs (screens.md §6.2): search and reset go back to page 1, reset re-queries,
 * export covers every row of the current search, import reports the real outcome.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import {
  DEFAULT_PAGE_SIZE, buildQuery, failureMessage, hasErrors, hasSearchToggle, importFailure, importReport,
  isFailureAnswer, isHtmlDocument, isPageSize, isSearching, keepSelection, pageCount, readPage, validate,
  type FieldErrors, type ImportReport, type SheetRead, type Query, type Row, type RowId, type Rules, type SearchField, type TableForm, type Values,
} from './table';

/** What the machine reads of a picked spreadsheet; a DOM `File` satisfies it. */
export interface PickedSheet { name: string; size: number }

export interface TableInput {
  /** Rows per page (default 30). */
  pageSize?: number;
  /** How many search fields the page has, or their definitions (their `where` builds the query). */
  searchFields: number | readonly SearchField[];
  /**
   * Lazy tree page: without a search the list holds the root rows (fetchPage asks for
   * isChildren, pid 0); with one, the matching rows of every depth, flat and paginated.
   */
  lazy?: boolean;
  /** Rules shared by the add and edit forms (spec §5). */
  rules?: Rules;
  /** Fixed query parameters of the page (isWith, fixed filters…), sent with every list query. */
  params?: Query;
  /** Row key used for selection, view, edit and delete (default 'id'). */
  idKey?: string;
}

export interface TableDialogs {
  add: { values: Values };
  edit: { id: RowId | null; row: Row | null; values: Values };
  view: { id: RowId | null; row: Row | null };
}

export interface FormErrors {
  /** Field → locale key (validation). */
  fields: FieldErrors;
  /** Message of the last failed submit or load ('' when the server gave none). */
  message: string | null;
}

export interface TableErrors {
  list: string | null;
  add: FormErrors;
  edit: FormErrors;
  view: string | null;
  delete: string | null;
  export: string | null;
}

export interface TableContext {
  idKey: string;
  lazy: boolean;
  /** The rows shown are a lazy tree's roots (a lazy page with no search); false for flat rows. */
  treeRows: boolean;
  rules: Rules | null;
  params: Query;
  searchFields: readonly SearchField[];
  searchCount: number;
  rows: Row[];
  total: number;
  /** `total` is a lower bound (the server counts up to a cap): the pager says "at least". */
  totalCapped: boolean;
  /** Extra counters of the last list answer (null when none). */
  count: unknown;
  page: number;
  perPage: number;
  /** Search values as submitted (the form shows them). */
  searchValues: Values;
  /** The search part of the list query (built from `searchValues`). */
  query: Query;
  searchExpanded: boolean;
  selection: RowId[];
  dialogs: TableDialogs;
  /** Ids of the delete being confirmed or run. */
  deleteIds: RowId[];
  errors: TableErrors;
  /** The spreadsheet picked for import (null when none). */
  importFile: PickedSheet | null;
  /** Rows of its first sheet while they are imported. */
  sheetRows: Row[];
  /** Sheet line of each of those rows (`sheetLines[i]` for `sheetRows[i]`): the report names them. */
  sheetLines: number[];
  /** Blank lines of that sheet, skipped (not sent); the report names them until IMPORT.DISMISS. */
  skippedLines: number[];
  /** Outcome of the last import, shown until IMPORT.DISMISS. */
  lastImport: ImportReport | null;
}

export type TableEvent =
  | { type: 'PAGE.SET'; page: number }
  | { type: 'PAGE.SIZE'; perPage: number }
  | { type: 'RELOAD' }
  | { type: 'SEARCH.SUBMIT'; values: Values }
  | { type: 'SEARCH.RESET' }
  | { type: 'SEARCH.TOGGLE' }
  | { type: 'SEARCH.EXPAND' }
  | { type: 'SELECT.SET'; ids: RowId[] }
  | { type: 'ADD.OPEN'; values?: Values }
  | { type: 'ADD.SUBMIT'; values: Values }
  | { type: 'ADD.CANCEL' }
  | { type: 'EDIT.OPEN'; id: RowId }
  | { type: 'EDIT.SUBMIT'; values: Values }
  | { type: 'EDIT.CANCEL' }
  | { type: 'VIEW.OPEN'; id: RowId }
  | { type: 'VIEW.CANCEL' }
  | { type: 'DELETE.ONE'; id: RowId }
  | { type: 'DELETE.SELECTED' }
  | { type: 'CONFIRM' }
  | { type: 'DECLINE' }
  | { type: 'EXPORT' }
  | { type: 'IMPORT.PICK'; file: PickedSheet }
  | { type: 'IMPORT.DISMISS' };

// Actor inputs ---------------------------------------------------------------------------------

export interface FetchPageInput {
  page: number;
  perPage: number;
  /** Page params and the search query, merged (search wins). */
  query: Query;
  /** Lazy tree page without a search: ask for the roots (isChildren=true, pid=0). */
  lazy: boolean;
}
export interface FetchRowInput { id: RowId }
export interface CreateRowInput { values: Values }
export interface UpdateRowInput { id: RowId; values: Values }
export interface DeleteRowsInput { ids: RowId[] }
/** Selected rows when any, otherwise every row of the current search (the provider sends isAll). */
export type ExportRowsInput =
  | { mode: 'selected'; ids: RowId[]; rows: Row[] }
  | { mode: 'all'; query: Query };
export interface ReadSheetInput { file: PickedSheet }
export interface ImportRowsInput { rows: Row[] }

/** The operation a toast is about. */
export type TableOperation = 'list' | 'add' | 'edit' | 'view' | 'delete' | 'export' | 'import';

export interface TableActionParams {
  notifySuccess: { operation: TableOperation };
  /** `message` is the server's or '' (the view falls back to 'msg.fail'). */
  notifyError: { operation: TableOperation; message: string };
  /** 'wait setting.' (msg.waitSetting): the page has no search fields. */
  notifyWaitSetting: Record<string, never>;
  /** msg.selectErr: delete with nothing selected. */
  notifySelectFirst: Record<string, never>;
  /** The picked sheet has no rows: the choice is cleared. */
  notifyEmptySheet: { file: PickedSheet };
  /** Show the warning box (title msg.warning, message msg.deleteConfirm); answer with CONFIRM or DECLINE. */
  askConfirm: { ids: RowId[]; title: string; message: string };
  /** After a successful add or edit (lazy pages reload the saved row's parent). */
  rowSaved: { mode: 'add' | 'edit'; id: RowId | null; values: Values; answer: unknown };
  /** After a successful delete (lazy pages reload each deleted row's parent). */
  rowsDeleted: { ids: RowId[] };
}

export const CONFIRM_TITLE_KEY = 'msg.warning';
export const CONFIRM_MESSAGE_KEY = 'msg.deleteConfirm';

const notProvided = (name: string) => () => Promise.reject(new Error(`table: actor "${name}" is not provided`));

const noFormErrors = (): FormErrors => ({ fields: {}, message: null });

/**
 * A failed list shows its failure, not the rows of an earlier query as if they answered this one
 * (a search the server refused left the previous rows on screen): the rows, their counters and
 * the selection among them are cleared with the message.
 */
const listFailed = (context: TableContext, message: string): Partial<TableContext> => ({
  rows: [],
  total: 0,
  totalCapped: false,
  count: null,
  selection: [],
  errors: { ...context.errors, list: message },
});

const emptyDialogs = (): TableDialogs => ({
  add: { values: {} },
  edit: { id: null, row: null, values: {} },
  view: { id: null, row: null },
});

export const tableMachine = setup({
  types: {
    input: {} as TableInput,
    context: {} as TableContext,
    events: {} as TableEvent,
  },
  actors: {
    fetchPage: fromPromise<unknown, FetchPageInput>(notProvided('fetchPage')),
    fetchRow: fromPromise<unknown, FetchRowInput>(notProvided('fetchRow')),
    createRow: fromPromise<unknown, CreateRowInput>(notProvided('createRow')),
    updateRow: fromPromise<unknown, UpdateRowInput>(notProvided('updateRow')),
    deleteRows: fromPromise<unknown, DeleteRowsInput>(notProvided('deleteRows')),
    exportRows: fromPromise<unknown, ExportRowsInput>(notProvided('exportRows')),
    readSheet: fromPromise<SheetRead, ReadSheetInput>(notProvided('readSheet')),
    importRows: fromPromise<unknown, ImportRowsInput>(notProvided('importRows')),
  },
  actions: {
    notifySuccess: (_, _params: TableActionParams['notifySuccess']) => {},
    notifyError: (_, _params: TableActionParams['notifyError']) => {},
    notifyWaitSetting: (_, _params: TableActionParams['notifyWaitSetting']) => {},
    notifySelectFirst: (_, _params: TableActionParams['notifySelectFirst']) => {},
    notifyEmptySheet: (_, _params: TableActionParams['notifyEmptySheet']) => {},
    askConfirm: (_, _params: TableActionParams['askConfirm']) => {},
    rowSaved: (_, _params: TableActionParams['rowSaved']) => {},
    rowsDeleted: (_, _params: TableActionParams['rowsDeleted']) => {},
  },
  guards: {
    /** Pure form check; the default applies the page rules (provide another to replace it). */
    isValid: (_, params: { values: Values; rules: Rules | null; form: TableForm }) => !hasErrors(validate(params.values, params.rules, params.form)),
    isFailureAnswer: (_, params: { answer: unknown }) => isFailureAnswer(params.answer),
    isHtmlAnswer: (_, params: { answer: unknown }) => isHtmlDocument(params.answer),
    isUnreadableAnswer: (_, params: { answer: unknown }) => readPage(params.answer) === null,
    /** The page is past the end (e.g. its last rows were deleted): go to the last page. */
    isPastLastPage: ({ context }, params: { answer: unknown }) => {
      const page = readPage(params.answer);
      return !!page && page.rows.length === 0 && context.page > pageCount(page.total, context.perPage);
    },
    isValidPage: ({ context }, params: { page: number }) => Number.isInteger(params.page) && params.page >= 1 && params.page !== context.page,
    isPageSize: (_, params: { perPage: number }) => isPageSize(params.perPage),
    hasNoSearchFields: ({ context }) => context.searchCount === 0,
    hasSearchToggle: ({ context }) => hasSearchToggle(context.searchCount),
    hasNoSelection: ({ context }) => context.selection.length === 0,
    isEmptySheet: (_, params: { rows: unknown }) => !Array.isArray(params.rows) || params.rows.length === 0,
    /** Anything but `{imported: n}` is a refused import (never reported as a success). */
    isImportRefused: (_, params: { answer: unknown }) => !importReport(params.answer).ok,
  },
}).createMachine({
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
      totalCapped: false,
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
    list: {
      initial: 'loading',
      on: {
        'PAGE.SET': {
          guard: { type: 'isValidPage', params: ({ event }) => ({ page: event.page }) },
          target: '.loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
        'PAGE.SIZE': {
          guard: { type: 'isPageSize', params: ({ event }) => ({ perPage: event.perPage }) },
          target: '.loading',
          actions: assign({ perPage: ({ event }) => event.perPage, page: 1 }),
        },
        RELOAD: { target: '.loading' },
        'SEARCH.SUBMIT': {
          target: '.loading',
          actions: assign({
            searchValues: ({ event }) => ({ ...event.values }),
            query: ({ context, event }) => buildQuery(event.values, context.searchFields),
            page: 1,
          }),
        },
        'SEARCH.RESET': {
          target: '.loading',
          actions: assign({ searchValues: {}, query: {}, page: 1 }),
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({
              page: context.page,
              perPage: context.perPage,
              query: { ...context.params, ...context.query },
              lazy: context.lazy && !isSearching(context.query),
            }),
            onDone: [
              // The SPA's index page served for an API path: ignored (spec §8).
              { guard: { type: 'isHtmlAnswer', params: ({ event }) => ({ answer: event.output }) }, target: 'ready' },
              {
                guard: { type: 'isUnreadableAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'failed',
                actions: [
                  assign(({ context, event }) => listFailed(context, failureMessage(event.output))),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'list' as const, message: failureMessage(event.output) }) },
                ],
              },
              {
                guard: { type: 'isPastLastPage', params: ({ event }) => ({ answer: event.output }) },
                target: 'loading',
                reenter: true,
                actions: assign({ page: ({ context, event }) => pageCount(readPage(event.output)!.total, context.perPage) }),
              },
              {
                target: 'ready',
                actions: assign(({ context, event }) => {
                  const page = readPage(event.output)!;
                  return {
                    rows: page.rows,
                    total: page.total,
                    totalCapped: page.capped,
                    count: page.count,
                    // the query is the one asked with: a new search re-enters loading
                    treeRows: context.lazy && !isSearching(context.query),
                    selection: keepSelection(context.selection, page.rows, context.idKey),
                    errors: { ...context.errors, list: null },
                  };
                }),
              },
            ],
            onError: {
              target: 'failed',
              actions: [
                assign(({ context, event }) => listFailed(context, failureMessage(event.error))),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'list' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
        },
        ready: {},
        failed: {},
      },
    },

    search: {
      initial: 'hidden',
      states: {
        hidden: {
          on: {
            'SEARCH.TOGGLE': [
              { guard: 'hasNoSearchFields', actions: { type: 'notifyWaitSetting', params: {} } },
              { target: 'shown' },
            ],
          },
        },
        shown: {
          on: {
            'SEARCH.TOGGLE': { target: 'hidden' },
            'SEARCH.EXPAND': {
              guard: 'hasSearchToggle',
              actions: assign({ searchExpanded: ({ context }) => !context.searchExpanded }),
            },
          },
        },
      },
    },

    addDialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'ADD.OPEN': {
              target: 'open',
              actions: assign({
                dialogs: ({ context, event }) => ({ ...context.dialogs, add: { values: { ...(event.values ?? {}) } } }),
                errors: ({ context }) => ({ ...context.errors, add: noFormErrors() }),
              }),
            },
          },
        },
        open: {
          on: {
            'ADD.SUBMIT': [
              {
                guard: { type: 'isValid', params: ({ context, event }) => ({ values: event.values, rules: context.rules, form: 'add' as const }) },
                target: 'submitting',
                actions: assign({
                  dialogs: ({ context, event }) => ({ ...context.dialogs, add: { values: { ...event.values } } }),
                  errors: ({ context }) => ({ ...context.errors, add: noFormErrors() }),
                }),
              },
              {
                actions: assign({
                  dialogs: ({ context, event }) => ({ ...context.dialogs, add: { values: { ...event.values } } }),
                  errors: ({ context, event }) => ({ ...context.errors, add: { fields: validate(event.values, context.rules, 'add'), message: null } }),
                }),
              },
            ],
            'ADD.CANCEL': {
              target: 'closed',
              actions: assign({
                dialogs: ({ context }) => ({ ...context.dialogs, add: { values: {} } }),
                errors: ({ context }) => ({ ...context.errors, add: noFormErrors() }),
              }),
            },
          },
        },
        submitting: {
          invoke: {
            id: 'createRow',
            src: 'createRow',
            input: ({ context }) => ({ values: context.dialogs.add.values }),
            onDone: [
              {
                guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'open',
                actions: [
                  assign({ errors: ({ context, event }) => ({ ...context.errors, add: { fields: {}, message: failureMessage(event.output) } }) }),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'add' as const, message: failureMessage(event.output) }) },
                ],
              },
              {
                target: 'closed',
                actions: [
                  { type: 'rowSaved', params: ({ context, event }) => ({ mode: 'add' as const, id: null, values: context.dialogs.add.values, answer: event.output }) },
                  assign({ dialogs: ({ context }) => ({ ...context.dialogs, add: { values: {} } }) }),
                  { type: 'notifySuccess', params: { operation: 'add' as const } },
                  raise({ type: 'RELOAD' }),
                ],
              },
            ],
            onError: {
              target: 'open',
              actions: [
                assign({ errors: ({ context, event }) => ({ ...context.errors, add: { fields: {}, message: failureMessage(event.error) } }) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'add' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
        },
      },
    },

    editDialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'EDIT.OPEN': {
              target: 'loading',
              actions: assign({
                dialogs: ({ context, event }) => ({ ...context.dialogs, edit: { id: event.id, row: null, values: {} } }),
                errors: ({ context }) => ({ ...context.errors, edit: noFormErrors() }),
              }),
            },
          },
        },
        loading: {
          invoke: {
            id: 'fetchEditRow',
            src: 'fetchRow',
            input: ({ context }) => ({ id: context.dialogs.edit.id as RowId }),
            onDone: [
              {
                guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'closed',
                actions: [
                  assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.output) } }) }),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.output) }) },
                ],
              },
              {
                target: 'open',
                actions: assign({
                  dialogs: ({ context, event }) => {
                    const row = (event.output && typeof event.output === 'object' ? event.output : {}) as Row;
                    return { ...context.dialogs, edit: { id: context.dialogs.edit.id, row, values: { ...row } } };
                  },
                }),
              },
            ],
            onError: {
              target: 'closed',
              actions: [
                assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.error) } }) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
          on: { 'EDIT.CANCEL': { target: 'closed' } },
        },
        open: {
          on: {
            'EDIT.SUBMIT': [
              {
                guard: { type: 'isValid', params: ({ context, event }) => ({ values: event.values, rules: context.rules, form: 'edit' as const }) },
                target: 'submitting',
                actions: assign({
                  dialogs: ({ context, event }) => ({ ...context.dialogs, edit: { ...context.dialogs.edit, values: { ...event.values } } }),
                  errors: ({ context }) => ({ ...context.errors, edit: noFormErrors() }),
                }),
              },
              {
                actions: assign({
                  dialogs: ({ context, event }) => ({ ...context.dialogs, edit: { ...context.dialogs.edit, values: { ...event.values } } }),
                  errors: ({ context, event }) => ({ ...context.errors, edit: { fields: validate(event.values, context.rules, 'edit'), message: null } }),
                }),
              },
            ],
            'EDIT.CANCEL': {
              target: 'closed',
              actions: assign({
                dialogs: ({ context }) => ({ ...context.dialogs, edit: { id: null, row: null, values: {} } }),
                errors: ({ context }) => ({ ...context.errors, edit: noFormErrors() }),
              }),
            },
          },
        },
        submitting: {
          invoke: {
            id: 'updateRow',
            src: 'updateRow',
            input: ({ context }) => ({ id: context.dialogs.edit.id as RowId, values: context.dialogs.edit.values }),
            onDone: [
              {
                guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'open',
                actions: [
                  assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.output) } }) }),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.output) }) },
                ],
              },
              {
                target: 'closed',
                actions: [
                  {
                    type: 'rowSaved',
                    params: ({ context, event }) => ({ mode: 'edit' as const, id: context.dialogs.edit.id, values: context.dialogs.edit.values, answer: event.output }),
                  },
                  assign({ dialogs: ({ context }) => ({ ...context.dialogs, edit: { id: null, row: null, values: {} } }) }),
                  { type: 'notifySuccess', params: { operation: 'edit' as const } },
                  raise({ type: 'RELOAD' }),
                ],
              },
            ],
            onError: {
              target: 'open',
              actions: [
                assign({ errors: ({ context, event }) => ({ ...context.errors, edit: { fields: {}, message: failureMessage(event.error) } }) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'edit' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
        },
      },
    },

    viewDialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'VIEW.OPEN': {
              target: 'loading',
              actions: assign({
                dialogs: ({ context, event }) => ({ ...context.dialogs, view: { id: event.id, row: null } }),
                errors: ({ context }) => ({ ...context.errors, view: null }),
              }),
            },
          },
        },
        loading: {
          invoke: {
            id: 'fetchViewRow',
            src: 'fetchRow',
            input: ({ context }) => ({ id: context.dialogs.view.id as RowId }),
            onDone: [
              {
                guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'closed',
                actions: [
                  assign({ errors: ({ context, event }) => ({ ...context.errors, view: failureMessage(event.output) }) }),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'view' as const, message: failureMessage(event.output) }) },
                ],
              },
              {
                target: 'open',
                actions: assign({
                  dialogs: ({ context, event }) => ({
                    ...context.dialogs,
                    view: { id: context.dialogs.view.id, row: (event.output && typeof event.output === 'object' ? event.output : {}) as Row },
                  }),
                }),
              },
            ],
            onError: {
              target: 'closed',
              actions: [
                assign({ errors: ({ context, event }) => ({ ...context.errors, view: failureMessage(event.error) }) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'view' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
          on: { 'VIEW.CANCEL': { target: 'closed' } },
        },
        open: {
          on: {
            'VIEW.CANCEL': {
              target: 'closed',
              actions: assign({ dialogs: ({ context }) => ({ ...context.dialogs, view: { id: null, row: null } }) }),
            },
          },
        },
      },
    },

    delete: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'DELETE.ONE': {
              target: 'confirming',
              actions: [
                assign({ deleteIds: ({ event }) => [event.id] }),
                { type: 'askConfirm', params: ({ event }) => ({ ids: [event.id], title: CONFIRM_TITLE_KEY, message: CONFIRM_MESSAGE_KEY }) },
              ],
            },
            'DELETE.SELECTED': [
              { guard: 'hasNoSelection', actions: { type: 'notifySelectFirst', params: {} } },
              {
                target: 'confirming',
                actions: [
                  assign({ deleteIds: ({ context }) => [...context.selection] }),
                  { type: 'askConfirm', params: ({ context }) => ({ ids: [...context.selection], title: CONFIRM_TITLE_KEY, message: CONFIRM_MESSAGE_KEY }) },
                ],
              },
            ],
          },
        },
        confirming: {
          on: {
            CONFIRM: { target: 'deleting' },
            DECLINE: { target: 'idle', actions: assign({ deleteIds: [] }) },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteRows',
            src: 'deleteRows',
            input: ({ context }) => ({ ids: context.deleteIds }),
            onDone: [
              {
                guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'idle',
                actions: [
                  assign({ deleteIds: [], errors: ({ context, event }) => ({ ...context.errors, delete: failureMessage(event.output) }) }),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'delete' as const, message: failureMessage(event.output) }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'rowsDeleted', params: ({ context }) => ({ ids: context.deleteIds }) },
                  assign(({ context }) => {
                    const gone = new Set(context.deleteIds.map(String));
                    return {
                      selection: context.selection.filter((id) => !gone.has(String(id))),
                      deleteIds: [],
                      errors: { ...context.errors, delete: null },
                    };
                  }),
                  { type: 'notifySuccess', params: { operation: 'delete' as const } },
                  raise({ type: 'RELOAD' }),
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign({ deleteIds: [], errors: ({ context, event }) => ({ ...context.errors, delete: failureMessage(event.error) }) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'delete' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
        },
      },
    },

    export: {
      initial: 'idle',
      states: {
        idle: {
          on: { EXPORT: { target: 'exporting', actions: assign({ errors: ({ context }) => ({ ...context.errors, export: null }) }) } },
        },
        exporting: {
          invoke: {
            id: 'exportRows',
            src: 'exportRows',
            input: ({ context }): ExportRowsInput => {
              if (context.selection.length) {
                const wanted = new Set(context.selection.map(String));
                const rows = context.rows.filter((row) => wanted.has(String(row[context.idKey])));
                return { mode: 'selected', ids: [...context.selection], rows };
              }
              return { mode: 'all', query: { ...context.params, ...context.query } };
            },
            onDone: [
              {
                guard: { type: 'isFailureAnswer', params: ({ event }) => ({ answer: event.output }) },
                target: 'idle',
                actions: [
                  assign({ errors: ({ context, event }) => ({ ...context.errors, export: failureMessage(event.output) }) }),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'export' as const, message: failureMessage(event.output) }) },
                ],
              },
              { target: 'idle', actions: { type: 'notifySuccess', params: { operation: 'export' as const } } },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign({ errors: ({ context, event }) => ({ ...context.errors, export: failureMessage(event.error) }) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'export' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
        },
      },
    },

    import: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'IMPORT.PICK': {
              target: 'reading',
              actions: assign({ importFile: ({ event }) => event.file, lastImport: null, sheetLines: [], skippedLines: [] }),
            },
          },
        },
        reading: {
          invoke: {
            id: 'readSheet',
            src: 'readSheet',
            input: ({ context }) => ({ file: context.importFile as PickedSheet }),
            onDone: [
              {
                guard: { type: 'isEmptySheet', params: ({ event }) => ({ rows: event.output?.rows }) },
                target: 'idle',
                actions: [
                  { type: 'notifyEmptySheet', params: ({ context }) => ({ file: context.importFile as PickedSheet }) },
                  assign({ importFile: null }),
                ],
              },
              {
                target: 'importing',
                actions: assign({
                  sheetRows: ({ event }) => event.output.rows,
                  sheetLines: ({ event }) => event.output.lines ?? [],
                  skippedLines: ({ event }) => event.output.skipped ?? [],
                }),
              },
            ],
            onError: {
              target: 'reported',
              actions: [
                assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importFailure(event.error, context.sheetLines) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'import' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
        },
        importing: {
          invoke: {
            id: 'importRows',
            src: 'importRows',
            input: ({ context }) => ({ rows: context.sheetRows }),
            onDone: [
              {
                guard: { type: 'isImportRefused', params: ({ event }) => ({ answer: event.output }) },
                target: 'reported',
                actions: [
                  assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importReport(event.output, context.sheetLines) }),
                  { type: 'notifyError', params: ({ event }) => ({ operation: 'import' as const, message: failureMessage(event.output) }) },
                ],
              },
              {
                target: 'reported',
                actions: [
                  assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importReport(event.output, context.sheetLines) }),
                  { type: 'notifySuccess', params: { operation: 'import' as const } },
                  raise({ type: 'RELOAD' }),
                ],
              },
            ],
            onError: {
              target: 'reported',
              actions: [
                assign({ sheetRows: [], sheetLines: [], lastImport: ({ context, event }) => importFailure(event.error, context.sheetLines) }),
                { type: 'notifyError', params: ({ event }) => ({ operation: 'import' as const, message: failureMessage(event.error) }) },
              ],
            },
          },
        },
        reported: {
          on: { 'IMPORT.DISMISS': { target: 'idle', actions: assign({ importFile: null, lastImport: null, skippedLines: [] }) } },
        },
      },
    },
  },
});
