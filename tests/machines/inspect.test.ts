import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { countdownMachine } from '../../machines/countdown.machine';
import { EVENT_LOG_SIZE, acceptedEvents, getActor, listActors, registerActor, subscribe, unregisterActor } from '../../machines/inspect';
import { smsCodeMachine } from '../../machines/smsCode.machine';

afterEach(() => {
  for (const { name } of listActors()) unregisterActor(name);
});

describe('lab registry', () => {
  it('registers, lists and unregisters live actors', () => {
    const countdown = createActor(countdownMachine, { input: { seconds: 5 } }).start();
    const sms = createActor(smsCodeMachine, { input: {} }).start();
    const offCountdown = registerActor('countdown', countdown);
    registerActor('sms', sms);
    expect(listActors().map((actor) => actor.name)).toEqual(['countdown', 'sms']);
    expect(getActor('sms')?.actorRef).toBe(sms);
    offCountdown();
    expect(listActors().map((actor) => actor.name)).toEqual(['sms']);
    expect(getActor('countdown')).toBeUndefined();
  });

  it('keeps the events each actor received, newest last, bounded', () => {
    const countdown = createActor(countdownMachine, { input: { seconds: 500 } }).start();
    registerActor('countdown', countdown);
    countdown.send({ type: 'START' });
    countdown.send({ type: 'TICK' });
    expect(getActor('countdown')!.events.map((entry) => entry.event.type)).toEqual(['START', 'TICK']);
    for (let i = 0; i < EVENT_LOG_SIZE + 5; i++) countdown.send({ type: 'TICK' });
    const events = getActor('countdown')!.events;
    expect(events).toHaveLength(EVENT_LOG_SIZE);
    expect(events.every((entry) => entry.event.type === 'TICK')).toBe(true);
    expect(typeof events[0].at).toBe('number');
  });

  it('notifies subscribers on registration, snapshot changes and events, until unsubscribed', () => {
    const seen: string[][] = [];
    const off = subscribe((actors) => seen.push(actors.map((actor) => actor.name)));
    const countdown = createActor(countdownMachine, { input: { seconds: 5 } }).start();
    registerActor('countdown', countdown);
    const afterRegister = seen.length;
    expect(afterRegister).toBeGreaterThan(0);
    countdown.send({ type: 'START' });
    expect(seen.length).toBeGreaterThan(afterRegister);
    off();
    const count = seen.length;
    countdown.send({ type: 'STOP' });
    expect(seen.length).toBe(count);
  });

  it('re-registering a name replaces the old actor and stops logging it', () => {
    const first = createActor(countdownMachine, { input: {} }).start();
    const second = createActor(countdownMachine, { input: {} }).start();
    const offFirst = registerActor('clock', first);
    registerActor('clock', second);
    first.send({ type: 'START', seconds: 3 });
    expect(getActor('clock')!.actorRef).toBe(second);
    expect(getActor('clock')!.events).toEqual([]);
    offFirst(); // a stale unregister leaves the new actor in place
    expect(getActor('clock')!.actorRef).toBe(second);
  });

  it('lists the events the current state accepts', () => {
    const countdown = createActor(countdownMachine, { input: { seconds: 5 } }).start();
    expect(acceptedEvents(countdown)).toEqual(['START']);
    countdown.send({ type: 'START' });
    expect(acceptedEvents(countdown)).toEqual(['START', 'STOP', 'TICK']);
    countdown.stop();
  });
});
