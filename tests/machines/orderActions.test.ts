import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, allows, buyerActionsOf } from '../../machines/orderActions';
import { ACTION_FAILED, orderActionsMachine, type ChangeStatusInput } from '../../machines/orderActions.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

function setup() {
  const log = recordActions(['reload', 'notifyDone']);
  const change = manualActor<unknown, ChangeStatusInput>();
  const actor = createTestActor(orderActionsMachine.provide({ actions: log.actions, actors: { changeStatus: change.logic } }));
  actor.start();
  return { actor, log, change };
}

describe('buyer actions per order state', () => {
  it('pay and cancel while unpaid, receive once shipped, nothing otherwise', () => {
    expect(buyerActionsOf(ORDER_STATUS.unpaid)).toEqual({ pay: true, cancel: true, receive: false });
    expect(buyerActionsOf(ORDER_STATUS.shipped)).toEqual({ pay: false, cancel: false, receive: true });
    for (const status of [0, 2, 4, 5, 6]) expect(buyerActionsOf(status)).toEqual({ pay: false, cancel: false, receive: false });
    expect(allows('cancel', 1)).toBe(true);
    expect(allows('receive', 1)).toBe(false);
  });
});

describe('orderActions machine', () => {
  it('asks before cancelling; declining sends nothing', () => {
    const { actor, change } = setup();
    actor.send({ type: 'CANCEL', orderId: 5, status: 1 });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ orderId: 5, action: 'cancel' });
    // one question at a time
    actor.send({ type: 'RECEIVE', orderId: 6, status: 3 });
    actor.send({ type: 'CANCEL', orderId: 7, status: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ orderId: 5, action: 'cancel' });
    actor.send({ type: 'DECLINE' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ orderId: null, action: null });
    expect(change.calls).toHaveLength(0);
  });

  it('ignores an action the order state does not allow', () => {
    const { actor } = setup();
    actor.send({ type: 'CANCEL', orderId: 5, status: 3 });
    actor.send({ type: 'RECEIVE', orderId: 5, status: 1 });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('confirms receipt once, then reloads the order and says so', async () => {
    const { actor, change, log } = setup();
    actor.send({ type: 'RECEIVE', orderId: 8, status: 3 });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(change.last().input).toEqual({ orderId: 8, status: 4 });
    actor.send({ type: 'RECEIVE', orderId: 8, status: 3 });
    actor.send({ type: 'CANCEL', orderId: 9, status: 1 });
    expect(change.calls).toHaveLength(1);
    change.last().resolve([4]);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(log.calls).toEqual([
      { type: 'notifyDone', params: { action: 'receive' } },
      { type: 'reload', params: { orderId: 8 } },
    ]);
    // another order's action from done
    actor.send({ type: 'CANCEL', orderId: 9, status: 1 });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    expect(change.last().input).toEqual({ orderId: 9, status: 0 });
  });

  it('a refused cancel fails with the message, still reloads, and can be dismissed or retried', async () => {
    const { actor, change, log } = setup();
    actor.send({ type: 'CANCEL', orderId: 3, status: 1 });
    actor.send({ type: 'CONFIRM' });
    change.last().reject({ kind: 'fail', code: 422, msg: '订单已支付', data: { field: 'order_status', order_status: 2 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('订单已支付');
    expect(log.calls).toEqual([{ type: 'reload', params: { orderId: 3 } }]);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();

    actor.send({ type: 'RECEIVE', orderId: 4, status: 3 });
    actor.send({ type: 'CONFIRM' });
    change.last().reject(new Error(''));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(ACTION_FAILED);
    actor.send({ type: 'RECEIVE', orderId: 4, status: 3 });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
