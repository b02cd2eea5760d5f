/**
 * Pure rules of the goods-detail purchase box (reference §3.6, spec §5 and §9): which SKU a
 * spec combination names, which spec values still lead to an in-stock SKU, and what is wrong
 * with a typed quantity. Money is integer cents.
 */

export interface SpecValue { id: number; name: string }
/** One attribute (colour, size…) and the values the goods offers for it. */
export interface SpecGroup { id: number; name: string; values: SpecValue[] }

export interface Sku {
  id: number;
  /** The spec value ids (one per group) this SKU stands for. */
  specIds: number[];
  priceCents: number;
  stock: number;
  image?: string;
}

/** Chosen value id per spec group id; a group without a choice has no key. */
export type SelectedSpecs = Record<number, number>;

/** Error keys the view translates (home.goods.*). */
export const SKU_ERR = 'skuErr';
export const STOCK_ERR = 'stockErr';
export const MINIMUM_ERR = 'minimumErr';
export const BUY_NUM_ERR = 'buyNumErr';
/** An add-to-cart failure whose rejection carried no message. */
export const ADD_FAILED = 'addFailed';

export type QtyError = typeof BUY_NUM_ERR | typeof MINIMUM_ERR | typeof STOCK_ERR;

/** Spec §9: the minimum purchase quantity. */
export const MIN_QTY = 1;

const chosenIds = (selected: SelectedSpecs): number[] => Object.values(selected);

/**
 * The SKU whose spec values are exactly the chosen ones, or null (nothing or not everything
 * chosen, or a combination the goods does not sell).
 */
export function skuFor(selected: SelectedSpecs, skus: readonly Sku[]): Sku | null {
  const chosen = chosenIds(selected);
  if (chosen.length === 0) return null;
  return (
    skus.find((sku) => sku.specIds.length === chosen.length && chosen.every((id) => sku.specIds.includes(id))) ?? null
  );
}

/**
 * Per spec group, the value ids that still lead to an in-stock SKU given the choices made in
 * the other groups (the view disables the others). Goods without SKUs: every value.
 */
export function availableValues(
  specs: readonly SpecGroup[],
  skus: readonly Sku[],
  selected: SelectedSpecs,
): Record<number, number[]> {
  const result: Record<number, number[]> = {};
  for (const group of specs) {
    const others = Object.entries(selected)
      .filter(([specId]) => Number(specId) !== group.id)
      .map(([, valueId]) => valueId);
    result[group.id] = group.values
      .filter(
        (value) =>
          skus.length === 0 ||
          skus.some((sku) => sku.stock > 0 && sku.specIds.includes(value.id) && others.every((id) => sku.specIds.includes(id))),
      )
      .map((value) => value.id);
  }
  return result;
}

/** The typed quantity as an integer, or null when it is not one ("", "1.5", "abc"). */
export function parseQty(text: string): number | null {
  const trimmed = String(text ?? '').trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

/** What is wrong with a typed quantity for this stock, or null when it can be bought. */
export function qtyError(text: string, stock: number): QtyError | null {
  const value = parseQty(text);
  if (value === null) return BUY_NUM_ERR;
  if (value < MIN_QTY) return MINIMUM_ERR;
  if (value > stock) return STOCK_ERR;
  return null;
}

/**
 * `selected` with `valueId` chosen for `specId`. The values of a group are radio options: choosing
 * one replaces the group's previous choice, and choosing the chosen one again keeps it (the
 * reference unpicked it on a click, which no radio does).
 */
export function pickSpec(selected: SelectedSpecs, specId: number, valueId: number): SelectedSpecs {
  return { ...selected, [specId]: valueId };
}

/** Spec groups without a chosen value. */
export function missingSpecs(specs: readonly SpecGroup[], selected: SelectedSpecs): number[] {
  return specs.filter((group) => selected[group.id] === undefined).map((group) => group.id);
}

/** True when `valueId` is one of the values of spec group `specId`. */
export function isSpecValue(specs: readonly SpecGroup[], specId: number, valueId: number): boolean {
  return specs.some((group) => group.id === specId && group.values.some((value) => value.id === valueId));
}
