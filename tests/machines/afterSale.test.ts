import { describe, expect, it } from 'vitest';
import { fieldOf, stepBar, validateApply, validateRefusal, validateStep, validateWaybill, type RefundRecord, type Side, type Stage, type StepName } from '../../machines/afterSale';
import { afterSaleMachine, type ApplyInput, type LoadInput, type StepInput } from '../../machines/afterSale.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const record = (stage: Stage, steps: StepName[], extra: Partial<RefundRecord> = {}): RefundRecord => ({
  id: 1,
  order_id: 9,
  refund_type: 0,
  refund_verify: 0,
  refund_step: 0,
  stage,
  refund_remark: '物品破损',
  refuse_remark: '',
  images: [],
  delivery_code: '',
  delivery_no: '',
  re_delivery_code: '',
  re_delivery_no: '',
  refund_money: '0.00',
  steps,
  ...extra,
});

function setup(side: Side = 'buyer') {
  const log = recordActions(['notifyDone']);
  const load = manualActor<RefundRecord | null, LoadInput>();
  const apply = manualActor<RefundRecord, ApplyInput>();
  const step = manualActor<RefundRecord, StepInput>();
  const actor = createTestActor(afterSaleMachine.provide({ actions: log.actions, actors: { load: load.logic, apply: apply.logic, takeStep: step.logic } }), { input: { orderId: 9, side } });
  actor.start();
  const state = () => actor.getSnapshot().value;
  const ctx = () => actor.getSnapshot().context;
  return { actor, log, load, apply, step, state, ctx };
}

async function loaded(side: Side, request: RefundRecord | null) {
  const t = setup(side);
  t.load.last().resolve(request);
  await flush();
  return t;
}

describe('pure helpers', () => {
  it('check the forms as the server does', () => {
    expect(validateApply({ refund_type: 0, refund_remark: ' ', images: [] })).toEqual({ refund_remark: 'required' });
    expect(validateApply({ refund_type: 1, refund_remark: 'x'.repeat(201), images: Array(7).fill('/a.jpg') })).toEqual({ refund_remark: 'tooLong', images: 'tooMany' });
    expect(validateApply({ refund_type: 0, refund_remark: '破损', images: ['/a.jpg'] })).toEqual({});
    expect(validateWaybill({ delivery_code: '', delivery_no: 'a b' })).toEqual({ delivery_code: 'required', delivery_no: 'waybill' });
    expect(validateWaybill({ delivery_code: 'yd', delivery_no: '' })).toEqual({ delivery_no: 'required' });
    expect(validateRefusal('')).toEqual({ refuse_remark: 'required' });
    expect(validateRefusal('x'.repeat(201))).toEqual({ refuse_remark: 'tooLong' });
    expect(validateStep({ step: 'agree' })).toEqual({});
    expect(validateStep({ step: 'reship', delivery_code: 'yd', delivery_no: 'SF1234' })).toEqual({});
    expect(fieldOf({ data: { field: 'delivery_no' } })).toBe('delivery_no');
    expect(fieldOf('x')).toBeUndefined();
  });

  it('the step bar: a refund has three steps, a return five; refused and withdrawn stop at the review', () => {
    expect(stepBar(null)).toEqual({ steps: ['apply', 'review', 'done'], current: 0, stopped: false });
    expect(stepBar({ refund_type: 0, stage: 'pending' })).toMatchObject({ current: 1, stopped: false });
    expect(stepBar({ refund_type: 0, stage: 'done' })).toMatchObject({ current: 2 });
    expect(stepBar({ refund_type: 1, stage: 'awaitingReturn' })).toEqual({ steps: ['apply', 'review', 'sendBack', 'storeReceives', 'done'], current: 2, stopped: false });
    expect(stepBar({ refund_type: 1, stage: 'returning' }).current).toBe(3);
    expect(stepBar({ refund_type: 1, stage: 'arrived' }).current).toBe(3);
    // a re-shipment adds the buyer's receipt before done
    expect(stepBar({ refund_type: 1, stage: 'reshipped', re_delivery_no: 'SF1' })).toEqual({ steps: ['apply', 'review', 'sendBack', 'storeReceives', 'receive', 'done'], current: 4, stopped: false });
    expect(stepBar({ refund_type: 1, stage: 'done', re_delivery_no: 'SF1' })).toMatchObject({ current: 5, steps: ['apply', 'review', 'sendBack', 'storeReceives', 'receive', 'done'] });
    expect(stepBar({ refund_type: 1, stage: 'done', re_delivery_no: '' })).toMatchObject({ current: 4, steps: ['apply', 'review', 'sendBack', 'storeReceives', 'done'] });
    expect(stepBar({ refund_type: 1, stage: 'refused' })).toMatchObject({ current: 1, stopped: true });
    expect(stepBar({ refund_type: 0, stage: 'withdrawn' })).toMatchObject({ current: 1, stopped: true });
  });
});

