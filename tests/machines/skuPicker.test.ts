import { describe, expect, it } from 'vitest';
import { skuPickerMachine, type AddToCartInput, type SkuPickerInput } from '../../machines/skuPicker.machine';
import {
  availableValues, isSpecValue, missingSpecs, parseQty, pickSpec, qtyError, skuFor,
  type Sku, type SpecGroup,
} from '../../machines/skuPicker';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

// colour: red 11, blue 12; size: S 21, M 22. Blue-M is not sold; red-M is sold out.
const SPECS: SpecGroup[] = [
  { id: 1, name: 'colour', values: [{ id: 11, name: 'red' }, { id: 12, name: 'blue' }] },
  { id: 2, name: 'size', values: [{ id: 21, name: 'S' }, { id: 22, name: 'M' }] },
];
const SKUS: Sku[] = [
  { id: 101, specIds: [11, 21], priceCents: 1999, stock: 5, image: '/uploads/goods/red-s.png' },
  { id: 102, specIds: [22, 11], priceCents: 2099, stock: 0 },
  { id: 103, specIds: [12, 21], priceCents: 1899, stock: 2 },
];
const WITH_SPECS: SkuPickerInput = { goodsId: 7, specs: SPECS, skus: SKUS, basePriceCents: 1899, baseStock: 7 };
const PLAIN: SkuPickerInput = { goodsId: 9, specs: [], skus: [], basePriceCents: 550, baseStock: 3 };
const PLAIN_STOCK_7: SkuPickerInput = { ...PLAIN, baseStock: 7 };

function setupPicker(input: SkuPickerInput = WITH_SPECS) {
  const log = recordActions(['notifyAdded', 'goBuyNow']);
  const addToCart = manualActor<unknown, AddToCartInput>();
  const actor = createTestActor(skuPickerMachine.provide({ actions: log.actions, actors: { addToCart: addToCart.logic } }), { input });
  actor.start();
  const pick = (specId: number, valueId: number) => actor.send({ type: 'SPEC.PICK', specId, valueId });
  const context = () => actor.getSnapshot().context;
  return { actor, log, addToCart, pick, context };
}

describe('skuPicker: specs and SKU', () => {
  it('starts with nothing chosen: the goods price and stock, quantity 1', () => {
    const { actor, context } = setupPicker();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context()).toMatchObject({
      goodsId: 7, selected: {}, sku: null, priceCents: 1899, stock: 7, qty: 1, qtyText: '1', error: null, missingSpecs: [], pending: null,
    });
    expect(context().available).toEqual({ 1: [11, 12], 2: [21] });
  });

  it('a full combination selects its SKU, price and stock, and resets the quantity to 1', () => {
    const { pick, actor, context } = setupPicker();
    actor.send({ type: 'QTY.SET', value: '4' });
    expect(context().qty).toBe(4);
    pick(1, 11);
    expect(context()).toMatchObject({ selected: { 1: 11 }, sku: null, priceCents: 1899, stock: 7, qty: 1 });
    expect(context().available).toEqual({ 1: [11, 12], 2: [21] });
    actor.send({ type: 'QTY.SET', value: '3' });
    pick(2, 21);
    expect(context()).toMatchObject({ selected: { 1: 11, 2: 21 }, sku: SKUS[0], priceCents: 1999, stock: 5, qty: 1, qtyText: '1' });
  });

  it('picking the chosen value again keeps it (a radio never unchecks) and keeps the quantity', () => {
    const { pick, actor, context } = setupPicker();
    pick(1, 12);
    pick(2, 21);
    expect(context().sku?.id).toBe(103);
    actor.send({ type: 'QTY.SET', value: '2' });
    const before = context();
    pick(2, 21);
    expect(context()).toBe(before);
    expect(context()).toMatchObject({ selected: { 1: 12, 2: 21 }, sku: { id: 103 }, priceCents: 1899, stock: 2, qty: 2 });
    // another value of the group switches to it
    pick(1, 11);
    expect(context()).toMatchObject({ selected: { 1: 11, 2: 21 }, sku: { id: 101 }, qty: 1 });
  });

  it('a combination with no SKU clears the SKU instead of keeping the previous one (§6.3 item 26)', () => {
    const { pick, context } = setupPicker();
    pick(1, 12);
    pick(2, 21);
    expect(context().sku?.id).toBe(103);
    pick(2, 22); // blue-M is not sold
    expect(context()).toMatchObject({ selected: { 1: 12, 2: 22 }, sku: null, priceCents: 1899, stock: 7 });
  });

  it('ignores a value that is not one of the goods spec values', () => {
    const { pick, context } = setupPicker();
    pick(1, 11);
    const before = context();
    pick(1, 21); // a size value sent as a colour
    pick(3, 11);
    expect(context()).toBe(before);
  });
});

