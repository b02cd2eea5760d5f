/**
 * Leaving a page with unsaved changes (issue 30: the goods editor and other back-office pages that
 * are really forms). While the page is `dirty`, a request to go elsewhere (a link, the browser's
 * back button, the editor's own "back") waits in `asking` until the person confirms — then it goes
 * ahead (`proceed`) — or stays (`stay`: a back / forward that already moved the address bar is
 * put back). A clean page lets every request through; the SPA only asks this machine while dirty.
 * Reloading or closing the tab is the browser's own question (`beforeunload`), bound by the SPA.
 */
import { assign, setup } from 'xstate';

export interface LeaveGuardContext<Request = unknown> {
  /** The request waiting for an answer. */
  pending: Request | null;
}

export type LeaveGuardEvent =
  | { type: 'EDIT.CHANGED' }
  | { type: 'EDIT.CLEAN' }
  | { type: 'LEAVE.REQUEST'; request: unknown }
  | { type: 'LEAVE.CONFIRM' }
  | { type: 'LEAVE.CANCEL' };

export interface LeaveGuardActionParams {
  proceed: { request: unknown };
  stay: { request: unknown };
}

export const leaveGuardMachine = setup({
  types: {
    context: {} as LeaveGuardContext,
    events: {} as LeaveGuardEvent,
  },
  actions: {
    /** Carry the request out (navigate). */
    proceed: (_, _params: LeaveGuardActionParams['proceed']) => {},
    /** The request is dropped: put the address bar back if it already moved. */
    stay: (_, _params: LeaveGuardActionParams['stay']) => {},
  },
}).createMachine({
  id: 'leaveGuard',
  context: { pending: null },
  initial: 'clean',
  states: {
    clean: {
      on: { 'EDIT.CHANGED': 'dirty' },
    },
    dirty: {
      on: {
        'EDIT.CLEAN': 'clean',
        'LEAVE.REQUEST': { target: 'asking', actions: assign({ pending: ({ event }) => event.request }) },
      },
    },
    asking: {
      on: {
        'LEAVE.CONFIRM': {
          target: 'clean',
          actions: [{ type: 'proceed', params: ({ context }) => ({ request: context.pending }) }, assign({ pending: null })],
        },
        'LEAVE.CANCEL': {
          target: 'dirty',
          actions: [{ type: 'stay', params: ({ context }) => ({ request: context.pending }) }, assign({ pending: null })],
        },
      },
    },
  },
});
