import { fromPromise, setup } from 'xstate';
import {
  hasErrors, hasSearchToggle, importReport, isFailureAnswer, isHtmlDocument, isPageSize, pageCount, readPage, validate,
  type FieldErrors, type ImportReport, type SheetRead, type Query, type Row, type RowId, type Rules, type SearchField, type TableForm, type Values,
} from './table';

/**
 * The table machine's vocabulary (table.machine.ts composes it): its input, context and events,
 * the inputs of its actors, the parameters of its actions, and the `setup` naming every actor,
 * action and guard. The regions, one job each, are built on `tableSetup` in table.list.ts,
 * table.search.ts, table.dialogs.ts, table.delete.ts and table.sheets.ts.
 */

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

export const tableSetup = setup({
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
});
