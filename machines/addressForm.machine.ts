/**
 * One add / edit of a delivery address (the address dialog of /user/address and of the checkout):
 * SUBMIT checks the values (mistakes stay in `editing`, no request), saves once, and ends in
 * `saved` with the server's row; a refusal naming a field marks that field, any other failure is
 * the form's `error`, and the person can correct and submit again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import { addressServerErrors, emptyAddress, hasAddressErrors, validateAddress, type AddressErrors, type AddressValues } from './addressForm';

export interface AddressFormInput {
  /** The address edited (undefined: a new one). */
  id?: number;
  values?: AddressValues;
}
export interface AddressFormContext {
  id: number | null;
  values: AddressValues;
  fieldErrors: AddressErrors;
  /** A failure that names no field (network, the 20-address cap…). */
  error: string | null;
  /** The row the server answered. */
  saved: unknown;
}
export type AddressFormEvent = { type: 'SUBMIT'; values: AddressValues };
export interface SaveAddressInput {
  id: number | null;
  values: AddressValues;
}

export const addressFormMachine = setup({
  types: {
    input: {} as AddressFormInput,
    context: {} as AddressFormContext,
    events: {} as AddressFormEvent,
  },
  actors: {
    saveAddress: fromPromise<unknown, SaveAddressInput>(() => Promise.reject(new Error('addressForm: actor "saveAddress" is not provided'))),
  },
  actions: {
    notifySaved: (_, _params: { row: unknown }) => {},
  },
  guards: {
    invalid: ({ event }) => hasAddressErrors(validateAddress(event.values)),
    fieldRefused: (_, params: { error: unknown }) => hasAddressErrors(addressServerErrors(params.error)),
  },
}).createMachine({
  id: 'addressForm',
  context: ({ input }) => ({ id: input?.id ?? null, values: input?.values ?? emptyAddress(), fieldErrors: {}, error: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ event }) => ({ values: event.values, fieldErrors: validateAddress(event.values), error: null })) },
          { target: 'submitting', actions: assign(({ event }) => ({ values: event.values, fieldErrors: {}, error: null })) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'saveAddress',
        input: ({ context }) => ({ id: context.id, values: context.values }),
        onDone: {
          target: 'saved',
          actions: [assign({ saved: ({ event }) => event.output }), { type: 'notifySaved', params: ({ event }) => ({ row: event.output }) }],
        },
        onError: [
          {
            guard: { type: 'fieldRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ fieldErrors: ({ event }) => addressServerErrors(event.error) }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) || 'saveFailed' }) },
        ],
      },
    },
    saved: { type: 'final' },
  },
});
