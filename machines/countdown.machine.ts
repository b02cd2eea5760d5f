/**
 * A seconds countdown (spec §4, §9). Counts down once a second with a delayed transition;
 * TICK counts one second too (for a ticker the SPA owns, or tests). Format with countdown.ts.
 */
import { assign, setup } from 'xstate';

export interface CountdownInput { seconds?: number }
export interface CountdownContext { remaining: number }
export type CountdownEvent =
  | { type: 'START'; seconds?: number }
  | { type: 'STOP' }
  | { type: 'TICK' };

export const COUNTDOWN_TICK_MS = 1000;

const whole = (seconds: number | undefined) => Math.max(0, Math.floor(Number(seconds) || 0));

export const countdownMachine = setup({
  types: {
    input: {} as CountdownInput,
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
  },
  actions: {
    /** Called once when the countdown reaches zero. */
    notifyFinished: () => {},
  },
  guards: {
    startsWithTime: ({ context, event }) => event.type === 'START' && whole(event.seconds ?? context.remaining) > 0,
    lastSecond: ({ context }) => context.remaining <= 1,
  },
  delays: { tick: COUNTDOWN_TICK_MS },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ remaining: whole(input?.seconds) }),
  initial: 'idle',
  on: {
    START: [
      {
        guard: 'startsWithTime',
        target: '.running',
        reenter: true,
        actions: assign({ remaining: ({ context, event }) => whole(event.seconds ?? context.remaining) }),
      },
      { target: '.finished', reenter: true, actions: assign({ remaining: 0 }) },
    ],
  },
  states: {
    idle: {},
    running: {
      after: {
        tick: [
          { guard: 'lastSecond', target: 'finished', actions: assign({ remaining: 0 }) },
          { target: 'running', reenter: true, actions: assign({ remaining: ({ context }) => context.remaining - 1 }) },
        ],
      },
      on: {
        TICK: [
          { guard: 'lastSecond', target: 'finished', actions: assign({ remaining: 0 }) },
          { target: 'running', reenter: true, actions: assign({ remaining: ({ context }) => context.remaining - 1 }) },
        ],
        STOP: { target: 'idle' },
      },
    },
    finished: { entry: 'notifyFinished' },
  },
});
