/**
 * The after-sale flow of one order (issue 13; DESIGN's required `refund` machine — one machine,
 * named after the flow): buyer side on /user/order/refund_form/:id, store (and operator) side in
 * the consoles' dialog. It loads the order's latest request and sits in the state of its stage:
 *
 *   applying (buyer, no request yet / a new one after a refusal)
 *   open.waiting (the store reviews) → open.shipBack (a return: the buyer sends the goods back)
 *   → open.waitingStore (the goods travel back) → open.arrived (the store refunds or re-ships)
 *   → open.reshipped (re-shipped: the buyer confirms receipt) → done;
 *   refused | withdrawn (the buyer may apply again)
 *
 * Each step is checked here first (reason, waybill), sent once (`submitting`), and the server's
 * answer decides the next state; a refusal reloads the request (its stage may have moved
 * elsewhere) and keeps the message, at the field it names when it names one. Events of the other
 * side, or of another stage, are ignored.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  LOAD_FAILED, STEP_FAILED, fieldOf, hasErrors, validateApply, validateStep,
  type ApplyValues, type FieldErrors, type RefundRecord, type Side, type Stage, type StepRequest,
} from './afterSale';
import { errorMessage } from './errors';

export interface AfterSaleInput {
  orderId: number;
  side: Side;
}

export interface AfterSaleContext {
  orderId: number;
  side: Side;
  request: RefundRecord | null;
  /** What is being sent (an application or a step). */
  sending: { kind: 'apply'; values: ApplyValues } | { kind: 'step'; request: StepRequest } | null;
  /** 'loadFailed' | 'stepFailed' | the server's message. */
  error: string | null;
  fieldErrors: FieldErrors;
}

export type AfterSaleEvent =
  | { type: 'RETRY' }
  | { type: 'APPLY'; values: ApplyValues }
  | { type: 'APPLY_AGAIN' }
  | { type: 'STEP'; request: StepRequest }
  | { type: 'EDIT'; field: string };

export interface LoadInput {
  orderId: number;
}
export interface ApplyInput {
  orderId: number;
  values: ApplyValues;
}
export interface StepInput {
  orderId: number;
  request: StepRequest;
}

export interface AfterSaleActionParams {
  notifyDone: { kind: 'apply' | StepRequest['step'] };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`afterSale: actor "${name}" is not provided`));

/** A refusal's message, at the field it names when it names one. */
function refusal(error: unknown) {
  const message = errorMessage(error) || STEP_FAILED;
  const field = fieldOf(error);
  return { sending: null, error: field ? null : message, fieldErrors: field ? { [field]: message } : {} };
}

const stageIs = (stage: Stage) => ({ context }: { context: AfterSaleContext }) => context.request?.stage === stage;

