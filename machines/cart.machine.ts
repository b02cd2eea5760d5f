/**
 * The cart page (reference §3.7, api §6.1): load the lines grouped by store, select by line,
 * store or all, change a quantity (1..stock, selection kept, rolled back on failure), remove
 * after a confirmation, check out the selection. Fixes reference §6.3 item 29: no reload on a
 * quantity change, units counted, remove confirmed.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import {
  CART_EMPTY, REMOVE_FAILED, SELECT_FIRST, UPDATE_FAILED,
  allLines, checkoutLines, findLine, keepExisting, keepSelectable, lineQtyError, toggleAll, toggleLine, toggleStore, withQty, withoutLines,
  type CartStore, type CheckoutLine,
} from './cart';

export interface CartContext {
  stores: CartStore[];
  /** Selected cart ids, in cart order. */
  selected: number[];
  /** Page-level error: 'cartEmpty' | 'selectErr' | 'removeFailed' | a server message. */
  error: string | null;
  /** Per cart id: 'minimumErr' | 'stockErr' | 'buyNumErr' | 'updateFailed' | a server message. */
  lineErrors: Record<number, string>;
  /** The quantity change in flight (the line already shows `qty`). */
  updating: { cartId: number; qty: number; previousQty: number } | null;
  /** Cart ids asked to be removed (confirming, removing). */
  removing: number[];
}

export type CartEvent =
  | { type: 'RELOAD' }
  | { type: 'LINE.TOGGLE'; cartId: number }
  | { type: 'STORE.TOGGLE'; storeId: number }
  | { type: 'ALL.TOGGLE' }
  | { type: 'QTY.SET'; cartId: number; qty: number }
  | { type: 'REMOVE'; cartIds: number[] }
  | { type: 'CONFIRM' }
  | { type: 'DECLINE' }
  | { type: 'CHECKOUT' };

export interface UpdateQtyInput { cartId: number; qty: number }
export interface RemoveLinesInput { cartIds: number[] }

export interface CartActionParams {
  askConfirm: { cartIds: number[] };
  notifyEmpty: { error: string };
  goCheckout: { lines: CheckoutLine[] };
  /** After a quantity change or a removal: the whole cart's lines and units (header count). */
  cartChanged: { lines: number; units: number };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`cart: actor "${name}" is not provided`));

const withoutKeys = (errors: Record<number, string>, cartIds: readonly number[]) =>
  Object.fromEntries(Object.entries(errors).filter(([id]) => !cartIds.includes(Number(id)))) as Record<number, string>;

