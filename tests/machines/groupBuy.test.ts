import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupLine, groupPhase, seatsLeft, type GroupView } from '../../machines/groupBuy';
import { GROUP_LOAD_FAILED, GROUP_POLL_MS, groupBuyMachine } from '../../machines/groupBuy.machine';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const group = (over: Partial<GroupView> = {}): GroupView => ({ id: 7, goods_id: 3, status: 2, need: 3, joined: 1, paid: 1, ends_in: 3600, members: [], ...over });

function setup(input: { goodsId: number; groupId?: number } = { goodsId: 3 }) {
  const log = recordActions(['checkout', 'notifyFilled']);
  const load = manualActor<GroupView, { groupId: number }>();
  const actor = createTestActor(groupBuyMachine.provide({ actions: log.actions, actors: { loadGroup: load.logic } }), { input });
  actor.start();
  return { actor, log, load };
}

describe('group phases', () => {
  it('open while seats and time are left; full, filled and expired otherwise', () => {
    expect(groupPhase(group())).toBe('open');
    expect(groupPhase(group({ joined: 3 }))).toBe('full');
    expect(groupPhase(group({ status: 1, joined: 3, paid: 3 }))).toBe('filled');
    expect(groupPhase(group({ status: 0 }))).toBe('expired');
    expect(groupPhase(group({ ends_in: 0 }))).toBe('expired');
    expect(seatsLeft(group())).toBe(2);
    expect(seatsLeft(group({ joined: 5 }))).toBe(0);
    expect(groupLine(3, 0, 1, -1)).toEqual({ goods_id: 3, sku_id: 0, buy_num: 1, collective_id: -1 });
  });
});

describe('groupBuy machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('OPEN goes to the checkout with collective_id -1', () => {
    const { actor, log } = setup();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('opening');
    expect(log.paramsOf('checkout')).toEqual([{ collectiveId: -1 }]);
    // the checkout did not open (no spec chosen): back to choosing, and OPEN works again
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'OPEN' });
    expect(log.paramsOf('checkout')).toHaveLength(2);
  });

  it('JOIN re-reads the group and buys into it when a seat is left', async () => {
    const { actor, log, load } = setup();
    actor.send({ type: 'JOIN', groupId: 7 });
    expect(actor.getSnapshot().value).toBe('joining');
    expect(load.last().input).toEqual({ groupId: 7 });
    load.last().resolve(group());
    await flush();
    expect(actor.getSnapshot().value).toBe('buying');
    expect(log.paramsOf('checkout')).toEqual([{ collectiveId: 7 }]);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('JOIN does not buy into a group that filled, is full or expired meanwhile', async () => {
    const cases: [GroupView, string][] = [
      [group({ status: 1, joined: 3, paid: 3 }), 'filled'],
      [group({ joined: 3 }), 'full'],
      [group({ status: 0 }), 'expired'],
    ];
    for (const [answer, state] of cases) {
      const { actor, log, load } = setup();
      actor.send({ type: 'JOIN', groupId: 7 });
      load.last().resolve(answer);
      await flush();
      expect(actor.getSnapshot().value).toBe(state);
      expect(log.paramsOf('checkout')).toEqual([]);
      expect(actor.getSnapshot().context.group).toEqual(answer);
      // the goods page says so and goes back to choosing
      actor.send({ type: 'DISMISS' });
      expect(actor.getSnapshot().value).toBe('idle');
    }
  });

  it('a full group is re-read on the poll timer, and DISMISS goes back', async () => {
    const { actor, load } = setup();
    actor.send({ type: 'JOIN', groupId: 7 });
    load.last().resolve(group({ joined: 3 }));
    await flush();
    vi.advanceTimersByTime(GROUP_POLL_MS);
    expect(actor.getSnapshot().value).toBe('loading');
    load.last().resolve(group({ joined: 3, paid: 2 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');

    const other = setup();
    other.actor.send({ type: 'JOIN', groupId: 7 });
    other.load.last().resolve(group({ joined: 3 }));
    await flush();
    other.actor.send({ type: 'DISMISS' });
    expect(other.actor.getSnapshot().value).toBe('idle');
  });

  it('WATCH waits on an open group, re-reading on the timer, at the countdown’s end and on REFRESH, until it is filled', async () => {
    const { actor, log, load } = setup();
    actor.send({ type: 'WATCH', groupId: 7 });
    expect(actor.getSnapshot().value).toBe('loading');
    load.last().resolve(group());
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(GROUP_POLL_MS);
    expect(actor.getSnapshot().value).toBe('loading');
    load.last().resolve(group({ joined: 2 }));
    await flush();
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('loading');
    load.last().resolve(group({ joined: 2 }));
    await flush();
    actor.send({ type: 'TIMEOUT' });
    load.last().resolve(group({ status: 1, joined: 3, paid: 3 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('filled');
    expect(log.types()).toEqual(['notifyFilled']);
    expect(load.calls).toHaveLength(4);
  });

  it('WATCH of a group that did not fill in time ends in expired', async () => {
    const { actor, load } = setup({ goodsId: 3, groupId: 7 });
    expect(actor.getSnapshot().context.groupId).toBe(7);
    actor.send({ type: 'WATCH', groupId: 8 });
    load.last().resolve(group({ id: 8, ends_in: 0 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('a failed read keeps the message; REFRESH retries and DISMISS goes back', async () => {
    const { actor, load } = setup();
    actor.send({ type: 'WATCH', groupId: 7 });
    load.last().reject({ msg: '拼团不存在' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('拼团不存在');
    actor.send({ type: 'REFRESH' });
    load.last().reject(new Error(''));
    await flush();
    expect(actor.getSnapshot().context.error).toBe(GROUP_LOAD_FAILED);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'JOIN', groupId: 9 });
    load.last().reject(new Error('network'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('network');
  });
});