export const afterSaleMachine = setup({
  types: {
    input: {} as AfterSaleInput,
    context: {} as AfterSaleContext,
    events: {} as AfterSaleEvent,
  },
  actors: {
    /** The order's latest request, or null when it has none. */
    load: fromPromise<RefundRecord | null, LoadInput>(notProvided('load')),
    apply: fromPromise<RefundRecord, ApplyInput>(notProvided('apply')),
    takeStep: fromPromise<RefundRecord, StepInput>(notProvided('takeStep')),
  },
  actions: {
    notifyDone: (_, _params: AfterSaleActionParams['notifyDone']) => {},
  },
  guards: {
    noRequest: ({ context }) => context.request === null,
    isPending: stageIs('pending'),
    isAwaitingReturn: stageIs('awaitingReturn'),
    isReturning: stageIs('returning'),
    isArrived: stageIs('arrived'),
    isReshipped: stageIs('reshipped'),
    isDone: stageIs('done'),
    isRefused: stageIs('refused'),
    isBuyer: ({ context }) => context.side === 'buyer',
    invalidApplication: ({ event }) => event.type === 'APPLY' && hasErrors(validateApply(event.values)),
    /** A step this side may take now (the server lists them for the reader). */
    stepAllowed: ({ context, event }) => event.type === 'STEP' && !!context.request?.steps.includes(event.request.step),
    invalidStep: ({ event }) => event.type === 'STEP' && hasErrors(validateStep(event.request)),
  },
}).createMachine({
  id: 'afterSale',
  context: ({ input }) => ({ orderId: input.orderId, side: input.side, request: null, sending: null, error: null, fieldErrors: {} }),
  initial: 'loading',
  // a field being corrected loses its error
  on: { EDIT: { actions: assign({ fieldErrors: ({ context, event }) => Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => field !== event.field)) }) } },
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'routing', actions: assign({ request: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) || LOAD_FAILED }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    // the request's stage picks the state (after loading, and after each answer)
    routing: {
      always: [
        { guard: 'noRequest', target: 'none' },
        { guard: 'isPending', target: 'open.waiting' },
        { guard: 'isAwaitingReturn', target: 'open.shipBack' },
        { guard: 'isReturning', target: 'open.waitingStore' },
        { guard: 'isArrived', target: 'open.arrived' },
        { guard: 'isReshipped', target: 'open.reshipped' },
        { guard: 'isDone', target: 'done' },
        { guard: 'isRefused', target: 'refused' },
        { target: 'withdrawn' },
      ],
    },
    // no request: the buyer may apply, the store has nothing to show
    none: {
      always: { guard: 'isBuyer', target: 'applying' },
    },
    applying: {
      on: {
        APPLY: [
          { guard: 'invalidApplication', actions: assign({ fieldErrors: ({ event }) => validateApply(event.values), error: null }) },
          { target: 'sendingApplication', actions: assign({ sending: ({ event }) => ({ kind: 'apply' as const, values: event.values }), fieldErrors: {}, error: null }) },
        ],
      },
    },
    // an open request: the steps the server lists for this side may be taken
    open: {
      initial: 'waiting',
      on: {
        STEP: [
          { guard: 'invalidStep', actions: assign({ fieldErrors: ({ event }) => validateStep(event.request), error: null }) },
          { guard: 'stepAllowed', target: 'sendingStep', actions: assign({ sending: ({ event }) => ({ kind: 'step' as const, request: event.request }), fieldErrors: {}, error: null }) },
        ],
      },
      states: {
        waiting: {},
        shipBack: {},
        waitingStore: {},
        arrived: {},
        reshipped: {},
      },
    },
    done: {},
    refused: { on: { APPLY_AGAIN: { guard: 'isBuyer', target: 'applying', actions: assign({ fieldErrors: {}, error: null }) } } },
    withdrawn: { on: { APPLY_AGAIN: { guard: 'isBuyer', target: 'applying', actions: assign({ fieldErrors: {}, error: null }) } } },
    sendingApplication: {
      invoke: {
        src: 'apply',
        input: ({ context }) => ({ orderId: context.orderId, values: context.sending?.kind === 'apply' ? context.sending.values : { refund_type: 0, refund_remark: '', images: [] } }),
        onDone: {
          target: 'routing',
          actions: [assign({ request: ({ event }) => event.output, sending: null }), { type: 'notifyDone', params: { kind: 'apply' } }],
        },
        onError: { target: 'applying', actions: assign(({ event }) => refusal(event.error)) },
      },
    },
    sendingStep: {
      invoke: {
        src: 'takeStep',
        input: ({ context }) => ({ orderId: context.orderId, request: context.sending?.kind === 'step' ? context.sending.request : { step: 'agree' } }),
        onDone: {
          target: 'routing',
          actions: [
            { type: 'notifyDone', params: ({ context }) => ({ kind: context.sending?.kind === 'step' ? context.sending.request.step : 'agree' }) },
            assign({ request: ({ event }) => event.output, sending: null }),
          ],
        },
        // the stage may have moved elsewhere: reload it, keep the message
        onError: { target: 'loading', actions: assign(({ event }) => refusal(event.error)) },
      },
    },
  },
});
