/**
 * The merchant onboarding wizard (reference §3.19, api §5.3 and §6.9): /store/join →
 * /store/step_1 (agreement; creates the application) → /store/step_2 (company, identity and
 * store details) → /store/step_3 (verifying, denied with the reason, passed). The states follow
 * the server's store_verify. Fixes reference §6.3 item 35: step 1 stays when joining fails,
 * "edit" after a refusal goes back to step 2 with the previous values.
 */
import { assign, fromPromise, setup } from 'xstate';
import { AREAS } from './areas';
import { errorMessage } from './errors';
import {
  JOIN_FAILED, LOAD_FAILED, NOT_CHECK, READ_AGREEMENT, STEP_PATHS, STORE_VERIFY, SUBMIT_FAILED,
  hasErrors, serverFieldErrors, stepOf, submitPayload, validateApplication, valuesOf,
  type ApplicationPayload, type ApplicationValues, type FieldErrors, type StoreRecord, type WizardStep,
} from './storeApplication';

export interface StoreApplicationInput {
  /** The wizard page the user opened (stepOfPath(location)); a draft opened at step1 shows the agreement again. */
  entry?: WizardStep;
}

export interface StoreApplicationContext {
  entry: WizardStep;
  /** The caller's application as last known; null when there is none. */
  store: StoreRecord | null;
  /** The step-2 form: prefilled from the application, then what was last submitted. */
  values: ApplicationValues;
  agreed: boolean;
  /** 'readAgreement' | 'notCheck' | 'loadFailed' | 'joinFailed' | 'submitFailed' | a server message. */
  error: string | null;
  fieldErrors: FieldErrors;
  /** Why the application was refused (store_refuse_info). */
  refuseInfo: string;
}

export type StoreApplicationEvent =
  | { type: 'REFRESH' }
  | { type: 'JOIN' }
  | { type: 'AGREE'; agreed: boolean }
  | { type: 'NEXT' }
  | { type: 'SUBMIT'; values: ApplicationValues }
  | { type: 'EDIT' }
  | { type: 'SELLER.OPEN' };

export type SubmitApplicationInput = ApplicationPayload;

export interface StoreApplicationActionParams {
  /** Show this wizard page (the URL follows the machine). */
  goStep: { step: WizardStep; path: string };
  goSellerCentre: { url: string };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`storeApplication: actor "${name}" is not provided`));

const known = (store: StoreRecord | null) => ({
  store,
  values: valuesOf(store),
  refuseInfo: store?.store_refuse_info ?? '',
  fieldErrors: {},
  error: null,
});

const goStep = (step: WizardStep) => ({ type: 'goStep', params: { step, path: STEP_PATHS[step] } }) as const;

