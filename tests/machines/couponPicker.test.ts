import { describe, expect, it } from 'vitest';
import { couponPickerMachine } from '../../machines/couponPicker.machine';
import { asPriced, bestOption, choose, chosenIds, isNewChoice, withBest, type CouponOption, type StoreCoupons } from '../../machines/couponPicker';
import { createTestActor } from './coverage';
import { recordActions } from './fakes';

const option = (id: number, cents: number, endTime = '2099-01-01 00:00:00', thresholdCents = 0): CouponOption => ({ id, name: `券${id}`, cents, thresholdCents, endTime });

const STORES: StoreCoupons[] = [
  { storeId: 1, options: [option(11, 500), option(12, 3000, '2099-01-01 00:00:00', 20000), option(13, 3000, '2030-01-01 00:00:00')], chosen: 0 },
  { storeId: 2, options: [], chosen: 0 },
];

function setup() {
  const log = recordActions(['choiceChanged'] as const);
  const actor = createTestActor(couponPickerMachine.provide({ actions: log.actions }));
  actor.start();
  const stores = () => actor.getSnapshot().context.stores;
  const state = () => actor.getSnapshot().value;
  return { actor, log, stores, state };
}

describe('couponPicker rules', () => {
  it('the best: most off, then ending first, then oldest; 0 when none', () => {
    expect(bestOption(STORES[0].options)).toBe(13);
    expect(bestOption([option(5, 100), option(4, 100)])).toBe(4);
    expect(bestOption([])).toBe(0);
    expect(withBest(STORES).map((s) => s.chosen)).toEqual([13, 0]);
  });

  it('a new choice is an offered coupon or none, different from the current one', () => {
    const stores = withBest(STORES);
    expect(isNewChoice(stores, 1, 11)).toBe(true);
    expect(isNewChoice(stores, 1, 0)).toBe(true);
    expect(isNewChoice(stores, 1, 13)).toBe(false);
    expect(isNewChoice(stores, 1, 99)).toBe(false);
    expect(isNewChoice(stores, 9, 11)).toBe(false);
    expect(chosenIds(choose(stores, 1, 11))).toEqual([11]);
    expect(chosenIds(choose(stores, 1, 0))).toEqual([]);
    expect(asPriced([{ storeId: 1, options: [option(1, 1)], chosen: 7 }])[0].chosen).toBe(0);
  });
});

describe('couponPicker machine', () => {
  it('preselects the best coupon of each store on the first load', () => {
    const { actor, stores, state } = setup();
    expect(state()).toBe('idle');
    actor.send({ type: 'LOAD', stores: STORES });
    expect(state()).toBe('ready');
    expect(stores().map((s) => s.chosen)).toEqual([13, 0]);
  });

  it('a choice asks to price again with every chosen coupon; the next load confirms the server’s choice', () => {
    const { actor, log, stores, state } = setup();
    actor.send({ type: 'LOAD', stores: STORES });
    actor.send({ type: 'CHOOSE', storeId: 1, couponId: 11 });
    expect(state()).toBe('repricing');
    expect(stores()[0].chosen).toBe(11);
    expect(log.calls).toEqual([{ type: 'choiceChanged', params: { couponIds: [11] } }]);
    actor.send({ type: 'LOAD', stores: [{ ...STORES[0], chosen: 11 }, STORES[1]] });
    expect(state()).toBe('ready');
    expect(stores()[0].chosen).toBe(11);
    // later loads keep the priced choice (not the best again)
    actor.send({ type: 'LOAD', stores: [{ ...STORES[0], chosen: 11 }, STORES[1]] });
    expect(stores()[0].chosen).toBe(11);
    // "no coupon"
    actor.send({ type: 'CHOOSE', storeId: 1, couponId: 0 });
    expect(log.calls.at(-1)).toEqual({ type: 'choiceChanged', params: { couponIds: [] } });
  });

  it('ignores a choice that is not offered or changes nothing', () => {
    const { actor, log, state } = setup();
    actor.send({ type: 'LOAD', stores: STORES });
    actor.send({ type: 'CHOOSE', storeId: 1, couponId: 13 });
    actor.send({ type: 'CHOOSE', storeId: 1, couponId: 99 });
    actor.send({ type: 'CHOOSE', storeId: 2, couponId: 11 });
    expect(state()).toBe('ready');
    expect(log.calls).toEqual([]);
  });

  it('a failed pricing puts the last priced choice back', () => {
    const { actor, stores, state } = setup();
    actor.send({ type: 'LOAD', stores: STORES });
    actor.send({ type: 'CHOOSE', storeId: 1, couponId: 11 });
    actor.send({ type: 'FAILED' });
    expect(state()).toBe('ready');
    expect(stores()[0].chosen).toBe(13);
  });
});
