/**
 * Pure rules of the cart page (reference §3.7, §6.3 item 29; api §6.1): selection by line,
 * store and all; totals counting units; quantity bounds; what checkout sends. Money is integer
 * cents; a selection is an array of cart ids (no duplicates).
 */
import { BUY_NUM_ERR, MINIMUM_ERR, MIN_QTY, STOCK_ERR, type QtyError } from './skuPicker';

export interface CartLine {
  cartId: number;
  goodsId: number;
  /** 0 for goods without SKUs. */
  skuId: number;
  name: string;
  priceCents: number;
  qty: number;
  stock: number;
  image: string;
  /** The SKU's spec names ('' when none). */
  skuName?: string;
  /** false when the goods stopped being sold or the SKU is gone: shown, never selectable. */
  available?: boolean;
}

export interface CartStore { storeId: number; storeName: string; lines: CartLine[] }

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

export interface CartTotals {
  /** Units selected (sum of quantities), shown as "N 件". */
  count: number;
  /** Lines selected. */
  lines: number;
  totalCents: number;
}

export interface CheckoutLine { cartId: number; goodsId: number; skuId: number; qty: number }

/** Error key of CHECKOUT with nothing selected (home.goods.cartEmpty). */
export const CART_EMPTY = 'cartEmpty';
/** Error key of a removal asked for no line (msg.selectErr). */
export const SELECT_FIRST = 'selectErr';
export const UPDATE_FAILED = 'updateFailed';
export const REMOVE_FAILED = 'removeFailed';

export const allLines = (stores: readonly CartStore[]): CartLine[] => stores.flatMap((store) => store.lines);

export const findLine = (stores: readonly CartStore[], cartId: number): CartLine | undefined =>
  allLines(stores).find((line) => line.cartId === cartId);

/** A line that can be selected (and checked out): not marked unavailable. */
export const isSelectable = (line: CartLine) => line.available !== false;

const selectableIds = (lines: readonly CartLine[]) => lines.filter(isSelectable).map((line) => line.cartId);

function checkState(cartIds: readonly number[], selected: readonly number[]): CheckState {
  const chosen = cartIds.filter((id) => selected.includes(id)).length;
  if (chosen === 0) return 'unchecked';
  return chosen === cartIds.length ? 'checked' : 'indeterminate';
}

/** The tri-state checkbox of one store (over its selectable lines). */
export function storeChecked(store: CartStore, selected: readonly number[]): CheckState {
  return checkState(selectableIds(store.lines), selected);
}

/** The tri-state "select all" checkbox (over the selectable lines). */
export function allChecked(stores: readonly CartStore[], selected: readonly number[]): CheckState {
  return checkState(selectableIds(allLines(stores)), selected);
}

/** Units, lines and amount of the selected lines. */
export function totals(stores: readonly CartStore[], selected: readonly number[]): CartTotals {
  const chosen = allLines(stores).filter((line) => selected.includes(line.cartId));
  return {
    count: chosen.reduce((sum, line) => sum + line.qty, 0),
    lines: chosen.length,
    totalCents: chosen.reduce((sum, line) => sum + line.qty * line.priceCents, 0),
  };
}

/** Keep only cart ids that are lines of the cart, in cart order, once each. */
export function keepExisting(stores: readonly CartStore[], selected: readonly number[]): number[] {
  return allLines(stores).map((line) => line.cartId).filter((id) => selected.includes(id));
}

/** Keep only cart ids of selectable lines of the cart, in cart order, once each. */
export function keepSelectable(stores: readonly CartStore[], selected: readonly number[]): number[] {
  return selectableIds(allLines(stores)).filter((id) => selected.includes(id));
}

/** An unavailable line cannot be selected (it can still be unselected). */
export function toggleLine(stores: readonly CartStore[], selected: readonly number[], cartId: number): number[] {
  if (selected.includes(cartId)) return selected.filter((id) => id !== cartId);
  return keepSelectable(stores, [...selected, cartId]);
}

/** A fully checked store is unchecked; otherwise all its lines are checked. */
export function toggleStore(stores: readonly CartStore[], selected: readonly number[], storeId: number): number[] {
  const store = stores.find((item) => item.storeId === storeId);
  if (!store) return [...selected];
  const ids = selectableIds(store.lines);
  if (storeChecked(store, selected) === 'checked') return selected.filter((id) => !ids.includes(id));
  return keepSelectable(stores, [...selected, ...ids]);
}

/** A fully checked cart is unchecked; otherwise every line is checked. */
export function toggleAll(stores: readonly CartStore[], selected: readonly number[]): number[] {
  return allChecked(stores, selected) === 'checked' ? [] : selectableIds(allLines(stores));
}

/** What is wrong with a quantity for a line with this stock, or null. */
export function lineQtyError(qty: number, stock: number): QtyError | null {
  if (!Number.isSafeInteger(qty)) return BUY_NUM_ERR;
  if (qty < MIN_QTY) return MINIMUM_ERR;
  if (qty > stock) return STOCK_ERR;
  return null;
}

/** The cart with one line's quantity replaced. */
export function withQty(stores: readonly CartStore[], cartId: number, qty: number): CartStore[] {
  return stores.map((store) => ({
    ...store,
    lines: store.lines.map((line) => (line.cartId === cartId ? { ...line, qty } : line)),
  }));
}

/** The cart without these lines; stores left empty are dropped. */
export function withoutLines(stores: readonly CartStore[], cartIds: readonly number[]): CartStore[] {
  return stores
    .map((store) => ({ ...store, lines: store.lines.filter((line) => !cartIds.includes(line.cartId)) }))
    .filter((store) => store.lines.length > 0);
}

/** The selected lines as checkout wants them, in cart order. */
export function checkoutLines(stores: readonly CartStore[], selected: readonly number[]): CheckoutLine[] {
  return allLines(stores)
    .filter((line) => isSelectable(line) && selected.includes(line.cartId))
    .map(({ cartId, goodsId, skuId, qty }) => ({ cartId, goodsId, skuId, qty }));
}