export const storeApplicationMachine = setup({
  types: {
    input: {} as StoreApplicationInput,
    context: {} as StoreApplicationContext,
    events: {} as StoreApplicationEvent,
  },
  actors: {
    fetchStore: fromPromise<StoreRecord | null>(notProvided('fetchStore')),
    join: fromPromise<StoreRecord>(notProvided('join')),
    submit: fromPromise<unknown, SubmitApplicationInput>(notProvided('submit')),
  },
  actions: {
    goStep: (_, _params: StoreApplicationActionParams['goStep']) => {},
    goSellerCentre: (_, _params: StoreApplicationActionParams['goSellerCentre']) => {},
  },
  guards: {
    noApplication: (_, params: { store: StoreRecord | null }) => stepOf(params.store) === 'none',
    awaitingReview: (_, params: { store: StoreRecord | null }) => stepOf(params.store) === 'verifying',
    refused: (_, params: { store: StoreRecord | null }) => stepOf(params.store) === 'denied',
    approved: (_, params: { store: StoreRecord | null }) => stepOf(params.store) === 'passed',
    openedAtStep1: ({ context }) => context.entry === 'step1',
    notAgreed: ({ context }) => !context.agreed,
    hasApplication: ({ context }) => context.store !== null,
    invalidValues: ({ event }) => event.type === 'SUBMIT' && hasErrors(validateApplication(event.values)),
  },
}).createMachine({
  id: 'storeApplication',
  context: ({ input }) => ({ entry: input?.entry ?? 'join', agreed: false, ...known(null) }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchStore',
        src: 'fetchStore',
        onDone: [
          {
            guard: { type: 'noApplication', params: ({ event }) => ({ store: event.output }) },
            target: 'landing',
            actions: assign(() => known(null)),
          },
          {
            guard: { type: 'awaitingReview', params: ({ event }) => ({ store: event.output }) },
            target: 'step3.verifying',
            actions: assign(({ event }) => known(event.output)),
          },
          {
            guard: { type: 'refused', params: ({ event }) => ({ store: event.output }) },
            target: 'step3.denied',
            actions: assign(({ event }) => known(event.output)),
          },
          {
            guard: { type: 'approved', params: ({ event }) => ({ store: event.output }) },
            target: 'step3.passed',
            actions: assign(({ event }) => known(event.output)),
          },
          { target: 'fillingIn', actions: assign(({ event }) => ({ ...known(event.output), agreed: true })) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) || LOAD_FAILED }) },
      },
    },
    failed: {
      on: { REFRESH: { target: 'loading' } },
    },
    landing: {
      entry: goStep('join'),
      on: {
        JOIN: { target: 'step1', actions: assign({ error: null }) },
        REFRESH: { target: 'loading' },
      },
    },
    // An application was created but never submitted (store_verify 1).
    fillingIn: {
      always: [{ guard: 'openedAtStep1', target: 'step1' }, { target: 'step2' }],
    },
    step1: {
      entry: goStep('step1'),
      on: {
        AGREE: { actions: assign({ agreed: ({ event }) => !!event.agreed, error: null }) },
        NEXT: [
          { guard: 'notAgreed', actions: assign({ error: READ_AGREEMENT }) },
          { guard: 'hasApplication', target: 'step2', actions: assign({ error: null }) },
          { target: 'joining', actions: assign({ error: null }) },
        ],
      },
    },
    joining: {
      invoke: {
        id: 'join',
        src: 'join',
        onDone: { target: 'step2', actions: assign(({ event }) => known(event.output ?? { store_verify: STORE_VERIFY.applying })) },
        onError: { target: 'step1', actions: assign({ error: ({ event }) => errorMessage(event.error) || JOIN_FAILED }) },
      },
    },
    step2: {
      entry: goStep('step2'),
      on: {
        SUBMIT: [
          {
            guard: 'invalidValues',
            actions: assign(({ event }) => ({ values: event.values, fieldErrors: validateApplication(event.values), error: NOT_CHECK })),
          },
          { target: 'submitting', actions: assign(({ event }) => ({ values: event.values, fieldErrors: {}, error: null })) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => submitPayload(context.values),
        onDone: {
          target: 'step3.verifying',
          actions: assign(({ context }) => ({
            store: { ...context.store, ...submitPayload(context.values), store_verify: STORE_VERIFY.submitted, store_refuse_info: '' },
            refuseInfo: '',
          })),
        },
        onError: {
          target: 'step2',
          actions: assign(({ event }) => ({
            error: errorMessage(event.error) || SUBMIT_FAILED,
            fieldErrors: serverFieldErrors(event.error),
          })),
        },
      },
    },
    step3: {
      entry: goStep('step3'),
      initial: 'verifying',
      on: { REFRESH: { target: 'loading' } },
      states: {
        verifying: {},
        denied: {
          on: { EDIT: { target: '#storeApplication.step2' } },
        },
        passed: {
          on: { 'SELLER.OPEN': { actions: { type: 'goSellerCentre', params: { url: AREAS[1].loginPath } } } },
        },
      },
    },
  },
});