describe('afterSale machine — buyer', () => {
  it('no request: the form; a bad form stays with its errors; a good one is sent once, then the request shows', async () => {
    const t = await loaded('buyer', null);
    expect(t.state()).toBe('applying');
    expect(t.load.last().input).toEqual({ orderId: 9 });
    t.actor.send({ type: 'APPLY', values: { refund_type: 0, refund_remark: '', images: [] } });
    expect(t.state()).toBe('applying');
    expect(t.ctx().fieldErrors).toEqual({ refund_remark: 'required' });
    // correcting the field clears its error
    t.actor.send({ type: 'EDIT', field: 'refund_remark' });
    expect(t.ctx().fieldErrors).toEqual({});
    t.actor.send({ type: 'APPLY', values: { refund_type: 1, refund_remark: '尺码错误', images: ['/u/a.jpg'] } });
    expect(t.state()).toBe('sendingApplication');
    t.actor.send({ type: 'APPLY', values: { refund_type: 1, refund_remark: '再来', images: [] } });
    expect(t.apply.calls).toHaveLength(1);
    expect(t.apply.last().input).toEqual({ orderId: 9, values: { refund_type: 1, refund_remark: '尺码错误', images: ['/u/a.jpg'] } });
    t.apply.last().resolve(record('pending', ['cancel'], { refund_type: 1 }));
    await flush();
    expect(t.state()).toEqual({ open: 'waiting' });
    expect(t.log.paramsOf('notifyDone')).toEqual([{ kind: 'apply' }]);
  });

  it('a refused application stays on the form with the message at the field it names, or above it', async () => {
    const t = await loaded('buyer', null);
    t.actor.send({ type: 'APPLY', values: { refund_type: 0, refund_remark: '破损', images: [] } });
    t.apply.last().reject({ msg: '已超过售后期限', data: { field: 'order_id' } });
    await flush();
    expect(t.state()).toBe('applying');
    expect(t.ctx().fieldErrors).toEqual({ order_id: '已超过售后期限' });
    t.actor.send({ type: 'APPLY', values: { refund_type: 0, refund_remark: '破损', images: [] } });
    t.apply.last().reject(new Error(''));
    await flush();
    expect(t.ctx().error).toBe('stepFailed');
  });

  it('a return: send the goods back (checked first), then wait for the store; steps the server does not list are ignored', async () => {
    const t = await loaded('buyer', record('awaitingReturn', ['cancel', 'shipBack'], { refund_type: 1 }));
    expect(t.state()).toEqual({ open: 'shipBack' });
    t.actor.send({ type: 'STEP', request: { step: 'shipBack', delivery_code: '', delivery_no: 'x' } });
    expect(t.ctx().fieldErrors).toEqual({ delivery_code: 'required', delivery_no: 'waybill' });
    t.actor.send({ type: 'STEP', request: { step: 'agree' } });
    expect(t.state()).toEqual({ open: 'shipBack' });
    expect(t.step.calls).toHaveLength(0);
    t.actor.send({ type: 'STEP', request: { step: 'shipBack', delivery_code: 'yd', delivery_no: 'YT20260001' } });
    expect(t.state()).toBe('sendingStep');
    expect(t.step.last().input).toEqual({ orderId: 9, request: { step: 'shipBack', delivery_code: 'yd', delivery_no: 'YT20260001' } });
    t.step.last().resolve(record('returning', [], { refund_type: 1 }));
    await flush();
    expect(t.state()).toEqual({ open: 'waitingStore' });
    expect(t.log.paramsOf('notifyDone')).toEqual([{ kind: 'shipBack' }]);
  });

  it('re-shipped: the buyer confirms receipt once and the request is done; the store cannot confirm', async () => {
    const t = await loaded('buyer', record('reshipped', ['confirm'], { refund_type: 1, refund_verify: 1, refund_step: 2, re_delivery_code: 'yd', re_delivery_no: 'SF20260002' }));
    expect(t.state()).toEqual({ open: 'reshipped' });
    t.actor.send({ type: 'STEP', request: { step: 'cancel' } });
    expect(t.step.calls).toHaveLength(0);
    t.actor.send({ type: 'STEP', request: { step: 'confirm' } });
    expect(t.state()).toBe('sendingStep');
    t.actor.send({ type: 'STEP', request: { step: 'confirm' } });
    expect(t.step.calls).toHaveLength(1);
    expect(t.step.last().input).toEqual({ orderId: 9, request: { step: 'confirm' } });
    t.step.last().resolve(record('done', [], { refund_type: 1, refund_verify: 1, refund_step: 3, re_delivery_no: 'SF20260002' }));
    await flush();
    expect(t.state()).toBe('done');
    expect(t.log.paramsOf('notifyDone')).toEqual([{ kind: 'confirm' }]);

    const store = await loaded('store', record('reshipped', [], { refund_type: 1, re_delivery_no: 'SF20260002' }));
    expect(store.state()).toEqual({ open: 'reshipped' });
    store.actor.send({ type: 'STEP', request: { step: 'confirm' } });
    expect(store.state()).toEqual({ open: 'reshipped' });
    expect(store.step.calls).toHaveLength(0);
  });

  it('a refused step reloads the request (its stage may have moved) and keeps the message', async () => {
    const t = await loaded('buyer', record('pending', ['cancel']));
    t.actor.send({ type: 'STEP', request: { step: 'cancel' } });
    t.step.last().reject({ msg: '售后当前为「售后完成」' });
    await flush();
    expect(t.state()).toBe('loading');
    expect(t.ctx().error).toBe('售后当前为「售后完成」');
    t.load.last().resolve(record('done', []));
    await flush();
    expect(t.state()).toBe('done');
  });

  it('refused or withdrawn: the buyer may apply again', async () => {
    for (const stage of ['refused', 'withdrawn'] as const) {
      const t = await loaded('buyer', record(stage, [], { refuse_remark: stage === 'refused' ? '已使用' : '' }));
      expect(t.state()).toBe(stage);
      t.actor.send({ type: 'APPLY_AGAIN' });
      expect(t.state()).toBe('applying');
    }
  });

  it('a failed load can be retried', async () => {
    const t = setup('buyer');
    t.load.last().reject(new Error(''));
    await flush();
    expect(t.state()).toBe('failed');
    expect(t.ctx().error).toBe('loadFailed');
    t.actor.send({ type: 'RETRY' });
    expect(t.state()).toBe('loading');
    t.load.last().resolve(record('done', []));
    await flush();
    expect(t.state()).toBe('done');
  });
});

