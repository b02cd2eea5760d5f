import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutMachine, type CreateOrdersInput, type PreviewInput } from '../../machines/checkout.machine';
import {
  ADDRESS_REQUIRED, CANNOT_BUY, CREATE_FAILED, CREATE_RETRIES, CREATE_RETRY_MS, LINES_REFUSED, NETWORK_FAILED, REMARK_MAX,
  allBuyable, clipRemark, grandTotal, initialAddressId, isNoAnswer, refusedLinesOf, withAddress,
  type CheckoutAddress, type CreatedOrders, type PreviewLine, type StoreGroup,
} from '../../machines/checkout';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const address = (id: number, isDefault = false): CheckoutAddress => ({
  id, name: `收货人${id}`, tel: '13800000000', areaInfo: '广东省 深圳市 南山区', address: `科技路 ${id} 号`, isDefault,
});

const line = (goodsId: number, skuId: number, priceCents: number, qty: number, refusal: PreviewLine['refusal'] = null): PreviewLine => ({
  goodsId, skuId, name: `goods ${goodsId}`, image: '', skuName: '', priceCents, qty, totalCents: priceCents * qty, refusal,
});

const group = (storeId: number, lines: PreviewLine[], freightCents = 1000): StoreGroup => {
  const goodsCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  return {
    storeId, storeName: `store ${storeId}`, storeLogo: '', lines, goodsCents, freightCents, couponCents: 0,
    totalCents: goodsCents + freightCents, canBuy: lines.every((l) => !l.refusal),
  };
};

const ADDRESSES = [address(1), address(2, true)];
const GROUPS = [group(1, [line(10, 101, 9900, 2)]), group(2, [line(20, 0, 550, 1)], 0)];
const ORDERS: CreatedOrders = { orderIds: [31, 32], orderNos: ['20261126100000123456', '20261126100000654321'] };
const ACTIONS = ['goPay'] as const;

async function setupCheckout(addresses = ADDRESSES, groups = GROUPS) {
  const log = recordActions(ACTIONS);
  const fetchAddresses = manualActor<CheckoutAddress[], unknown>();
  const fetchPreview = manualActor<StoreGroup[], PreviewInput>();
  const createOrders = manualActor<CreatedOrders, CreateOrdersInput>();
  const actor = createTestActor(
    checkoutMachine.provide({
      actions: log.actions,
      actors: { fetchAddresses: fetchAddresses.logic, fetchPreview: fetchPreview.logic, createOrders: createOrders.logic },
    }),
    { input: { params: 'eyJvcmRlciI6W119', idemKey: 'key-0123456789' } },
  );
  actor.start();
  expect(actor.getSnapshot().value).toBe('loading');
  fetchAddresses.last().resolve(addresses);
  await flush();
  expect(actor.getSnapshot().value).toBe('previewing');
  fetchPreview.last().resolve(groups);
  await flush();
  const context = () => actor.getSnapshot().context;
  const state = () => actor.getSnapshot().value;
  return { actor, log, fetchAddresses, fetchPreview, createOrders, context, state };
}

describe('checkout rules', () => {
  it('starts with the default address, else the first, else none', () => {
    expect(initialAddressId(ADDRESSES)).toBe(2);
    expect(initialAddressId([address(5), address(6)])).toBe(5);
    expect(initialAddressId([])).toBeNull();
  });

  it('puts an added address in front; a new default is the only default', () => {
    expect(withAddress(ADDRESSES, address(3)).map((a) => [a.id, a.isDefault])).toEqual([[3, false], [1, false], [2, true]]);
    expect(withAddress(ADDRESSES, address(3, true)).map((a) => [a.id, a.isDefault])).toEqual([[3, true], [1, false], [2, false]]);
    expect(withAddress(ADDRESSES, { ...address(1), name: 'new' }).map((a) => a.id)).toEqual([1, 2]);
  });

  it('can buy only when every group and line can; totals include freight', () => {
    expect(allBuyable(GROUPS)).toBe(true);
    expect(allBuyable([])).toBe(false);
    expect(allBuyable([GROUPS[0], group(3, [line(30, 0, 100, 1, { code: 'offShelf', msg: '已下架' })])])).toBe(false);
    expect(allBuyable([{ ...GROUPS[0], canBuy: false }])).toBe(false);
    expect(allBuyable([{ ...GROUPS[0], lines: [] }])).toBe(false);
    expect(grandTotal(GROUPS)).toBe(9900 * 2 + 1000 + 550);
  });

  it('clips a remark to 150 characters (not UTF-16 units)', () => {
    expect(clipRemark('好'.repeat(200))).toHaveLength(REMARK_MAX);
    expect(Array.from(clipRemark('😀'.repeat(200)))).toHaveLength(REMARK_MAX);
    expect(clipRemark('ok')).toBe('ok');
  });

  it('reads a create refusal and a request without answer', () => {
    const refusal = { kind: 'fail', code: 422, msg: '部分商品不能购买', data: { field: 'params', lines: [{ goods_id: 10, sku_id: 101, code: 'overStock', msg: '仅剩 1 件' }] } };
    expect(refusedLinesOf(refusal)).toEqual([{ goodsId: 10, skuId: 101, code: 'overStock', msg: '仅剩 1 件' }]);
    expect(refusedLinesOf({ kind: 'fail', code: 422, msg: 'x', data: { field: 'address_id' } })).toBeNull();
    expect(refusedLinesOf(new Error('x'))).toBeNull();
    expect(refusedLinesOf(null)).toBeNull();
    expect(isNoAnswer({ kind: 'transport', msg: '网络异常' })).toBe(true);
    expect(isNoAnswer(refusal)).toBe(false);
    expect(isNoAnswer(undefined)).toBe(false);
  });
});

