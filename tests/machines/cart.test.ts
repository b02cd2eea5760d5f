import { describe, expect, it } from 'vitest';
import { cartMachine, type RemoveLinesInput, type UpdateQtyInput } from '../../machines/cart.machine';
import {
  allChecked, checkoutLines, keepExisting, keepSelectable, lineQtyError, storeChecked, toggleAll, toggleLine, toggleStore, totals, withQty, withoutLines,
  type CartLine, type CartStore,
} from '../../machines/cart';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const line = (cartId: number, goodsId: number, skuId: number, priceCents: number, qty: number, stock: number): CartLine => ({
  cartId, goodsId, skuId, name: `goods ${goodsId}`, priceCents, qty, stock, image: `/uploads/goods/${goodsId}.png`,
});

const STORES: CartStore[] = [
  { storeId: 1, storeName: 'Acme', lines: [line(1, 10, 101, 1999, 2, 5), line(2, 11, 0, 550, 1, 3)] },
  { storeId: 2, storeName: 'Beta', lines: [line(3, 20, 201, 12000, 1, 1)] },
];

const ACTIONS = ['askConfirm', 'notifyEmpty', 'goCheckout', 'cartChanged'] as const;

async function setupCart(stores: CartStore[] = STORES) {
  const log = recordActions(ACTIONS);
  const fetchCart = manualActor<CartStore[], unknown>();
  const updateQty = manualActor<unknown, UpdateQtyInput>();
  const removeLines = manualActor<unknown, RemoveLinesInput>();
  const actor = createTestActor(
    cartMachine.provide({
      actions: log.actions,
      actors: { fetchCart: fetchCart.logic, updateQty: updateQty.logic, removeLines: removeLines.logic },
    }),
  );
  actor.start();
  expect(actor.getSnapshot().value).toBe('loading');
  fetchCart.last().resolve(stores);
  await flush();
  const context = () => actor.getSnapshot().context;
  return { actor, log, fetchCart, updateQty, removeLines, context };
}

const qtyOf = (stores: CartStore[], cartId: number) => stores.flatMap((s) => s.lines).find((l) => l.cartId === cartId)?.qty;

describe('cart: loading', () => {
  it('loads the lines grouped by store with nothing selected', async () => {
    const { actor, fetchCart, context } = await setupCart();
    expect(fetchCart.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(context()).toMatchObject({ stores: STORES, selected: [], error: null, lineErrors: {}, updating: null, removing: [] });
  });

  it('a failed load keeps the message; RELOAD fetches again', async () => {
    const fetchCart = manualActor<CartStore[], unknown>();
    const actor = createTestActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } }));
    actor.start();
    fetchCart.last().reject({ code: 500, msg: 'boom' });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'boom' } });
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetchCart.calls).toHaveLength(2);
    fetchCart.last().resolve(STORES);
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: { ready: 'idle' }, context: { error: null, stores: STORES } });
  });

  it('RELOAD keeps the selection of lines that are still there', async () => {
    const { actor, fetchCart, context } = await setupCart();
    actor.send({ type: 'ALL.TOGGLE' });
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    fetchCart.last().resolve([STORES[1]]);
    await flush();
    expect(context()).toMatchObject({ stores: [STORES[1]], selected: [3] });
  });

  it('RELOAD drops from the selection the lines that became unavailable', async () => {
    const { actor, fetchCart, context } = await setupCart();
    actor.send({ type: 'ALL.TOGGLE' });
    const gone: CartStore[] = [{ ...STORES[0], lines: [{ ...STORES[0].lines[0], available: false }, STORES[0].lines[1]] }, STORES[1]];
    actor.send({ type: 'RELOAD' });
    fetchCart.last().resolve(gone);
    await flush();
    expect(context().selected).toEqual([2, 3]);
    expect(allChecked(gone, context().selected)).toBe('checked');
  });
});

