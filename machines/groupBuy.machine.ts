/**
 * A group buy as one shopper lives it (goods page and /collectives/group/:id): open a new group or
 * join one (both go on to the checkout with the group line), then watch the group while it is
 * waiting for people (re-read every POLL_MS and when its countdown ends) until it is filled or
 * expired. A join first re-reads the group: a group that filled, closed or has no seat left in the
 * meantime is not bought into. Effects are provided by src/: `loadGroup` (GET the group),
 * `checkout` (go to the checkout with the line), `notifyFilled`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import { groupPhase, type GroupView } from './groupBuy';

export interface GroupBuyContext {
  goodsId: number;
  groupId: number | null;
  group: GroupView | null;
  error: string | null;
}

export type GroupBuyEvent =
  | { type: 'OPEN' }
  | { type: 'JOIN'; groupId: number }
  | { type: 'WATCH'; groupId: number }
  | { type: 'TIMEOUT' }
  | { type: 'REFRESH' }
  | { type: 'DISMISS' };

export interface GroupBuyParams {
  checkout: { collectiveId: number };
}

export const GROUP_POLL_MS = 10_000;
export const GROUP_LOAD_FAILED = 'failed';

const phaseIs =
  (phase: ReturnType<typeof groupPhase>) =>
  ({ event }: { event: unknown }) => {
    const group = (event as { output?: GroupView }).output;
    return Boolean(group) && groupPhase(group!) === phase;
  };


export const groupBuyMachine = setup({
  types: {
    input: {} as { goodsId: number; groupId?: number },
    context: {} as GroupBuyContext,
    events: {} as GroupBuyEvent,
  },
  actors: {
    loadGroup: fromPromise<GroupView, { groupId: number }>(() => Promise.reject(new Error('groupBuy: actor "loadGroup" is not provided'))),
  },
  actions: {
    checkout: (_, _params: GroupBuyParams['checkout']) => {},
    notifyFilled: () => {},
    keepGroup: assign({ group: ({ event }) => (event as unknown as { output: GroupView }).output, error: null }),
  },
  guards: {
    isOpen: phaseIs('open'),
    isFull: phaseIs('full'),
    isFilled: phaseIs('filled'),
  },
  delays: { poll: GROUP_POLL_MS },
}).createMachine({
  id: 'groupBuy',
  context: ({ input }) => ({ goodsId: input.goodsId, groupId: input.groupId ?? null, group: null, error: null }),
  initial: 'idle',
  on: {
    WATCH: { target: '.loading', actions: assign({ groupId: ({ event }) => event.groupId, error: null }) },
  },
  states: {
    idle: {
      on: {
        OPEN: 'opening',
        JOIN: { target: 'joining', actions: assign({ groupId: ({ event }) => event.groupId, error: null }) },
      },
    },
    /** Off to the checkout to open a new group (collective_id -1). */
    opening: {
      entry: { type: 'checkout', params: { collectiveId: -1 } },
      // the checkout did not open (a spec still to choose): back to choosing
      on: { DISMISS: 'idle' },
    },
    /** Re-reading the group before buying into it. */
    joining: {
      invoke: {
        src: 'loadGroup',
        input: ({ context }) => ({ groupId: context.groupId ?? 0 }),
        onDone: [
          { guard: 'isOpen', target: 'buying', actions: 'keepGroup' },
          { guard: 'isFilled', target: 'filled', actions: 'keepGroup' },
          { guard: 'isFull', target: 'full', actions: 'keepGroup' },
          { target: 'expired', actions: 'keepGroup' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) || GROUP_LOAD_FAILED }) },
      },
    },
    /** Off to the checkout with the group's id. */
    buying: {
      entry: { type: 'checkout', params: ({ context }) => ({ collectiveId: context.groupId ?? 0 }) },
      on: { DISMISS: 'idle' },
    },
    /** Every seat is taken; the group waits for payments (no one else can join). */
    full: {
      on: { DISMISS: 'idle' },
      after: { poll: 'loading' },
    },
    loading: {
      invoke: {
        src: 'loadGroup',
        input: ({ context }) => ({ groupId: context.groupId ?? 0 }),
        onDone: [
          { guard: 'isFilled', target: 'filled', actions: 'keepGroup' },
          { guard: 'isOpen', target: 'waiting', actions: 'keepGroup' },
          { guard: 'isFull', target: 'waiting', actions: 'keepGroup' },
          { target: 'expired', actions: 'keepGroup' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) || GROUP_LOAD_FAILED }) },
      },
    },
    /** Open, waiting for people or payments: re-read on a timer, when the countdown ends, or on demand. */
    waiting: {
      on: { TIMEOUT: 'loading', REFRESH: 'loading' },
      after: { poll: 'loading' },
    },
    filled: { entry: 'notifyFilled', on: { DISMISS: 'idle' } },
    expired: { on: { DISMISS: 'idle' } },
    failed: {
      on: { REFRESH: 'loading', DISMISS: 'idle' },
    },
  },
});
