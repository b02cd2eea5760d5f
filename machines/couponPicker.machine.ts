/**
 * The checkout's coupon choice, one per store group (screens §3.8, docs/marketing-api.md
 * "Checkout"). The preview's groups arrive with LOAD: until the shopper chooses, each store has
 * its best coupon preselected; after a choice, the choices the server priced are kept. CHOOSE
 * (a coupon the store offers, or 0 for none) changes the choice and asks the page to price again
 * (`choiceChanged` with every chosen id); the next LOAD confirms it, FAILED puts the last priced
 * choice back.
 */
import { assign, setup } from 'xstate';
import { asPriced, choose, chosenIds, isNewChoice, withBest, type StoreCoupons } from './couponPicker';

export interface CouponPickerContext {
  stores: StoreCoupons[];
  /** The choice the server last priced (put back when pricing a new one fails). */
  priced: StoreCoupons[];
  /** The shopper has chosen: later loads keep the server's choices instead of preselecting the best. */
  touched: boolean;
}

export type CouponPickerEvent =
  | { type: 'LOAD'; stores: StoreCoupons[] }
  | { type: 'CHOOSE'; storeId: number; couponId: number }
  | { type: 'FAILED' };

export interface CouponPickerActionParams {
  choiceChanged: { couponIds: number[] };
}

export const couponPickerMachine = setup({
  types: {
    context: {} as CouponPickerContext,
    events: {} as CouponPickerEvent,
  },
  actions: {
    loaded: assign(({ context }, params: { stores: StoreCoupons[] }) => {
      const stores = context.touched ? asPriced(params.stores) : withBest(params.stores);
      return { stores, priced: stores };
    }),
    choiceChanged: (_, _params: CouponPickerActionParams['choiceChanged']) => {},
  },
  guards: {
    newChoice: ({ context, event }) => event.type === 'CHOOSE' && isNewChoice(context.stores, event.storeId, event.couponId),
  },
}).createMachine({
  id: 'couponPicker',
  context: { stores: [], priced: [], touched: false },
  initial: 'idle',
  states: {
    /** No preview yet. */
    idle: {
      on: {
        LOAD: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => ({ stores: event.stores }) } },
      },
    },
    ready: {
      on: {
        LOAD: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => ({ stores: event.stores }) } },
        CHOOSE: {
          guard: 'newChoice',
          target: 'repricing',
          actions: [
            assign(({ context, event }) => ({ stores: choose(context.stores, event.storeId, event.couponId), touched: true })),
            { type: 'choiceChanged', params: ({ context, event }) => ({ couponIds: chosenIds(choose(context.stores, event.storeId, event.couponId)) }) },
          ],
        },
      },
    },
    /** The page is pricing the new choice. */
    repricing: {
      on: {
        LOAD: { target: 'ready', actions: { type: 'loaded', params: ({ event }) => ({ stores: event.stores }) } },
        FAILED: { target: 'ready', actions: assign(({ context }) => ({ stores: context.priced })) },
      },
    },
  },
});
