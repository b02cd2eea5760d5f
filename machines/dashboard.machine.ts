/**
 * A dashboard or analysis page (issue 26): the figures of a period — a unit (day, month, year) and
 * an optional range — loaded, shown, refreshed. Choosing a unit clears the range (as the reference's
 * chips did); a range is checked before anything is sent (a bad one stays on screen with its
 * error, the figures unchanged); a failed load can be retried; the figures refresh by themselves
 * every `refreshMs` while shown (0: never) and on REFRESH. A change while a load runs starts
 * again with the new period: the older answer is dropped. The effect is the actor `loadFigures`,
 * provided by src/.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import { periodQuery, rangeError, type Range, type RangeError, type Unit } from './dashboard';

export interface DashboardContext {
  unit: Unit;
  range: Range | null;
  /** The last figures loaded (kept while the next load runs). */
  data: unknown;
  error: string | null;
  rangeError: RangeError | null;
  refreshMs: number;
}

export type DashboardEvent =
  | { type: 'PERIOD.SET'; unit: Unit }
  | { type: 'RANGE.SET'; from: string; to: string }
  | { type: 'RANGE.CLEAR' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' };

export interface LoadFiguresInput {
  query: Record<string, string>;
}

export interface DashboardInput {
  unit?: Unit;
  refreshMs?: number;
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
  },
  actors: {
    loadFigures: fromPromise<unknown, LoadFiguresInput>(() => Promise.reject(new Error('dashboard: actor "loadFigures" is not provided'))),
  },
  guards: {
    otherUnit: ({ context }, params: { unit: Unit }) => params.unit !== context.unit || context.range !== null,
    rangeValid: ({ context }, params: { range: Range }) => rangeError(context.unit, params.range) === null,
    hasRange: ({ context }) => context.range !== null,
    refreshes: ({ context }) => context.refreshMs > 0,
  },
  delays: {
    refreshEvery: ({ context }) => context.refreshMs,
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ unit: input.unit ?? 'day', range: null, data: null, error: null, rangeError: null, refreshMs: input.refreshMs ?? 0 }),
  initial: 'loading',
  on: {
    'PERIOD.SET': {
      guard: { type: 'otherUnit', params: ({ event }) => ({ unit: event.unit }) },
      target: '.loading',
      reenter: true,
      actions: assign({ unit: ({ event }) => event.unit, range: null, rangeError: null }),
    },
    'RANGE.SET': [
      {
        guard: { type: 'rangeValid', params: ({ event }) => ({ range: [event.from, event.to] as const }) },
        target: '.loading',
        reenter: true,
        actions: assign({ range: ({ event }) => [event.from, event.to] as const, rangeError: null }),
      },
      { actions: assign({ rangeError: ({ context, event }) => rangeError(context.unit, [event.from, event.to]) }) },
    ],
    'RANGE.CLEAR': { guard: 'hasRange', target: '.loading', reenter: true, actions: assign({ range: null, rangeError: null }) },
    REFRESH: { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadFigures',
        input: ({ context }) => ({ query: periodQuery(context.unit, context.range) }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    ready: {
      after: {
        refreshEvery: { guard: 'refreshes', target: 'loading' },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
