/**
 * The buyer's order actions (/user/orders, /user/order/:id): cancel an unpaid order or confirm
 * receipt of a shipped one. Each asks first (`confirming`), sends once (`submitting`), and ends
 * in `done` or `failed`; either way the order is reloaded (`reload`), since a refusal usually means
 * its state changed elsewhere. An action the order's state does not allow is ignored.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import { TARGET_STATUS, allows, type BuyerAction } from './orderActions';

export interface OrderActionsContext {
  orderId: number | null;
  action: BuyerAction | null;
  /** 'failed' or the server's message. */
  error: string | null;
}
export type OrderActionsEvent =
  | { type: 'CANCEL'; orderId: number; status: number }
  | { type: 'RECEIVE'; orderId: number; status: number }
  | { type: 'CONFIRM' }
  | { type: 'DECLINE' }
  | { type: 'DISMISS' };
export interface ChangeStatusInput {
  orderId: number;
  status: number;
}
export interface OrderActionsParams {
  reload: { orderId: number };
  notifyDone: { action: BuyerAction };
}

export const ACTION_FAILED = 'failed';

export const orderActionsMachine = setup({
  types: {
    context: {} as OrderActionsContext,
    events: {} as OrderActionsEvent,
  },
  actors: {
    changeStatus: fromPromise<unknown, ChangeStatusInput>(() => Promise.reject(new Error('orderActions: actor "changeStatus" is not provided'))),
  },
  actions: {
    reload: (_, _params: OrderActionsParams['reload']) => {},
    notifyDone: (_, _params: OrderActionsParams['notifyDone']) => {},
  },
  guards: {
    allowed: ({ event }, params: { action: BuyerAction }) => 'status' in event && allows(params.action, event.status),
  },
}).createMachine({
  id: 'orderActions',
  context: { orderId: null, action: null, error: null },
  initial: 'idle',
  on: {
    CANCEL: {
      guard: { type: 'allowed', params: { action: 'cancel' } },
      target: '.confirming',
      actions: assign({ orderId: ({ event }) => event.orderId, action: 'cancel', error: null }),
    },
    RECEIVE: {
      guard: { type: 'allowed', params: { action: 'receive' } },
      target: '.confirming',
      actions: assign({ orderId: ({ event }) => event.orderId, action: 'receive', error: null }),
    },
  },
  states: {
    idle: {},
    confirming: {
      on: {
        CONFIRM: 'submitting',
        DECLINE: { target: 'idle', actions: assign({ orderId: null, action: null }) },
        // another action while asking: ignored (one question at a time)
        CANCEL: {},
        RECEIVE: {},
      },
    },
    submitting: {
      on: { CANCEL: {}, RECEIVE: {} },
      invoke: {
        src: 'changeStatus',
        input: ({ context }) => ({ orderId: context.orderId ?? 0, status: TARGET_STATUS[context.action ?? 'cancel'] }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'notifyDone', params: ({ context }) => ({ action: context.action ?? 'cancel' }) },
            { type: 'reload', params: ({ context }) => ({ orderId: context.orderId ?? 0 }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => errorMessage(event.error) || ACTION_FAILED }),
            { type: 'reload', params: ({ context }) => ({ orderId: context.orderId ?? 0 }) },
          ],
        },
      },
    },
    done: {},
    failed: {
      on: { DISMISS: { target: 'idle', actions: assign({ error: null }) } },
    },
  },
});
