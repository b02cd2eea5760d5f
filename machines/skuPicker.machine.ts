/**
 * The purchase box of the goods detail page (reference §3.6, spec §5 and §9): pick spec values,
 * set the quantity, add to cart or buy now. A combination without a SKU clears the SKU (never
 * keeps the previous one); both buttons check the SKU, the stock and the quantity; a typed
 * quantity below 1 is refused as it is, not "corrected" to the stock (reference §6.3 item 26).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import {
  ADD_FAILED, MINIMUM_ERR, MIN_QTY, SKU_ERR, STOCK_ERR,
  availableValues, isSpecValue, missingSpecs, parseQty, pickSpec, qtyError, skuFor,
  type SelectedSpecs, type Sku, type SpecGroup,
} from './skuPicker';

export interface SkuPickerInput {
  goodsId: number;
  /** Spec groups; [] for goods without specs. */
  specs: SpecGroup[];
  /** [] for goods without specs: the base price and stock apply. */
  skus: Sku[];
  basePriceCents: number;
  baseStock: number;
}

export interface SkuPickerContext {
  goodsId: number;
  specs: SpecGroup[];
  skus: Sku[];
  basePriceCents: number;
  baseStock: number;
  selected: SelectedSpecs;
  /** The SKU of the chosen combination; null when incomplete or when the goods sells none. */
  sku: Sku | null;
  /** Price and stock shown: the SKU's, else the goods'. */
  priceCents: number;
  stock: number;
  /** Per spec group, the values that still lead to an in-stock SKU. */
  available: Record<number, number[]>;
  /** The last valid quantity (what is bought). */
  qty: number;
  /** What the quantity box shows (may be an invalid typed value, kept as typed). */
  qtyText: string;
  /** 'skuErr' | 'stockErr' | 'minimumErr' | 'buyNumErr' | 'addFailed' | a server message. */
  error: string | null;
  /** Spec groups the view marks after 'skuErr'. */
  missingSpecs: number[];
  /** The line being added to the cart while in `adding`. */
  pending: PurchaseLine | null;
}

export type SkuPickerEvent =
  | { type: 'SPEC.PICK'; specId: number; valueId: number }
  | { type: 'QTY.SET'; value: string }
  | { type: 'QTY.INC' }
  | { type: 'QTY.DEC' }

  | { type: 'CART.ADD' }
  | { type: 'BUY.NOW' };

/** What is bought: `skuId` 0 for goods without SKUs (the server's convention). */
export interface PurchaseLine { goodsId: number; skuId: number; qty: number }
export type AddToCartInput = PurchaseLine;

export interface SkuPickerActionParams {
  notifyAdded: PurchaseLine;
  goBuyNow: PurchaseLine;
}

type Base = Pick<SkuPickerContext, 'specs' | 'skus' | 'basePriceCents' | 'baseStock'>;

/** Everything that follows from the chosen values; the quantity starts again at 1. */
function choose(base: Base, selected: SelectedSpecs) {
  const sku = skuFor(selected, base.skus);
  return {
    selected,
    sku,
    priceCents: sku ? sku.priceCents : base.basePriceCents,
    stock: sku ? sku.stock : base.baseStock,
    available: availableValues(base.specs, base.skus, selected),
    qty: MIN_QTY,
    qtyText: String(MIN_QTY),
    error: null,
  };
}

const purchase = (context: SkuPickerContext): PurchaseLine => ({
  goodsId: context.goodsId,
  skuId: context.sku?.id ?? 0,
  qty: context.qty,
});

const whole = (value: unknown) => Math.max(0, Math.floor(Number(value) || 0));

/** 'skuErr' and the spec groups to mark: the unchosen ones, or all for an impossible combination. */
const skuRefusal = ({ context }: { context: SkuPickerContext }) => {
  const missing = missingSpecs(context.specs, context.selected);
  return { error: SKU_ERR, missingSpecs: missing.length ? missing : context.specs.map((group) => group.id) };
};

/**
 * A refused add or buy for the quantity: the reason shows, and the box goes back to a quantity
 * that can be bought (the stock for too many, 1 for too few, the last good one for text), so it
 * never keeps the refused value (issue 15).
 */
const qtyRefusal = ({ context }: { context: SkuPickerContext }) => {
  const typed = parseQty(context.qtyText);
  const most = Math.max(MIN_QTY, context.stock);
  const qty = typed === null ? Math.min(context.qty, most) : Math.min(Math.max(typed, MIN_QTY), most);
  return { error: qtyError(context.qtyText, context.stock), qty, qtyText: String(qty) };
};