describe('cart: selection', () => {
  it('toggles lines, stores and everything, with tri-state checkboxes', async () => {
    const { actor, context } = await setupCart();
    actor.send({ type: 'LINE.TOGGLE', cartId: 2 });
    expect(context().selected).toEqual([2]);
    expect(storeChecked(context().stores[0], context().selected)).toBe('indeterminate');
    expect(allChecked(context().stores, context().selected)).toBe('indeterminate');

    actor.send({ type: 'STORE.TOGGLE', storeId: 1 });
    expect(context().selected).toEqual([1, 2]);
    expect(storeChecked(context().stores[0], context().selected)).toBe('checked');
    actor.send({ type: 'STORE.TOGGLE', storeId: 1 });
    expect(context().selected).toEqual([]);

    actor.send({ type: 'ALL.TOGGLE' });
    expect(context().selected).toEqual([1, 2, 3]);
    expect(allChecked(context().stores, context().selected)).toBe('checked');
    actor.send({ type: 'LINE.TOGGLE', cartId: 1 });
    expect(context().selected).toEqual([2, 3]);
    actor.send({ type: 'ALL.TOGGLE' });
    expect(context().selected).toEqual([1, 2, 3]);
    actor.send({ type: 'ALL.TOGGLE' });
    expect(context().selected).toEqual([]);

    actor.send({ type: 'LINE.TOGGLE', cartId: 99 });
    actor.send({ type: 'STORE.TOGGLE', storeId: 99 });
    expect(context().selected).toEqual([]);
  });
});