const cartSize = ({ context }: { context: CartContext }): CartActionParams['cartChanged'] => {
  const lines = allLines(context.stores);
  return { lines: lines.length, units: lines.reduce((sum, line) => sum + line.qty, 0) };
};

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    fetchCart: fromPromise<CartStore[]>(notProvided('fetchCart')),
    updateQty: fromPromise<unknown, UpdateQtyInput>(notProvided('updateQty')),
    removeLines: fromPromise<unknown, RemoveLinesInput>(notProvided('removeLines')),
  },
  actions: {
    askConfirm: (_, _params: CartActionParams['askConfirm']) => {},
    notifyEmpty: (_, _params: CartActionParams['notifyEmpty']) => {},
    goCheckout: (_, _params: CartActionParams['goCheckout']) => {},
    cartChanged: (_, _params: CartActionParams['cartChanged']) => {},
  },
  guards: {
    unknownLine: ({ context, event }) => event.type === 'QTY.SET' && !findLine(context.stores, event.cartId),
    qtyOutOfRange: ({ context, event }) =>
      event.type === 'QTY.SET' && lineQtyError(event.qty, findLine(context.stores, event.cartId)?.stock ?? 0) !== null,
    sameQty: ({ context, event }) => event.type === 'QTY.SET' && findLine(context.stores, event.cartId)?.qty === event.qty,
    noLinesToRemove: ({ context, event }) =>
      event.type === 'REMOVE' && keepExisting(context.stores, event.cartIds ?? []).length === 0,
    nothingSelected: ({ context }) => context.selected.length === 0,
  },
}).createMachine({
  id: 'cart',
  context: { stores: [], selected: [], error: null, lineErrors: {}, updating: null, removing: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            stores: event.output ?? [],
            selected: keepSelectable(event.output ?? [], context.selected),
            lineErrors: {},
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: { RELOAD: { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'LINE.TOGGLE': {
          actions: assign({ selected: ({ context, event }) => toggleLine(context.stores, context.selected, event.cartId), error: null }),
        },
        'STORE.TOGGLE': {
          actions: assign({ selected: ({ context, event }) => toggleStore(context.stores, context.selected, event.storeId), error: null }),
        },
        'ALL.TOGGLE': {
          actions: assign({ selected: ({ context }) => toggleAll(context.stores, context.selected), error: null }),
        },
      },
      states: {
        idle: {
          on: {
            RELOAD: { target: '#cart.loading' },
            'QTY.SET': [
              { guard: 'unknownLine' },
              {
                guard: 'qtyOutOfRange',
                actions: assign({
                  lineErrors: ({ context, event }) => ({
                    ...context.lineErrors,
                    [event.cartId]: lineQtyError(event.qty, findLine(context.stores, event.cartId)?.stock ?? 0) ?? '',
                  }),
                }),
              },
              { guard: 'sameQty', actions: assign({ lineErrors: ({ context, event }) => withoutKeys(context.lineErrors, [event.cartId]) }) },
              {
                target: 'updating',
                actions: assign(({ context, event }) => ({
                  updating: { cartId: event.cartId, qty: event.qty, previousQty: findLine(context.stores, event.cartId)?.qty ?? event.qty },
                  stores: withQty(context.stores, event.cartId, event.qty),
                  lineErrors: withoutKeys(context.lineErrors, [event.cartId]),
                })),
              },
            ],
            REMOVE: [
              { guard: 'noLinesToRemove', actions: assign({ error: SELECT_FIRST }) },
              {
                target: 'confirming',
                actions: [
                  assign({ removing: ({ context, event }) => keepExisting(context.stores, event.cartIds), error: null }),
                  { type: 'askConfirm', params: ({ context }) => ({ cartIds: context.removing }) },
                ],
              },
            ],
            CHECKOUT: [
              {
                guard: 'nothingSelected',
                actions: [assign({ error: CART_EMPTY }), { type: 'notifyEmpty', params: { error: CART_EMPTY } }],
              },
              {
                actions: [
                  assign({ error: null }),
                  { type: 'goCheckout', params: ({ context }) => ({ lines: checkoutLines(context.stores, context.selected) }) },
                ],
              },
            ],
          },
        },
        updating: {
          invoke: {
            id: 'updateQty',
            src: 'updateQty',
            input: ({ context }) => ({ cartId: context.updating?.cartId ?? 0, qty: context.updating?.qty ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [assign({ updating: null }), { type: 'cartChanged', params: cartSize }],
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const change = context.updating;
                if (!change) return { updating: null };
                return {
                  updating: null,
                  stores: withQty(context.stores, change.cartId, change.previousQty),
                  lineErrors: { ...context.lineErrors, [change.cartId]: errorMessage(event.error) || UPDATE_FAILED },
                };
              }),
            },
          },
        },
        confirming: {
          on: {
            CONFIRM: { target: 'removing' },
            DECLINE: { target: 'idle', actions: assign({ removing: [] }) },
          },
        },
        removing: {
          invoke: {
            id: 'removeLines',
            src: 'removeLines',
            input: ({ context }) => ({ cartIds: context.removing }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  stores: withoutLines(context.stores, context.removing),
                  selected: context.selected.filter((id) => !context.removing.includes(id)),
                  lineErrors: withoutKeys(context.lineErrors, context.removing),
                  removing: [],
                })),
                { type: 'cartChanged', params: cartSize },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ removing: [], error: ({ event }) => errorMessage(event.error) || REMOVE_FAILED }),
            },
          },
        },
      },
    },
  },
});