describe('skuPicker: quantity', () => {
  it.each([
    ['3', { qty: 3, qtyText: '3', error: null }],
    [' 5 ', { qty: 5, qtyText: '5', error: null }],
    ['abc', { qty: 1, qtyText: 'abc', error: 'buyNumErr' }],
    ['', { qty: 1, qtyText: '', error: 'buyNumErr' }],
    ['1.5', { qty: 1, qtyText: '1.5', error: 'buyNumErr' }],
    ['0', { qty: 1, qtyText: '0', error: 'minimumErr' }],
    ['-2', { qty: 1, qtyText: '-2', error: 'minimumErr' }],
    ['8', { qty: 1, qtyText: '8', error: 'stockErr' }],
  ])('typed %j → %o (never corrected to the stock)', (value, expected) => {
    const { actor, context } = setupPicker();
    actor.send({ type: 'QTY.SET', value });
    expect(context()).toMatchObject(expected);
    expect(context().stock).toBe(7);
  });

  it.each([
    ['8', { qty: 7, qtyText: '7', error: 'stockErr' }],
    ['0', { qty: 1, qtyText: '1', error: 'minimumErr' }],
    ['abc', { qty: 1, qtyText: '1', error: 'buyNumErr' }],
  ])('a refused add after %j puts back a quantity that can be bought, the reason kept (issue 15)', (value, expected) => {
    const { actor, context, addToCart } = setupPicker(PLAIN_STOCK_7);
    actor.send({ type: 'QTY.SET', value });
    actor.send({ type: 'CART.ADD' });
    expect(context()).toMatchObject(expected);
    expect(addToCart.calls).toHaveLength(0);
  });

  it('a valid typed value after an invalid one clears the error', () => {
    const { actor, context } = setupPicker();
    actor.send({ type: 'QTY.SET', value: '0' });
    actor.send({ type: 'QTY.SET', value: '2' });
    expect(context()).toMatchObject({ qty: 2, qtyText: '2', error: null });
  });

  it('+ and − stay within 1..stock and say why they stop', () => {
    const { actor, pick, context } = setupPicker();
    pick(1, 12);
    pick(2, 21); // stock 2
    actor.send({ type: 'QTY.DEC' });
    expect(context()).toMatchObject({ qty: 1, qtyText: '1', error: 'minimumErr' });
    actor.send({ type: 'QTY.INC' });
    expect(context()).toMatchObject({ qty: 2, qtyText: '2', error: null });
    actor.send({ type: 'QTY.INC' });
    expect(context()).toMatchObject({ qty: 2, qtyText: '2', error: 'stockErr' });
    actor.send({ type: 'QTY.DEC' });
    expect(context()).toMatchObject({ qty: 1, qtyText: '1', error: null });
  });

  it('+ and − put back the last valid quantity when an invalid one was typed', () => {
    const { actor, context } = setupPicker(PLAIN);
    actor.send({ type: 'QTY.SET', value: '3' });
    actor.send({ type: 'QTY.SET', value: 'x' });
    actor.send({ type: 'QTY.INC' });
    expect(context()).toMatchObject({ qty: 3, qtyText: '3', error: 'stockErr' });
  });
});