describe('cart: quantity', () => {
  it('changes a quantity in place and keeps the selection (§6.3 item 29)', async () => {
    const { actor, updateQty, fetchCart, log, context } = await setupCart();
    actor.send({ type: 'LINE.TOGGLE', cartId: 1 });
    actor.send({ type: 'LINE.TOGGLE', cartId: 3 });
    actor.send({ type: 'QTY.SET', cartId: 1, qty: 4 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'updating' });
    expect(updateQty.last().input).toEqual({ cartId: 1, qty: 4 });
    expect(qtyOf(context().stores, 1)).toBe(4);
    expect(context().updating).toEqual({ cartId: 1, qty: 4, previousQty: 2 });

    actor.send({ type: 'QTY.SET', cartId: 2, qty: 2 }); // one change at a time
    expect(updateQty.calls).toHaveLength(1);
    actor.send({ type: 'LINE.TOGGLE', cartId: 2 }); // selection still works meanwhile
    updateQty.last().resolve([]);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(context()).toMatchObject({ selected: [1, 2, 3], updating: null });
    expect(totals(context().stores, context().selected)).toEqual({ count: 6, lines: 3, totalCents: 4 * 1999 + 550 + 12000 });
    expect(log.calls).toEqual([{ type: 'cartChanged', params: { lines: 3, units: 6 } }]);
    expect(fetchCart.calls).toHaveLength(1); // no reload
  });

  it.each([
    [1, 0, 'minimumErr'],
    [1, -1, 'minimumErr'],
    [1, 6, 'stockErr'],
    [3, 2, 'stockErr'],
    [2, 1.5, 'buyNumErr'],
    [2, Number.NaN, 'buyNumErr'],
  ])('line %i set to %s → %s on that line, no request', async (cartId, qty, error) => {
    const { actor, updateQty, context } = await setupCart();
    actor.send({ type: 'QTY.SET', cartId, qty });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(context().lineErrors).toEqual({ [cartId]: error });
    expect(context().stores).toEqual(STORES);
    expect(updateQty.calls).toHaveLength(0);
  });

  it('ignores an unknown line; the same quantity sends nothing and clears the line error', async () => {
    const { actor, updateQty, context } = await setupCart();
    actor.send({ type: 'QTY.SET', cartId: 42, qty: 1 });
    expect(context().lineErrors).toEqual({});
    actor.send({ type: 'QTY.SET', cartId: 1, qty: 9 });
    actor.send({ type: 'QTY.SET', cartId: 2, qty: 0 });
    expect(context().lineErrors).toEqual({ 1: 'stockErr', 2: 'minimumErr' });
    actor.send({ type: 'QTY.SET', cartId: 1, qty: 2 });
    expect(context().lineErrors).toEqual({ 2: 'minimumErr' });
    expect(updateQty.calls).toHaveLength(0);
    actor.send({ type: 'QTY.SET', cartId: 2, qty: 3 });
    expect(context().lineErrors).toEqual({});
    expect(updateQty.calls).toHaveLength(1);
  });

  it('rolls the quantity back when the update fails, with the message on the line', async () => {
    const { actor, updateQty, log, context } = await setupCart();
    actor.send({ type: 'ALL.TOGGLE' });
    actor.send({ type: 'QTY.SET', cartId: 2, qty: 3 });
    updateQty.last().reject({ code: 422, msg: '库存不足' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(qtyOf(context().stores, 2)).toBe(1);
    expect(context()).toMatchObject({ selected: [1, 2, 3], updating: null, lineErrors: { 2: '库存不足' } });
    actor.send({ type: 'QTY.SET', cartId: 2, qty: 2 });
    updateQty.last().reject(new Error(''));
    await flush();
    expect(context().lineErrors).toEqual({ 2: 'updateFailed' });
    expect(log.calls).toEqual([]);
  });
});

describe('cart: remove', () => {
  it('asks first; DECLINE removes nothing', async () => {
    const { actor, removeLines, log, context } = await setupCart();
    actor.send({ type: 'REMOVE', cartIds: [2] });
    expect(actor.getSnapshot().value).toEqual({ ready: 'confirming' });
    expect(log.calls).toEqual([{ type: 'askConfirm', params: { cartIds: [2] } }]);
    actor.send({ type: 'CHECKOUT' }); // not while asking
    actor.send({ type: 'DECLINE' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(context()).toMatchObject({ stores: STORES, removing: [] });
    expect(removeLines.calls).toHaveLength(0);
    expect(log.types()).toEqual(['askConfirm']);
  });

  it('CONFIRM removes the lines, drops an emptied store and unselects them', async () => {
    const { actor, removeLines, log, context } = await setupCart();
    actor.send({ type: 'ALL.TOGGLE' });
    actor.send({ type: 'QTY.SET', cartId: 3, qty: 2 }); // a line error that goes with the line
    actor.send({ type: 'REMOVE', cartIds: [3, 2, 77] });
    expect(log.paramsOf('askConfirm')).toEqual([{ cartIds: [2, 3] }]);
    actor.send({ type: 'LINE.TOGGLE', cartId: 1 }); // the page still reacts while asking
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'removing' });
    expect(removeLines.last().input).toEqual({ cartIds: [2, 3] });
    removeLines.last().resolve([]);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(context()).toMatchObject({
      stores: [{ storeId: 1, storeName: 'Acme', lines: [STORES[0].lines[0]] }],
      selected: [],
      removing: [],
      lineErrors: {},
    });
    expect(log.paramsOf('cartChanged')).toEqual([{ lines: 1, units: 2 }]);
  });

  it('refuses to remove nothing', async () => {
    const { actor, log, context } = await setupCart();
    actor.send({ type: 'REMOVE', cartIds: [] });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(context().error).toBe('selectErr');
    actor.send({ type: 'REMOVE', cartIds: [55] });
    expect(context().error).toBe('selectErr');
    actor.send({ type: 'LINE.TOGGLE', cartId: 1 });
    expect(context().error).toBeNull();
    expect(log.calls).toEqual([]);
  });

  it('keeps the lines when the removal fails', async () => {
    const { actor, removeLines, log, context } = await setupCart();
    actor.send({ type: 'LINE.TOGGLE', cartId: 1 });
    actor.send({ type: 'REMOVE', cartIds: [1] });
    actor.send({ type: 'CONFIRM' });
    removeLines.last().reject({ code: 404, msg: 'Not found' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(context()).toMatchObject({ stores: STORES, selected: [1], removing: [], error: 'Not found' });
    actor.send({ type: 'REMOVE', cartIds: [1] });
    actor.send({ type: 'CONFIRM' });
    removeLines.last().reject(undefined);
    await flush();
    expect(context().error).toBe('removeFailed');
    expect(log.types()).toEqual(['askConfirm', 'askConfirm']);
  });
});

describe('cart: checkout', () => {
  it('with nothing selected says so', async () => {
    const { actor, log, context } = await setupCart();
    actor.send({ type: 'CHECKOUT' });
    expect(context().error).toBe('cartEmpty');
    expect(log.calls).toEqual([{ type: 'notifyEmpty', params: { error: 'cartEmpty' } }]);
  });

  it('sends the selected lines in cart order', async () => {
    const { actor, log, context } = await setupCart();
    actor.send({ type: 'CHECKOUT' });
    actor.send({ type: 'LINE.TOGGLE', cartId: 3 });
    actor.send({ type: 'LINE.TOGGLE', cartId: 1 });
    actor.send({ type: 'CHECKOUT' });
    expect(context().error).toBeNull();
    expect(log.paramsOf('goCheckout')).toEqual([
      { lines: [{ cartId: 1, goodsId: 10, skuId: 101, qty: 2 }, { cartId: 3, goodsId: 20, skuId: 201, qty: 1 }] },
    ]);
  });
});

describe('cart helpers', () => {
  it.each([
    [[], { count: 0, lines: 0, totalCents: 0 }],
    [[1], { count: 2, lines: 1, totalCents: 3998 }],
    [[1, 2], { count: 3, lines: 2, totalCents: 4548 }],
    [[1, 2, 3], { count: 4, lines: 3, totalCents: 16548 }],
    [[3, 99], { count: 1, lines: 1, totalCents: 12000 }],
  ])('totals(%o) counts units, lines and cents', (selected, expected) => {
    expect(totals(STORES, selected)).toEqual(expected);
  });

  it('totals stay exact integers for prices that are not exact in floating point', () => {
    const stores: CartStore[] = [{ storeId: 1, storeName: 's', lines: [line(1, 1, 0, 10, 3, 9), line(2, 2, 0, 20, 1, 9)] }];
    expect(totals(stores, [1, 2]).totalCents).toBe(50); // 0.1 × 3 + 0.2 is not 0.5 in floats
  });

  it.each([
    [[], 'unchecked', 'unchecked'],
    [[1], 'indeterminate', 'indeterminate'],
    [[1, 2], 'checked', 'indeterminate'],
    [[1, 2, 3], 'checked', 'checked'],
    [[3], 'unchecked', 'indeterminate'],
  ])('selected %o: store 1 %s, all %s', (selected, store, all) => {
    expect(storeChecked(STORES[0], selected)).toBe(store);
    expect(allChecked(STORES, selected)).toBe(all);
  });

  it('an empty store or cart is unchecked', () => {
    expect(storeChecked({ storeId: 5, storeName: 'x', lines: [] }, [1])).toBe('unchecked');
    expect(allChecked([], [])).toBe('unchecked');
    expect(toggleAll([], [])).toEqual([]);
  });

  it('toggles keep cart order and no duplicates', () => {
    expect(toggleLine(STORES, [3], 1)).toEqual([1, 3]);
    expect(toggleLine(STORES, [1, 3], 1)).toEqual([3]);
    expect(toggleLine(STORES, [3], 8)).toEqual([3]);
    expect(toggleStore(STORES, [2, 3], 1)).toEqual([1, 2, 3]);
    expect(toggleStore(STORES, [1, 2, 3], 1)).toEqual([3]);
    expect(toggleStore(STORES, [1], 8)).toEqual([1]);
    expect(toggleAll(STORES, [2])).toEqual([1, 2, 3]);
    expect(toggleAll(STORES, [3, 2, 1])).toEqual([]);
    expect(keepExisting(STORES, [3, 3, 9, 1])).toEqual([1, 3]);
  });

  it('unavailable lines are never selected, counted in the tri-state boxes or checked out', () => {
    const stores: CartStore[] = [
      { storeId: 1, storeName: 'Acme', lines: [{ ...line(1, 10, 101, 1999, 2, 5), available: false }, line(2, 11, 0, 550, 1, 3)] },
      { storeId: 2, storeName: 'Beta', lines: [{ ...line(3, 20, 201, 12000, 1, 1), available: false }] },
    ];
    expect(toggleLine(stores, [], 1)).toEqual([]);
    expect(toggleLine(stores, [1, 2], 1)).toEqual([2]);
    expect(toggleStore(stores, [], 1)).toEqual([2]);
    expect(storeChecked(stores[0], [2])).toBe('checked');
    expect(toggleStore(stores, [2], 1)).toEqual([]);
    expect(toggleStore(stores, [], 2)).toEqual([]);
    expect(storeChecked(stores[1], [])).toBe('unchecked');
    expect(toggleAll(stores, [])).toEqual([2]);
    expect(allChecked(stores, [2])).toBe('checked');
    expect(toggleAll(stores, [2])).toEqual([]);
    expect(keepSelectable(stores, [3, 2, 1])).toEqual([2]);
    expect(checkoutLines(stores, [1, 2])).toEqual([{ cartId: 2, goodsId: 11, skuId: 0, qty: 1 }]);
  });

  it.each([
    [1, 5, null],
    [5, 5, null],
    [6, 5, 'stockErr'],
    [1, 0, 'stockErr'],
    [0, 5, 'minimumErr'],
    [2.5, 5, 'buyNumErr'],
    [Number.POSITIVE_INFINITY, 5, 'buyNumErr'],
  ])('lineQtyError(%s, %s) → %s', (qty, stock, expected) => {
    expect(lineQtyError(qty, stock)).toBe(expected);
  });

  it('withQty, withoutLines and checkoutLines do not mutate the cart', () => {
    const before = JSON.stringify(STORES);
    expect(qtyOf(withQty(STORES, 2, 3), 2)).toBe(3);
    expect(withoutLines(STORES, [3]).map((s) => s.storeId)).toEqual([1]);
    expect(withoutLines(STORES, [1]).map((s) => s.lines.map((l) => l.cartId))).toEqual([[2], [3]]);
    expect(checkoutLines(STORES, [2])).toEqual([{ cartId: 2, goodsId: 11, skuId: 0, qty: 1 }]);
    expect(JSON.stringify(STORES)).toBe(before);
  });
});
