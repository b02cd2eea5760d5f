/**
 * Lazy tree rows (spec §4 "Lazy tree", §7 `GET {page}?isChildren=true&pid=`): expanding a row
 * loads its children by parent id once (then served from the cache), loads run one at a time
 * in order, and after add, edit or delete the affected parent node reloads. Roots (pid 0) are
 * the table's list rows: the `table` machine reloads them itself, so root reloads are no-ops here.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureMessage, type Row, type RowId } from './table';
import {
  afterDelete, childRows, dropExpand, enqueueLoad, nodeKey, pidOfKey, recordParents, reloadTarget,
  type LoadRequest, type TreeKeys,
} from './lazyTree';

export interface LazyTreeInput {
  /** Row id column (the ids of RELOAD.AFTER_DELETE): default 'id'. */
  idKey?: string;
  /** Column whose value is the pid of the row's children (areas: 'code'): default 'id'. */
  childKey?: string;
}

export interface LazyTreeContext extends TreeKeys {
  /** Loaded children by node key (the parent's pid value as text). */
  children: Record<string, Row[]>;
  /** Open node keys. */
  expanded: string[];
  /** Loads waiting; the first one runs while in `loading`. */
  queue: LoadRequest[];
  /** Node key → message of its last failed load. */
  errors: Record<string, string>;
  /** Row id → key of the node it was loaded under. */
  parentOf: Record<string, string>;
  /** Node key → key of the node it was loaded under. */
  parentOfNode: Record<string, string>;
  /** Node key → the pid value its children were loaded with (sent again on reload). */
  pids: Record<string, RowId>;
}

export type LazyTreeEvent =
  /** `id`: the row's childKey value (the pid its children carry). */
  | { type: 'EXPAND'; id: RowId }
  | { type: 'COLLAPSE'; id: RowId }
  /** After add or edit: `pid` is the saved row's parent. */
  | { type: 'RELOAD.PARENT'; pid: RowId }
  /** After delete: the ids of the deleted rows. */
  | { type: 'RELOAD.AFTER_DELETE'; ids: RowId[] };

export interface FetchChildrenInput { pid: RowId }

export interface LazyTreeActionParams {
  notifyLoadError: { pid: RowId; message: string };
}

