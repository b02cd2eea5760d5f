import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointsCheckoutMachine, type RedeemInput } from '../../machines/pointsCheckout.machine';
import {
  ADDRESS_REQUIRED, MAX_QTY, NETWORK_FAILED, NOT_ENOUGH_POINTS, OUT_OF_STOCK, REDEEM_FAILED, REDEEM_RETRIES, REDEEM_RETRY_MS,
  clampQty, totalPoints, type CheckoutAddress, type PointsCheckoutData, type PointsGoods, type Redeemed,
} from '../../machines/pointsCheckout';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const address = (id: number, isDefault = false): CheckoutAddress => ({ id, name: `收货人${id}`, tel: '13800000000', areaInfo: '北京市 北京市 东城区', address: `测试路 ${id} 号`, isDefault });
const GOODS: PointsGoods = { id: 7, name: '保温杯', image: '/a.jpg', pointsCents: 30000, marketCents: 5990, stock: 5 };
const DATA: PointsCheckoutData = { goods: GOODS, addresses: [address(1), address(2, true)], balanceCents: 100000 };
const REDEEMED: Redeemed = { orderId: 41, orderNo: '20261126130000123456' };
const noAnswer = { kind: 'transport', msg: 'network' };

async function setup(data: PointsCheckoutData | null = DATA, qty = 2) {
  const log = recordActions(['goSuccess'] as const);
  const load = manualActor<PointsCheckoutData, { goodsId: number }>();
  const redeem = manualActor<Redeemed, RedeemInput>();
  const actor = createTestActor(pointsCheckoutMachine.provide({ actions: log.actions, actors: { load: load.logic, redeem: redeem.logic } }), {
    input: { goodsId: 7, qty, idemKey: 'points-key-0123' },
  });
  actor.start();
  expect(actor.getSnapshot().value).toBe('loading');
  expect(load.last().input).toEqual({ goodsId: 7 });
  if (data) {
    load.last().resolve(data);
    await flush();
  }
  return { actor, log, load, redeem, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

afterEach(() => vi.useRealTimers());

describe('points checkout rules', () => {
  it('keeps the quantity within 1 and the stock (at most 99) and multiplies the total', () => {
    expect(clampQty(0, 5)).toBe(1);
    expect(clampQty(9, 5)).toBe(5);
    expect(clampQty(2.7, 5)).toBe(2);
    expect(clampQty(Number.NaN, 5)).toBe(1);
    expect(clampQty(500, 1000)).toBe(MAX_QTY);
    expect(clampQty(3, 0)).toBe(1);
    expect(totalPoints(GOODS, 3)).toBe(90000);
    expect(totalPoints(null, 3)).toBe(0);
  });
});

describe('pointsCheckout machine', () => {
  it('loads, starts with the default address, and redeems once with the key', async () => {
    const { state, context, redeem, actor, log } = await setup();
    expect(state()).toBe('ready');
    expect(context()).toMatchObject({ addressId: 2, qty: 2, balanceCents: 100000 });
    actor.send({ type: 'REMARK.SET', text: '好'.repeat(200) });
    expect([...context().remark]).toHaveLength(150);
    actor.send({ type: 'SUBMIT' });
    expect(state()).toBe('redeeming');
    actor.send({ type: 'SUBMIT' }); // a second press while in flight does nothing
    expect(redeem.calls).toHaveLength(1);
    expect(redeem.last().input).toMatchObject({ goodsId: 7, qty: 2, addressId: 2, idemKey: 'points-key-0123' });
    redeem.last().resolve(REDEEMED);
    await flush();
    expect(state()).toBe('done');
    expect(log.paramsOf('goSuccess')).toEqual([REDEEMED]);
  });

  it('a failed load shows the error and RETRY loads again', async () => {
    const { state, load, actor, context } = await setup(null);
    load.last().reject({ msg: '积分商品不存在或已下架' });
    await flush();
    expect(state()).toBe('failed');
    expect(context().error).toBe('积分商品不存在或已下架');
    actor.send({ type: 'RETRY' });
    expect(state()).toBe('loading');
    load.last().resolve(DATA);
    await flush();
    expect(state()).toBe('ready');
    expect(context().error).toBeNull();
  });

  it('chooses a known address only, and takes an added one', async () => {
    const { actor, context } = await setup();
    actor.send({ type: 'ADDRESS.CHOOSE', addressId: 1 });
    expect(context().addressId).toBe(1);
    actor.send({ type: 'ADDRESS.CHOOSE', addressId: 99 });
    expect(context().addressId).toBe(1);
    actor.send({ type: 'ADDRESS.ADDED', address: address(3) });
    expect(context().addressId).toBe(3);
    expect(context().addresses.map((a) => a.id)).toEqual([3, 1, 2]);
  });

  it('refuses before any request: no address, not enough stock, not enough points', async () => {
    const none = await setup({ ...DATA, addresses: [] });
    none.actor.send({ type: 'SUBMIT' });
    expect([none.state(), none.context().error]).toEqual(['ready', ADDRESS_REQUIRED]);
    none.actor.send({ type: 'ADDRESS.ADDED', address: address(5, true) });
    expect(none.context().error).toBeNull();

    const sold = await setup({ ...DATA, goods: { ...GOODS, stock: 0 } }, 1);
    sold.actor.send({ type: 'SUBMIT' });
    expect(sold.context().error).toBe(OUT_OF_STOCK);

    const poor = await setup({ ...DATA, balanceCents: 50000 });
    poor.actor.send({ type: 'SUBMIT' });
    expect(poor.context().error).toBe(NOT_ENOUGH_POINTS);
    poor.actor.send({ type: 'QTY.SET', qty: 1 });
    expect(poor.context()).toMatchObject({ qty: 1, error: null });
    poor.actor.send({ type: 'QTY.SET', qty: 50 });
    expect(poor.context().qty).toBe(5);
    poor.actor.send({ type: 'QTY.SET', qty: 1 });
    poor.actor.send({ type: 'SUBMIT' });
    expect(poor.state()).toBe('redeeming');
    expect(none.redeem.calls).toHaveLength(0);
    expect(sold.redeem.calls).toHaveLength(0);
  });

  it('a refusal from the server goes back to ready with its message (or a generic one)', async () => {
    const { actor, redeem, state, context } = await setup();
    actor.send({ type: 'SUBMIT' });
    redeem.last().reject({ msg: '积分不足' });
    await flush();
    expect([state(), context().error]).toEqual(['ready', '积分不足']);
    actor.send({ type: 'SUBMIT' });
    redeem.last().reject({});
    await flush();
    expect(context().error).toBe(REDEEM_FAILED);
  });

  it('sends the same key again after no answer, then says so when nothing answers', async () => {
    vi.useFakeTimers();
    const { actor, redeem, state, context } = await setup();
    actor.send({ type: 'SUBMIT' });
    for (let i = 0; i < REDEEM_RETRIES; i++) {
      redeem.last().reject(noAnswer);
      await flush();
      expect(state()).toBe('retrying');
      vi.advanceTimersByTime(REDEEM_RETRY_MS);
      expect(state()).toBe('redeeming');
    }
    expect(new Set(redeem.calls.map((call) => call.input.idemKey))).toEqual(new Set(['points-key-0123']));
    redeem.last().reject(noAnswer);
    await flush();
    expect([state(), context().error, context().retries]).toEqual(['ready', NETWORK_FAILED, 0]);
  });
});