describe('afterSale machine — store', () => {
  it('nothing to show without a request; the store cannot apply again after a refusal', async () => {
    const t = await loaded('store', null);
    expect(t.state()).toBe('none');
    const r = await loaded('store', record('refused', []));
    r.actor.send({ type: 'APPLY_AGAIN' });
    expect(r.state()).toBe('refused');
  });

  it('refuse needs a reason; agree on a return waits for the goods; arrival; re-ship with a waybill waits for the buyer', async () => {
    const t = await loaded('store', record('pending', ['agree', 'refuse'], { refund_type: 1 }));
    expect(t.state()).toEqual({ open: 'waiting' });
    t.actor.send({ type: 'STEP', request: { step: 'refuse', refuse_remark: '' } });
    expect(t.ctx().fieldErrors).toEqual({ refuse_remark: 'required' });
    t.actor.send({ type: 'STEP', request: { step: 'agree' } });
    t.step.last().resolve(record('awaitingReturn', [], { refund_type: 1 }));
    await flush();
    expect(t.state()).toEqual({ open: 'shipBack' });
    // the buyer's step is not the store's to take
    t.actor.send({ type: 'STEP', request: { step: 'shipBack', delivery_code: 'yd', delivery_no: 'YT20260001' } });
    expect(t.step.calls).toHaveLength(1);

    const back = await loaded('store', record('returning', ['arrive'], { refund_type: 1 }));
    expect(back.state()).toEqual({ open: 'waitingStore' });
    back.actor.send({ type: 'STEP', request: { step: 'arrive' } });
    back.step.last().resolve(record('arrived', ['refund', 'reship'], { refund_type: 1 }));
    await flush();
    expect(back.state()).toEqual({ open: 'arrived' });
    back.actor.send({ type: 'STEP', request: { step: 'reship', delivery_code: 'yd', delivery_no: 'SF20260002' } });
    back.step.last().resolve(record('reshipped', [], { refund_type: 1, re_delivery_no: 'SF20260002' }));
    await flush();
    // re-shipped: the buyer confirms receipt, the store waits
    expect(back.state()).toEqual({ open: 'reshipped' });
    expect(back.log.paramsOf('notifyDone')).toEqual([{ kind: 'arrive' }, { kind: 'reship' }]);
  });
});