describe('skuPicker: add to cart', () => {
  it('adds the chosen SKU and quantity, then notifies', async () => {
    const { actor, pick, addToCart, log, context } = setupPicker();
    pick(1, 11);
    pick(2, 21);
    actor.send({ type: 'QTY.INC' });
    actor.send({ type: 'CART.ADD' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(addToCart.last().input).toEqual({ goodsId: 7, skuId: 101, qty: 2 });
    expect(context().pending).toEqual({ goodsId: 7, skuId: 101, qty: 2 });

    actor.send({ type: 'CART.ADD' }); // ignored while adding
    actor.send({ type: 'BUY.NOW' });
    actor.send({ type: 'QTY.INC' }); // the stepper still works; the line in flight does not change
    expect(addToCart.calls).toHaveLength(1);
    addToCart.last().resolve([]);
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log.calls).toEqual([{ type: 'notifyAdded', params: { goodsId: 7, skuId: 101, qty: 2 } }]);
    expect(context()).toMatchObject({ pending: null, error: null, qty: 3 });
  });

  it('goods without specs are added with sku 0 and the goods stock', async () => {
    const { actor, addToCart, log } = setupPicker(PLAIN);
    actor.send({ type: 'QTY.SET', value: '3' });
    actor.send({ type: 'CART.ADD' });
    expect(addToCart.last().input).toEqual({ goodsId: 9, skuId: 0, qty: 3 });
    addToCart.last().resolve(undefined);
    await flush();
    expect(log.paramsOf('notifyAdded')).toEqual([{ goodsId: 9, skuId: 0, qty: 3 }]);
  });

  it('refuses without a full SKU (§6.3 item 26) and marks the groups still to choose', () => {
    const { actor, pick, addToCart, context } = setupPicker();
    actor.send({ type: 'CART.ADD' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context()).toMatchObject({ error: 'skuErr', missingSpecs: [1, 2] });
    pick(1, 12);
    expect(context()).toMatchObject({ error: null, missingSpecs: [2] });
    actor.send({ type: 'CART.ADD' });
    expect(context().missingSpecs).toEqual([2]);
    pick(2, 22); // blue-M: every group chosen, no SKU → every group is marked
    actor.send({ type: 'CART.ADD' });
    expect(context()).toMatchObject({ error: 'skuErr', missingSpecs: [1, 2] });
    expect(addToCart.calls).toHaveLength(0);
  });

  it('refuses a sold-out SKU or goods', () => {
    const { actor, pick, addToCart, context } = setupPicker();
    pick(1, 11);
    pick(2, 22); // red-M, stock 0
    actor.send({ type: 'CART.ADD' });
    expect(context()).toMatchObject({ sku: { id: 102 }, error: 'stockErr' });
    const plain = setupPicker({ ...PLAIN, baseStock: 0 });
    plain.actor.send({ type: 'CART.ADD' });
    expect(plain.context().error).toBe('stockErr');
    expect(addToCart.calls).toHaveLength(0);
    expect(plain.addToCart.calls).toHaveLength(0);
  });

  it('refuses while the typed quantity is wrong', () => {
    const { actor, addToCart, context } = setupPicker(PLAIN);
    actor.send({ type: 'QTY.SET', value: '0' });
    actor.send({ type: 'CART.ADD' });
    expect(context()).toMatchObject({ error: 'minimumErr', qtyText: '1' });
    actor.send({ type: 'QTY.SET', value: '4' });
    actor.send({ type: 'CART.ADD' });
    expect(context().error).toBe('stockErr');
    expect(addToCart.calls).toHaveLength(0);
  });

  it('keeps the server message when adding fails, or "addFailed"', async () => {
    const { actor, addToCart, log, context } = setupPicker(PLAIN);
    actor.send({ type: 'CART.ADD' });
    addToCart.last().reject({ code: 422, msg: '请选择商品规格.' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(context()).toMatchObject({ error: '请选择商品规格.', pending: null });
    actor.send({ type: 'CART.ADD' });
    expect(context().error).toBeNull();
    addToCart.last().reject(undefined);
    await flush();
    expect(context().error).toBe('addFailed');
    expect(log.calls).toEqual([]);
  });
});

describe('skuPicker: buy now', () => {
  it('goes to checkout with the chosen SKU and quantity', () => {
    const { actor, pick, log, addToCart, context } = setupPicker();
    pick(1, 12);
    pick(2, 21);
    actor.send({ type: 'QTY.SET', value: '2' });
    actor.send({ type: 'BUY.NOW' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log.calls).toEqual([{ type: 'goBuyNow', params: { goodsId: 7, skuId: 103, qty: 2 } }]);
    expect(context().error).toBeNull();
    expect(addToCart.calls).toHaveLength(0);
  });

  it('checks the SKU, the stock and the quantity first', () => {
    const { actor, pick, log, context } = setupPicker();
    actor.send({ type: 'BUY.NOW' });
    expect(context()).toMatchObject({ error: 'skuErr', missingSpecs: [1, 2] });
    pick(1, 11);
    pick(2, 22);
    actor.send({ type: 'BUY.NOW' });
    expect(context().error).toBe('stockErr');
    pick(2, 21);
    actor.send({ type: 'QTY.SET', value: 'two' });
    actor.send({ type: 'BUY.NOW' });
    expect(context()).toMatchObject({ error: 'buyNumErr', qtyText: '1' });
    expect(log.calls).toEqual([]);
  });
});

describe('skuPicker helpers', () => {
  it.each([
    [{}, null],
    [{ 1: 11 }, null],
    [{ 1: 11, 2: 21 }, 101],
    [{ 2: 21, 1: 11 }, 101],
    [{ 1: 11, 2: 22 }, 102],
    [{ 1: 12, 2: 22 }, null],
    [{ 1: 12, 2: 21, 3: 31 }, null],
  ])('skuFor(%o) → %s', (selected, id) => {
    expect(skuFor(selected, SKUS)?.id ?? null).toBe(id);
  });

  it('skuFor finds nothing for goods without SKUs', () => {
    expect(skuFor({ 1: 11 }, [])).toBeNull();
  });

  it.each([
    [{}, { 1: [11, 12], 2: [21] }],
    [{ 1: 11 }, { 1: [11, 12], 2: [21] }],
    [{ 2: 21 }, { 1: [11, 12], 2: [21] }],
    [{ 1: 12 }, { 1: [11, 12], 2: [21] }],
    [{ 2: 22 }, { 1: [], 2: [21] }],
  ])('availableValues with %o → %o', (selected, expected) => {
    expect(availableValues(SPECS, SKUS, selected)).toEqual(expected);
  });

  it('availableValues: without SKUs every value is available; with one sold-out SKU nothing is', () => {
    expect(availableValues(SPECS, [], {})).toEqual({ 1: [11, 12], 2: [21, 22] });
    const single: SpecGroup[] = [{ id: 5, name: 'pack', values: [{ id: 51, name: 'box' }] }];
    expect(availableValues(single, [{ id: 1, specIds: [51], priceCents: 100, stock: 0 }], {})).toEqual({ 5: [] });
  });

  it.each([
    ['1', 5, null],
    ['5', 5, null],
    ['+2', 5, null],
    ['6', 5, 'stockErr'],
    ['1', 0, 'stockErr'],
    ['0', 5, 'minimumErr'],
    ['-1', 5, 'minimumErr'],
    ['0', 0, 'minimumErr'],
    ['', 5, 'buyNumErr'],
    ['  ', 5, 'buyNumErr'],
    ['2.0', 5, 'buyNumErr'],
    ['1e2', 5, 'buyNumErr'],
    ['abc', 5, 'buyNumErr'],
    ['99999999999999999999', 5, 'buyNumErr'],
  ])('qtyError(%j, %i) → %s', (text, stock, expected) => {
    expect(qtyError(text, stock)).toBe(expected);
  });

  it.each([
    ['7', 7],
    [' 07 ', 7],
    ['-3', -3],
    ['3.5', null],
    ['', null],
  ])('parseQty(%j) → %s', (text, expected) => {
    expect(parseQty(text)).toBe(expected);
  });

  it('pickSpec picks and replaces, never unpicks, without mutating', () => {
    const start = { 1: 11 };
    expect(pickSpec(start, 2, 21)).toEqual({ 1: 11, 2: 21 });
    expect(pickSpec(start, 1, 12)).toEqual({ 1: 12 });
    expect(pickSpec(start, 1, 11)).toEqual({ 1: 11 });
    expect(start).toEqual({ 1: 11 });
  });

  it('missingSpecs and isSpecValue', () => {
    expect(missingSpecs(SPECS, {})).toEqual([1, 2]);
    expect(missingSpecs(SPECS, { 2: 22 })).toEqual([1]);
    expect(missingSpecs(SPECS, { 1: 11, 2: 22 })).toEqual([]);
    expect(isSpecValue(SPECS, 1, 12)).toBe(true);
    expect(isSpecValue(SPECS, 1, 21)).toBe(false);
    expect(isSpecValue(SPECS, 4, 11)).toBe(false);
  });
});