export const lazyTreeMachine = setup({
  types: {
    input: {} as LazyTreeInput,
    context: {} as LazyTreeContext,
    events: {} as LazyTreeEvent,
  },
  actors: {
    fetchChildren: fromPromise<unknown, FetchChildrenInput>(() =>
      Promise.reject(new Error('lazyTree: actor "fetchChildren" is not provided')),
    ),
  },
  actions: {
    notifyLoadError: (_, _params: LazyTreeActionParams['notifyLoadError']) => {},
  },
  guards: {
    isCached: ({ context }, params: { id: RowId }) => Object.hasOwn(context.children, nodeKey(params.id)),
    hasReloadTarget: ({ context }, params: { pid: RowId }) => reloadTarget(params.pid, context.children, context) !== null,
    hasDeleteTargets: ({ context }, params: { ids: RowId[] }) => afterDelete(context, params.ids, context).targets.length > 0,
    isBadAnswer: (_, params: { answer: unknown }) => childRows(params.answer) === null,
    hasQueue: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'lazyTree',
  context: ({ input }) => ({
    idKey: input.idKey ?? 'id',
    childKey: input.childKey ?? 'id',
    children: {},
    expanded: [],
    queue: [],
    errors: {},
    parentOf: {},
    parentOfNode: {},
    pids: {},
  }),
  initial: 'idle',
  on: {
    COLLAPSE: {
      actions: assign(({ context, event }) => {
        const key = nodeKey(event.id);
        return { expanded: context.expanded.filter((open) => open !== key), queue: dropExpand(context.queue, key) };
      }),
    },
  },
  states: {
    idle: {
      on: {
        EXPAND: [
          {
            guard: { type: 'isCached', params: ({ event }) => ({ id: event.id }) },
            actions: assign({ expanded: ({ context, event }) => open(context.expanded, nodeKey(event.id)) }),
          },
          {
            target: 'loading',
            actions: assign({
              queue: ({ context, event }) => enqueueLoad(context.queue, { pid: event.id, key: nodeKey(event.id), expand: true }, false),
            }),
          },
        ],
        'RELOAD.PARENT': {
          guard: { type: 'hasReloadTarget', params: ({ event }) => ({ pid: event.pid }) },
          target: 'loading',
          actions: assign({ queue: ({ context, event }) => queueReload(context, reloadTarget(event.pid, context.children, context)!, false) }),
        },
        'RELOAD.AFTER_DELETE': [
          {
            guard: { type: 'hasDeleteTargets', params: ({ event }) => ({ ids: event.ids }) },
            target: 'loading',
            actions: assign(({ context, event }) => deleteAndQueue(context, event.ids, false)),
          },
          { actions: assign(({ context, event }) => deleteAndQueue(context, event.ids, false)) },
        ],
      },
    },
    loading: {
      invoke: {
        id: 'fetchChildren',
        src: 'fetchChildren',
        input: ({ context }) => ({ pid: context.queue[0].pid }),
        onDone: [
          {
            guard: { type: 'isBadAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'next',
            actions: [
              { type: 'notifyLoadError', params: ({ context, event }) => ({ pid: context.queue[0].pid, message: failureMessage(event.output) }) },
              assign(({ context, event }) => failLoad(context, failureMessage(event.output))),
            ],
          },
          {
            target: 'next',
            actions: assign(({ context, event }) => {
              const { key, pid, expand } = context.queue[0];
              const rows = childRows(event.output)!;
              const errors = { ...context.errors };
              delete errors[key];
              return {
                ...recordParents(context, key, rows, context),
                children: { ...context.children, [key]: rows },
                pids: { ...context.pids, [key]: pid },
                expanded: expand ? open(context.expanded, key) : context.expanded,
                errors,
                queue: context.queue.slice(1),
              };
            }),
          },
        ],
        onError: {
          target: 'next',
          actions: [
            { type: 'notifyLoadError', params: ({ context, event }) => ({ pid: context.queue[0].pid, message: failureMessage(event.error) }) },
            assign(({ context, event }) => failLoad(context, failureMessage(event.error))),
          ],
        },
      },
      on: {
        EXPAND: [
          {
            guard: { type: 'isCached', params: ({ event }) => ({ id: event.id }) },
            actions: assign({ expanded: ({ context, event }) => open(context.expanded, nodeKey(event.id)) }),
          },
          {
            actions: assign({
              queue: ({ context, event }) => enqueueLoad(context.queue, { pid: event.id, key: nodeKey(event.id), expand: true }, true),
            }),
          },
        ],
        'RELOAD.PARENT': {
          guard: { type: 'hasReloadTarget', params: ({ event }) => ({ pid: event.pid }) },
          actions: assign({ queue: ({ context, event }) => queueReload(context, reloadTarget(event.pid, context.children, context)!, true) }),
        },
        'RELOAD.AFTER_DELETE': { actions: assign(({ context, event }) => deleteAndQueue(context, event.ids, true)) },
      },
    },
    /** A load settled: run the next one, if any. */
    next: {
      always: [{ guard: 'hasQueue', target: 'loading' }, { target: 'idle' }],
    },
  },
});

function open(expanded: readonly string[], key: string): string[] {
  return expanded.includes(key) ? [...expanded] : [...expanded, key];
}

function queueReload(context: LazyTreeContext, key: string, inFlight: boolean): LoadRequest[] {
  return enqueueLoad(context.queue, { pid: pidOfKey(key, context.pids, context.children, context.childKey), key, expand: false }, inFlight);
}

function deleteAndQueue(context: LazyTreeContext, ids: RowId[], inFlight: boolean) {
  const { state, targets } = afterDelete(context, ids, context);
  let queue = context.queue;
  for (const key of targets) queue = enqueueLoad(queue, { pid: pidOfKey(key, context.pids, context.children, context.childKey), key, expand: false }, inFlight);
  return { ...state, queue };
}

/** The running load failed: the node stays (or goes) collapsed with the error, and uncached. */
function failLoad(context: LazyTreeContext, message: string) {
  const { key } = context.queue[0];
  const children = { ...context.children };
  delete children[key];
  return {
    children,
    errors: { ...context.errors, [key]: message },
    expanded: context.expanded.filter((open) => open !== key),
    queue: context.queue.slice(1),
  };
}
