import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownMachine } from '../../machines/countdown.machine';
import { SECONDS_PER_DAY, formatLong, formatShort, splitSeconds } from '../../machines/countdown';
import { createTestActor } from './coverage';
import { recordActions } from './fakes';

describe('countdown formatting', () => {
  it('splits seconds with 86400 s per day', () => {
    expect(SECONDS_PER_DAY).toBe(86400);
    expect(splitSeconds(93784)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(splitSeconds(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitSeconds(59.9)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(splitSeconds(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('formatLong labels 天 时 分 秒 and pads all but days', () => {
    expect(formatLong(93784)).toBe('1 天 02 时 03 分 04 秒');
    expect(formatLong(0)).toBe('0 天 00 时 00 分 00 秒');
    expect(formatLong(86399)).toBe('0 天 23 时 59 分 59 秒');
    expect(formatLong(86400)).toBe('1 天 00 时 00 分 00 秒');
    expect(formatLong(12 * 86400 + 61)).toBe('12 天 00 时 01 分 01 秒');
  });

  it('formatShort is HH : MM : SS with days folded into the hours', () => {
    expect(formatShort(7384)).toBe('02 : 03 : 04');
    expect(formatShort(59)).toBe('00 : 00 : 59');
    expect(formatShort(93784)).toBe('26 : 03 : 04');
    expect(formatShort(5 * 86400)).toBe('120 : 00 : 00');
    expect(formatShort(-1)).toBe('00 : 00 : 00');
  });
});

describe('countdown machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = (seconds?: number) => {
    const log = recordActions(['notifyFinished']);
    const actor = createTestActor(countdownMachine.provide({ actions: log.actions }), { input: { seconds } });
    actor.start();
    return { actor, log };
  };

  it('waits idle with the input seconds until START', () => {
    const { actor } = start(90);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.remaining).toBe(90);
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().context.remaining).toBe(90);
  });

  it('counts down once a second and finishes at zero, notifying once', () => {
    const { actor, log } = start(3);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('running');
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.remaining).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.remaining).toBe(1);
    expect(log.calls).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.remaining).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(log.types()).toEqual(['notifyFinished']);
  });

  it('TICK counts one second and restarts the second', () => {
    const { actor, log } = start();
    actor.send({ type: 'START', seconds: 2 });
    vi.advanceTimersByTime(600);
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().context.remaining).toBe(1);
    vi.advanceTimersByTime(600); // the timer restarted with the tick: no second decrement yet
    expect(actor.getSnapshot().context.remaining).toBe(1);
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(log.types()).toEqual(['notifyFinished']);
  });

  it('STOP pauses; START resumes from what is left; START with seconds restarts', () => {
    const { actor } = start(10);
    actor.send({ type: 'START' });
    vi.advanceTimersByTime(3000);
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().value).toBe('idle');
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().context.remaining).toBe(7);
    actor.send({ type: 'START' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.remaining).toBe(6);
    actor.send({ type: 'START', seconds: 100 });
    expect(actor.getSnapshot().value).toBe('running');
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().context.remaining).toBe(100);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.remaining).toBe(99);
  });

  it('START with nothing left finishes at once; a finished countdown can start again', () => {
    const { actor, log } = start(0);
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().value).toBe('finished');
    actor.send({ type: 'START', seconds: -4 });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(log.types()).toEqual(['notifyFinished', 'notifyFinished']);
    actor.send({ type: 'START', seconds: 1.8 });
    expect(actor.getSnapshot()).toMatchObject({ value: 'running', context: { remaining: 1 } });
  });
});
