/**
 * The store's freight template editor (reference §6.12, screens §4.6; bug §6 #45 fixed): load the
 * templates and the provinces, edit rows (the default first, then province templates), remove a
 * template from the form only, save the whole editor at once (checked here first, as the server
 * checks it), or discard the changes. A refusal that names a field (`info.2.area_id`) shows at that
 * field; anything else is notified. Rows are shaped and checked by ./freightEditor.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import { checkRows, emptyRow, rowsFromServer, type FreightRow, type Province, type RowErrors } from './freightEditor';

export interface FreightEditorContext {
  rows: FreightRow[];
  provinces: Province[];
  /** By field path (`info.1.name`): a locale key (checked here) or the server's message. */
  errors: RowErrors;
  /** Something changed since the last load or save. */
  dirty: boolean;
}

export type FreightEditorEvent =
  | { type: 'ROW.ADD'; name: string }
  | { type: 'ROW.REMOVE'; index: number }
  | { type: 'ROW.SET'; index: number; patch: Partial<FreightRow> }
  | { type: 'SAVE' }
  | { type: 'DISCARD' }
  | { type: 'RETRY' };

export interface LoadFreightsOutput {
  templates: Record<string, unknown>[];
  provinces: Province[];
}

export interface FreightEditorActionParams {
  notifyError: { message: string };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`freightEditor: actor "${name}" is not provided`));

/** The editor path of a refusal's field (`info.2.area_id.0` → `info.2.area_id`), or ''. */
export function refusalPath(error: unknown): string {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field.startsWith('info.') ? field.split('.').slice(0, 3).join('.') : '';
}

export const freightEditorMachine = setup({
  types: {
    context: {} as FreightEditorContext,
    events: {} as FreightEditorEvent,
  },
  actors: {
    loadFreights: fromPromise<LoadFreightsOutput>(notProvided('loadFreights')),
    /** Saves the whole editor; resolves with the store's templates as saved. */
    saveFreights: fromPromise<Record<string, unknown>[], { rows: FreightRow[] }>(notProvided('saveFreights')),
  },
  actions: {
    notifySaved: () => {},
    notifyError: (_, _params: FreightEditorActionParams['notifyError']) => {},
  },
  guards: {
    rowsInvalid: ({ context }) => Object.keys(checkRows(context.rows)).length > 0,
    isDirty: ({ context }) => context.dirty,
    refusedAtField: (_, params: { error: unknown }) => refusalPath(params.error) !== '',
  },
}).createMachine({
  id: 'freightEditor',
  context: { rows: [], provinces: [], errors: {}, dirty: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadFreights',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ rows: rowsFromServer(event.output.templates), provinces: event.output.provinces, errors: {}, dirty: false })),
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading' } },
    },
    editing: {
      on: {
        'ROW.ADD': { actions: assign({ rows: ({ context, event }) => [...context.rows, emptyRow(event.name)], dirty: true }) },
        'ROW.REMOVE': {
          // row 0 is the default template: it cannot go; the others' error paths shift, so they go
          actions: assign({
            rows: ({ context, event }) => context.rows.filter((_, i) => i === 0 || i !== event.index),
            errors: {},
            dirty: true,
          }),
        },
        'ROW.SET': {
          actions: assign({
            rows: ({ context, event }) => context.rows.map((row, i) => (i === event.index ? { ...row, ...event.patch } : row)),
            dirty: true,
          }),
        },
        SAVE: [
          { guard: 'rowsInvalid', actions: assign({ errors: ({ context }) => checkRows(context.rows) }) },
          { target: 'saving', actions: assign({ errors: {} }) },
        ],
        DISCARD: { guard: 'isDirty', target: 'loading' },
      },
    },
    saving: {
      invoke: {
        src: 'saveFreights',
        input: ({ context }) => ({ rows: context.rows }),
        onDone: {
          target: 'editing',
          actions: [assign(({ event }) => ({ rows: rowsFromServer(event.output), errors: {}, dirty: false })), 'notifySaved'],
        },
        onError: [
          {
            guard: { type: 'refusedAtField', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ errors: ({ event }) => ({ [refusalPath(event.error)]: errorMessage(event.error) }) }),
          },
          { target: 'editing', actions: { type: 'notifyError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
        ],
      },
    },
  },
});