describe('checkout: loading', () => {
  it('loads the addresses, then previews for the default one', async () => {
    const { fetchPreview, context, state } = await setupCheckout();
    expect(fetchPreview.calls[0].input).toEqual({ params: 'eyJvcmRlciI6W119', addressId: 2, couponIds: null });
    expect(state()).toBe('ready');
    expect(context()).toMatchObject({ addresses: ADDRESSES, addressId: 2, groups: GROUPS, error: null });
  });

  it('without an address previews with none (the server picks freight) and refuses to submit', async () => {
    const { actor, fetchPreview, createOrders, context } = await setupCheckout([]);
    expect(fetchPreview.calls[0].input.addressId).toBeNull();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(context().error).toBe(ADDRESS_REQUIRED);
    expect(createOrders.calls).toHaveLength(0);
  });

  it('a failed address load or first preview shows the failure; RETRY starts again', async () => {
    const fetchAddresses = manualActor<CheckoutAddress[], unknown>();
    const fetchPreview = manualActor<StoreGroup[], PreviewInput>();
    const actor = createTestActor(checkoutMachine.provide({ actors: { fetchAddresses: fetchAddresses.logic, fetchPreview: fetchPreview.logic } }), {
      input: { params: 'p', idemKey: 'key-0123456789' },
    });
    actor.start();
    fetchAddresses.last().reject({ msg: '登录已过期' });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: '登录已过期' } });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'loading', context: { error: null } });
    fetchAddresses.last().resolve(ADDRESSES);
    await flush();
    fetchPreview.last().reject({ kind: 'fail', code: 422, msg: '参数错误', data: { field: 'params' } });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: '参数错误' } });
    actor.send({ type: 'RETRY' });
    fetchAddresses.last().resolve(ADDRESSES);
    await flush();
    fetchPreview.last().resolve(GROUPS);
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'ready', context: { groups: GROUPS, error: null } });
  });
});