export const skuPickerMachine = setup({
  types: {
    input: {} as SkuPickerInput,
    context: {} as SkuPickerContext,
    events: {} as SkuPickerEvent,
  },
  actors: {
    addToCart: fromPromise<unknown, AddToCartInput>(() =>
      Promise.reject(new Error('skuPicker: actor "addToCart" is not provided')),
    ),
  },
  actions: {
    notifyAdded: (_, _params: SkuPickerActionParams['notifyAdded']) => {},
    goBuyNow: (_, _params: SkuPickerActionParams['goBuyNow']) => {},
  },
  guards: {
    notASpecValue: ({ context, event }) =>
      event.type === 'SPEC.PICK' && !isSpecValue(context.specs, event.specId, event.valueId),
    alreadyChosen: ({ context, event }) => event.type === 'SPEC.PICK' && context.selected[event.specId] === event.valueId,
    typedQtyInvalid: ({ context, event }) => event.type === 'QTY.SET' && qtyError(event.value, context.stock) !== null,
    aboveStock: ({ context }) => context.qty + 1 > context.stock,
    belowMinimum: ({ context }) => context.qty - 1 < MIN_QTY,
    skuMissing: ({ context }) => context.skus.length > 0 && context.sku === null,
    outOfStock: ({ context }) => context.stock <= 0,
    qtyInvalid: ({ context }) => qtyError(context.qtyText, context.stock) !== null,
  },
}).createMachine({
  id: 'skuPicker',
  context: ({ input }) => {
    const base: Base = {
      specs: input.specs ?? [],
      skus: input.skus ?? [],
      basePriceCents: whole(input.basePriceCents),
      baseStock: whole(input.baseStock),
    };
    return { goodsId: input.goodsId, ...base, ...choose(base, {}), missingSpecs: [], pending: null };
  },
  initial: 'idle',
  on: {
    'SPEC.PICK': [
      { guard: 'notASpecValue' },
      // a radio option: the chosen value stays chosen (and the quantity stays as it is)
      { guard: 'alreadyChosen' },
      {
        actions: assign(({ context, event }) => {
          const selected = pickSpec(context.selected, event.specId, event.valueId);
          return {
            ...choose(context, selected),
            missingSpecs: context.missingSpecs.filter((id) => selected[id] === undefined),
          };
        }),
      },
    ],
    'QTY.SET': [
      {
        guard: 'typedQtyInvalid',
        actions: assign(({ context, event }) => ({ qtyText: event.value, error: qtyError(event.value, context.stock) })),
      },
      {
        actions: assign(({ event }) => {
          const qty = parseQty(event.value) ?? MIN_QTY;
          return { qty, qtyText: String(qty), error: null };
        }),
      },
    ],
    'QTY.INC': [
      { guard: 'aboveStock', actions: assign(({ context }) => ({ qtyText: String(context.qty), error: STOCK_ERR })) },
      { actions: assign(({ context }) => ({ qty: context.qty + 1, qtyText: String(context.qty + 1), error: null })) },
    ],
    'QTY.DEC': [
      { guard: 'belowMinimum', actions: assign(({ context }) => ({ qtyText: String(context.qty), error: MINIMUM_ERR })) },
      { actions: assign(({ context }) => ({ qty: context.qty - 1, qtyText: String(context.qty - 1), error: null })) },
    ],
  },
  states: {
    idle: {
      on: {
        'CART.ADD': [
          { guard: 'skuMissing', actions: assign(skuRefusal) },
          { guard: 'outOfStock', actions: assign({ error: STOCK_ERR }) },
          { guard: 'qtyInvalid', actions: assign(qtyRefusal) },
          { target: 'adding', actions: assign(({ context }) => ({ error: null, missingSpecs: [], pending: purchase(context) })) },
        ],
        'BUY.NOW': [
          { guard: 'skuMissing', actions: assign(skuRefusal) },
          { guard: 'outOfStock', actions: assign({ error: STOCK_ERR }) },
          { guard: 'qtyInvalid', actions: assign(qtyRefusal) },
          {
            actions: [
              assign({ error: null, missingSpecs: [] }),
              { type: 'goBuyNow', params: ({ context }) => purchase(context) },
            ],
          },
        ],
      },
    },
    adding: {
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => context.pending ?? purchase(context),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifyAdded', params: ({ context }) => context.pending ?? purchase(context) },
            assign({ pending: null }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({ pending: null, error: ({ event }) => errorMessage(event.error) || ADD_FAILED }),
        },
      },
    },
  },
});
