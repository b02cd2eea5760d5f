/**
 * The points checkout (screens §3.16, docs in machines/pointsCheckout.ts): load the goods, the
 * caller's addresses and points; choose or add an address, set the quantity and a remark; redeem
 * once. The redemption carries one idempotency key for the page: a request that got no answer is
 * sent again with the same key (the server answers the same order), a second SUBMIT while one is
 * in flight does nothing; too few points, no stock or no address are refused before any request.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import {
  ADDRESS_REQUIRED, NETWORK_FAILED, NOT_ENOUGH_POINTS, OUT_OF_STOCK, REDEEM_FAILED, REDEEM_RETRIES, REDEEM_RETRY_MS,
  clampQty, clipRemark, initialAddressId, isNoAnswer, totalPoints, withAddress,
  type CheckoutAddress, type PointsCheckoutData, type PointsGoods, type Redeemed,
} from './pointsCheckout';

export interface PointsCheckoutInput {
  goodsId: number;
  qty: number;
  /** One key per checkout page (8–64 of `[A-Za-z0-9_-]`). */
  idemKey: string;
}

export interface PointsCheckoutContext {
  goodsId: number;
  idemKey: string;
  goods: PointsGoods | null;
  addresses: CheckoutAddress[];
  addressId: number | null;
  balanceCents: number;
  qty: number;
  remark: string;
  error: string | null;
  retries: number;
  redeemed: Redeemed | null;
}

export type PointsCheckoutEvent =
  | { type: 'RETRY' }
  | { type: 'ADDRESS.CHOOSE'; addressId: number }
  | { type: 'ADDRESS.ADDED'; address: CheckoutAddress }
  | { type: 'QTY.SET'; qty: number }
  | { type: 'REMARK.SET'; text: string }
  | { type: 'SUBMIT' };

export interface RedeemInput { goodsId: number; qty: number; addressId: number; remark: string; idemKey: string }

const notProvided = (name: string) => () => Promise.reject(new Error(`pointsCheckout: actor "${name}" is not provided`));

export const pointsCheckoutMachine = setup({
  types: {
    input: {} as PointsCheckoutInput,
    context: {} as PointsCheckoutContext,
    events: {} as PointsCheckoutEvent,
  },
  actors: {
    load: fromPromise<PointsCheckoutData, { goodsId: number }>(notProvided('load')),
    redeem: fromPromise<Redeemed, RedeemInput>(notProvided('redeem')),
  },
  actions: {
    goSuccess: (_, _params: Redeemed) => {},
  },
  guards: {
    knownAddress: ({ context, event }) => event.type === 'ADDRESS.CHOOSE' && context.addresses.some((address) => address.id === event.addressId),
    noAddress: ({ context }) => context.addressId === null,
    outOfStock: ({ context }) => !context.goods || context.goods.stock < context.qty,
    notEnoughPoints: ({ context }) => totalPoints(context.goods, context.qty) > context.balanceCents,
    noAnswerRetry: ({ context }, params: { error: unknown }) => isNoAnswer(params.error) && context.retries < REDEEM_RETRIES,
    noAnswer: (_, params: { error: unknown }) => isNoAnswer(params.error),
  },
  delays: { retry: REDEEM_RETRY_MS },
}).createMachine({
  id: 'pointsCheckout',
  context: ({ input }) => ({
    goodsId: input.goodsId,
    idemKey: input.idemKey,
    goods: null,
    addresses: [],
    addressId: null,
    balanceCents: 0,
    qty: Math.max(1, Math.floor(Number(input.qty) || 1)),
    remark: '',
    error: null,
    retries: 0,
    redeemed: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ goodsId: context.goodsId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            goods: event.output.goods,
            addresses: event.output.addresses,
            addressId: initialAddressId(event.output.addresses),
            balanceCents: event.output.balanceCents,
            qty: clampQty(context.qty, event.output.goods.stock),
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'ADDRESS.CHOOSE': { guard: 'knownAddress', actions: assign({ addressId: ({ event }) => event.addressId, error: null }) },
        'ADDRESS.ADDED': {
          actions: assign(({ context, event }) => ({ addresses: withAddress(context.addresses, event.address), addressId: event.address.id, error: null })),
        },
        'QTY.SET': { actions: assign({ qty: ({ context, event }) => clampQty(event.qty, context.goods?.stock ?? 1), error: null }) },
        'REMARK.SET': { actions: assign({ remark: ({ event }) => clipRemark(event.text) }) },
        SUBMIT: [
          { guard: 'noAddress', actions: assign({ error: ADDRESS_REQUIRED }) },
          { guard: 'outOfStock', actions: assign({ error: OUT_OF_STOCK }) },
          { guard: 'notEnoughPoints', actions: assign({ error: NOT_ENOUGH_POINTS }) },
          { target: 'redeeming', actions: assign({ error: null, retries: 0 }) },
        ],
      },
    },
    redeeming: {
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ goodsId: context.goodsId, qty: context.qty, addressId: context.addressId ?? 0, remark: context.remark, idemKey: context.idemKey }),
        onDone: { target: 'done', actions: assign({ redeemed: ({ event }) => event.output }) },
        onError: [
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
          { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) || REDEEM_FAILED }) },
        ],
      },
    },
    /** Waiting before sending the same redemption (same key) again. */
    retrying: {
      after: { retry: { target: 'redeeming' } },
    },
    done: {
      type: 'final',
      entry: { type: 'goSuccess', params: ({ context }) => context.redeemed ?? { orderId: 0, orderNo: '' } },
    },
  },
});