describe('checkout: address and remarks', () => {
  it('choosing another address previews again (freight changes); the same or an unknown one does nothing', async () => {
    const { actor, fetchPreview, context, state } = await setupCheckout();
    actor.send({ type: 'ADDRESS.CHOOSE', addressId: 2 });
    actor.send({ type: 'ADDRESS.CHOOSE', addressId: 99 });
    expect(state()).toBe('ready');
    expect(fetchPreview.calls).toHaveLength(1);

    actor.send({ type: 'ADDRESS.CHOOSE', addressId: 1 });
    expect(state()).toBe('previewing');
    expect(context().addressId).toBe(1);
    expect(fetchPreview.last().input).toEqual({ params: 'eyJvcmRlciI6W119', addressId: 1, couponIds: null });
    actor.send({ type: 'SUBMIT' }); // not while the preview is on its way
    const farther = [group(1, [line(10, 101, 9900, 2)], 2500), GROUPS[1]];
    fetchPreview.last().resolve(farther);
    await flush();
    expect(state()).toBe('ready');
    expect(context().groups).toEqual(farther);
    expect(grandTotal(context().groups)).toBe(19800 + 2500 + 550);
  });

  it('a failed preview for a new address keeps the last preview and says why; RETRY previews again', async () => {
    const { actor, fetchPreview, context, state } = await setupCheckout();
    actor.send({ type: 'ADDRESS.CHOOSE', addressId: 1 });
    fetchPreview.last().reject({ kind: 'transport', msg: '网络异常，请检查！' });
    await flush();
    expect(state()).toBe('ready');
    expect(context()).toMatchObject({ groups: GROUPS, error: '网络异常，请检查！', addressId: 1 });
    actor.send({ type: 'RETRY' });
    expect(state()).toBe('previewing');
    expect(context().error).toBeNull();
    fetchPreview.last().resolve(GROUPS);
    await flush();
    expect(state()).toBe('ready');
  });

  it('an address added in the dialog is chosen and previewed', async () => {
    const { actor, fetchPreview, context, state } = await setupCheckout();
    actor.send({ type: 'ADDRESS.ADDED', address: address(7) });
    expect(state()).toBe('previewing');
    expect(context().addressId).toBe(7);
    expect(context().addresses.map((a) => a.id)).toEqual([7, 1, 2]);
    expect(fetchPreview.last().input.addressId).toBe(7);
  });

  it('keeps a remark per store, clipped', async () => {
    const { actor, context } = await setupCheckout();
    actor.send({ type: 'REMARK.SET', storeId: 1, text: '请周末送货' });
    actor.send({ type: 'REMARK.SET', storeId: 2, text: 'x'.repeat(400) });
    expect(context().remarks[1]).toBe('请周末送货');
    expect(context().remarks[2]).toHaveLength(REMARK_MAX);
  });
});

describe('checkout: coupons', () => {
  it('a coupon choice previews again with it, and the create sends it', async () => {
    const { actor, fetchPreview, createOrders, context, state } = await setupCheckout();
    actor.send({ type: 'COUPONS.CHOOSE', couponIds: [41] });
    expect(state()).toBe('previewing');
    expect(fetchPreview.last().input).toEqual({ params: 'eyJvcmRlciI6W119', addressId: 2, couponIds: [41] });
    fetchPreview.last().resolve([{ ...GROUPS[0], couponId: 41, couponCents: 500, totalCents: GROUPS[0].totalCents - 500 }, GROUPS[1]]);
    await flush();
    expect(state()).toBe('ready');
    expect(context().couponIds).toEqual([41]);
    // none for every store: an explicit empty choice
    actor.send({ type: 'COUPONS.CHOOSE', couponIds: [] });
    expect(fetchPreview.last().input.couponIds).toEqual([]);
    fetchPreview.last().resolve(GROUPS);
    await flush();
    actor.send({ type: 'SUBMIT' });
    expect(createOrders.last().input.couponIds).toEqual([]);
  });
});

describe('checkout: a refused coupon', () => {
  it('a create refused for its coupon previews again with each store’s best and says why', async () => {
    const { actor, fetchPreview, createOrders, context, state } = await setupCheckout();
    actor.send({ type: 'COUPONS.CHOOSE', couponIds: [41] });
    fetchPreview.last().resolve(GROUPS);
    await flush();
    actor.send({ type: 'SUBMIT' });
    createOrders.last().reject({ kind: 'fail', code: 422, msg: '优惠券已被其他订单使用', data: { field: 'coupon_id' } });
    await flush();
    expect(state()).toBe('previewing');
    expect(context().error).toBe('优惠券已被其他订单使用');
    expect(context().couponIds).toBeNull();
    expect(fetchPreview.last().input.couponIds).toBeNull();
  });
});

