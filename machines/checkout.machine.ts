/**
 * The checkout page (screens §3.8, docs/orders-api.md "Checkout"): load the caller's addresses,
 * then the server's preview for the chosen one; choosing or adding an address previews again
 * (freight depends on the province); a remark per store; create the orders once. The create
 * carries one idempotency key for the whole page: a request that got no answer is sent again with
 * the same key (the server answers the same orders), a second SUBMIT while one is in flight does
 * nothing, and a refusal naming lines (422 `data.lines`) previews again so each line shows why.
 * Fixes reference §6.3 item 30 (see ./checkout).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import {
  ADDRESS_REQUIRED, CANNOT_BUY, CREATE_FAILED, CREATE_RETRIES, CREATE_RETRY_MS, LINES_REFUSED, NETWORK_FAILED,
  allBuyable, clipRemark, initialAddressId, isCouponRefused, isNoAnswer, refusedLinesOf, withAddress,
  type CheckoutAddress, type CreatedOrders, type RefusedLine, type StoreGroup,
} from './checkout';

export interface CheckoutInput {
  /** The `params` of `/order/before/<params>` (base64 JSON), sent as is to preview and create. */
  params: string;
  /** One key per checkout attempt (8–64 of `[A-Za-z0-9_-]`). */
  idemKey: string;
}

export interface CheckoutContext {
  params: string;
  idemKey: string;
  addresses: CheckoutAddress[];
  addressId: number | null;
  groups: StoreGroup[];
  /** Remark per store id. */
  remarks: Record<number, string>;
  /** Lines the last create refused. */
  refused: RefusedLine[];
  /** 'addressRequired' | 'cannotBuy' | 'linesRefused' | 'networkFailed' | 'createFailed' | a server message. */
  error: string | null;
  /** Creates sent again after no answer, in this submit. */
  retries: number;
  created: CreatedOrders | null;
  /** The shopper's coupons (`coupon_id`): null until a choice (the server takes each store's best). */
  couponIds: number[] | null;
}

export type CheckoutEvent =
  | { type: 'RETRY' }
  | { type: 'ADDRESS.CHOOSE'; addressId: number }
  | { type: 'ADDRESS.ADDED'; address: CheckoutAddress }
  | { type: 'REMARK.SET'; storeId: number; text: string }
  | { type: 'COUPONS.CHOOSE'; couponIds: number[] }
  | { type: 'SUBMIT' };

export interface PreviewInput { params: string; addressId: number | null; couponIds?: number[] | null }
export interface CreateOrdersInput { params: string; addressId: number; remarks: Record<number, string>; idemKey: string; couponIds?: number[] | null }

export interface CheckoutActionParams {
  goPay: CreatedOrders;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`checkout: actor "${name}" is not provided`));

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    fetchAddresses: fromPromise<CheckoutAddress[]>(notProvided('fetchAddresses')),
    fetchPreview: fromPromise<StoreGroup[], PreviewInput>(notProvided('fetchPreview')),
    createOrders: fromPromise<CreatedOrders, CreateOrdersInput>(notProvided('createOrders')),
  },
  actions: {
    goPay: (_, _params: CheckoutActionParams['goPay']) => {},
  },
  guards: {
    otherKnownAddress: ({ context, event }) =>
      event.type === 'ADDRESS.CHOOSE' && event.addressId !== context.addressId && context.addresses.some((address) => address.id === event.addressId),
    hasPreview: ({ context }) => context.groups.length > 0,
    noAddress: ({ context }) => context.addressId === null,
    cannotBuy: ({ context }) => !allBuyable(context.groups),
    linesRefused: (_, params: { error: unknown }) => refusedLinesOf(params.error) !== null,
    couponRefused: (_, params: { error: unknown }) => isCouponRefused(params.error),
    noAnswerRetry: ({ context }, params: { error: unknown }) => isNoAnswer(params.error) && context.retries < CREATE_RETRIES,
    noAnswer: (_, params: { error: unknown }) => isNoAnswer(params.error),
  },
  delays: { retry: CREATE_RETRY_MS },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    params: input.params,
    idemKey: input.idemKey,
    addresses: [],
    addressId: null,
    groups: [],
    remarks: {},
    refused: [],
    error: null,
    retries: 0,
    created: null,
    couponIds: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchAddresses',
        src: 'fetchAddresses',
        onDone: {
          target: 'previewing',
          actions: assign(({ event }) => ({ addresses: event.output ?? [], addressId: initialAddressId(event.output ?? []) })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    previewing: {
      invoke: {
        id: 'fetchPreview',
        src: 'fetchPreview',
        input: ({ context }) => ({ params: context.params, addressId: context.addressId, couponIds: context.couponIds }),
        onDone: { target: 'ready', actions: assign({ groups: ({ event }) => event.output ?? [] }) },
        onError: [
          // a new address could not be previewed: the page keeps the last preview and says why
          { guard: 'hasPreview', target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        RETRY: { target: 'previewing', actions: assign({ error: null }) },
        'ADDRESS.CHOOSE': {
          guard: 'otherKnownAddress',
          target: 'previewing',
          actions: assign({ addressId: ({ event }) => event.addressId, error: null, refused: [] }),
        },
        'ADDRESS.ADDED': {
          target: 'previewing',
          actions: assign(({ context, event }) => ({
            addresses: withAddress(context.addresses, event.address),
            addressId: event.address.id,
            error: null,
            refused: [],
          })),
        },
        // a coupon chosen in the picker (couponPicker.machine): price again with it
        'COUPONS.CHOOSE': {
          target: 'previewing',
          actions: assign({ couponIds: ({ event }) => event.couponIds, error: null }),
        },
        'REMARK.SET': {
          actions: assign({ remarks: ({ context, event }) => ({ ...context.remarks, [event.storeId]: clipRemark(event.text) }) }),
        },
        SUBMIT: [
          { guard: 'noAddress', actions: assign({ error: ADDRESS_REQUIRED }) },
          { guard: 'cannotBuy', actions: assign({ error: CANNOT_BUY }) },
          { target: 'creating', actions: assign({ error: null, refused: [], retries: 0 }) },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'createOrders',
        src: 'createOrders',
        input: ({ context }) => ({ params: context.params, addressId: context.addressId ?? 0, remarks: context.remarks, idemKey: context.idemKey, couponIds: context.couponIds }),
        onDone: { target: 'done', actions: assign({ created: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'linesRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'previewing',
            actions: assign({ refused: ({ event }) => refusedLinesOf(event.error) ?? [], error: LINES_REFUSED }),
          },
          {
            // the coupon was used meanwhile (another tab), expired or stopped: price again with each store's best
            guard: { type: 'couponRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'previewing',
            actions: assign({ couponIds: null, error: ({ event }) => errorMessage(event.error) || CREATE_FAILED }),
          },
          {
            guard: { type: 'noAnswerRetry', params: ({ event }) => ({ error: event.error }) },
            target: 'retrying',
            actions: assign({ retries: ({ context }) => context.retries + 1 }),
          },
          {
            guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: assign({ error: NETWORK_FAILED, retries: 0 }),
          },
          { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) || CREATE_FAILED }) },
        ],
      },
    },
    /** Waiting before sending the same create (same key) again. */
    retrying: {
      after: { retry: { target: 'creating' } },
    },
    done: {
      type: 'final',
      entry: { type: 'goPay', params: ({ context }) => context.created ?? { orderIds: [], orderNos: [] } },
    },
  },
});