describe('checkout: create', () => {
  it('creates once with the address, remarks and key, then goes to pay with the order ids', async () => {
    const { actor, createOrders, log, context, state } = await setupCheckout();
    actor.send({ type: 'REMARK.SET', storeId: 2, text: '轻放' });
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('creating');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    expect(createOrders.calls).toHaveLength(1);
    expect(createOrders.last().input).toEqual({ params: 'eyJvcmRlciI6W119', addressId: 2, remarks: { 2: '轻放' }, idemKey: 'key-0123456789', couponIds: null });
    createOrders.last().resolve(ORDERS);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(state()).toBe('done');
    expect(context().created).toEqual(ORDERS);
    expect(log.calls).toEqual([{ type: 'goPay', params: ORDERS }]);
    expect(createOrders.calls).toHaveLength(1);
  });

  it('refuses to create while a group cannot be bought', async () => {
    const refused = [group(1, [line(10, 101, 9900, 2, { code: 'offShelf', msg: '商品已下架' })]), GROUPS[1]];
    const { actor, createOrders, context, state } = await setupCheckout(ADDRESSES, refused);
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('ready');
    expect(context().error).toBe(CANNOT_BUY);
    expect(createOrders.calls).toHaveLength(0);
  });

  it('sends the same key again after no answer, then succeeds', async () => {
    vi.useFakeTimers();
    try {
      const { actor, createOrders, log, context, state } = await setupCheckout();
      actor.send({ type: 'SUBMIT' });
      createOrders.last().reject({ kind: 'transport', msg: '网络异常，请检查！' });
      await flush();
      expect(state()).toBe('retrying');
      expect(context().retries).toBe(1);
      actor.send({ type: 'SUBMIT' }); // nothing while waiting to retry
      vi.advanceTimersByTime(CREATE_RETRY_MS - 1);
      expect(createOrders.calls).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(state()).toBe('creating');
      expect(createOrders.calls).toHaveLength(2);
      expect(createOrders.calls.map((call) => call.input.idemKey)).toEqual(['key-0123456789', 'key-0123456789']);
      createOrders.last().resolve(ORDERS);
      await flush();
      expect(log.calls).toEqual([{ type: 'goPay', params: ORDERS }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the retries and says so; submitting again keeps the key', async () => {
    vi.useFakeTimers();
    try {
      const { actor, createOrders, context, state } = await setupCheckout();
      actor.send({ type: 'SUBMIT' });
      for (let attempt = 0; attempt < CREATE_RETRIES; attempt++) {
        createOrders.last().reject({ kind: 'transport', msg: 'timeout' });
        await flush();
        expect(state()).toBe('retrying');
        vi.advanceTimersByTime(CREATE_RETRY_MS);
      }
      createOrders.last().reject({ kind: 'transport', msg: 'timeout' });
      await flush();
      expect(state()).toBe('ready');
      expect(context()).toMatchObject({ error: NETWORK_FAILED, retries: 0 });
      expect(createOrders.calls).toHaveLength(CREATE_RETRIES + 1);
      actor.send({ type: 'SUBMIT' });
      expect(state()).toBe('creating');
      expect(new Set(createOrders.calls.map((call) => call.input.idemKey))).toEqual(new Set(['key-0123456789']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refusal naming lines previews again and keeps them to show', async () => {
    const { actor, createOrders, fetchPreview, context, state } = await setupCheckout();
    actor.send({ type: 'SUBMIT' });
    createOrders.last().reject({
      kind: 'fail', code: 422, msg: '部分商品不能购买',
      data: { field: 'params', lines: [{ goods_id: 10, sku_id: 101, code: 'overStock', msg: '库存不足，仅剩 1 件' }] },
    });
    await flush();
    expect(state()).toBe('previewing');
    expect(context().error).toBe(LINES_REFUSED);
    expect(context().refused).toEqual([{ goodsId: 10, skuId: 101, code: 'overStock', msg: '库存不足，仅剩 1 件' }]);
    expect(fetchPreview.calls).toHaveLength(2);
    const now = [group(1, [line(10, 101, 9900, 2, { code: 'overStock', msg: '库存不足，仅剩 1 件' })]), GROUPS[1]];
    fetchPreview.last().resolve(now);
    await flush();
    expect(state()).toBe('ready');
    expect(context()).toMatchObject({ groups: now, error: LINES_REFUSED });
    actor.send({ type: 'SUBMIT' });
    expect(context().error).toBe(CANNOT_BUY);
    expect(createOrders.calls).toHaveLength(1);
    // another address clears the refusal
    actor.send({ type: 'ADDRESS.CHOOSE', addressId: 1 });
    expect(context()).toMatchObject({ refused: [], error: null });
  });

  it('another refusal (address gone) stays on the page with the server message', async () => {
    const { actor, createOrders, context, state } = await setupCheckout();
    actor.send({ type: 'SUBMIT' });
    createOrders.last().reject({ kind: 'fail', code: 422, msg: '收货地址不存在', data: { field: 'address_id' } });
    await flush();
    expect(state()).toBe('ready');
    expect(context().error).toBe('收货地址不存在');
    actor.send({ type: 'SUBMIT' });
    createOrders.last().reject({});
    await flush();
    expect(context().error).toBe(CREATE_FAILED);
  });
});

describe('checkout: no effects provided', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('fails loading with a clear message', async () => {
    const actor = createTestActor(checkoutMachine, { input: { params: 'p', idemKey: 'key-0123456789' } });
    actor.start();
    await flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toContain('fetchAddresses');
  });
});
