import { describe, expect, it } from 'vitest';
import { actionLabel, eventLabel, guardLabel, machineTransitions, stateNodes } from '../../machines/introspect';
import { routeGuardMachine } from '../../machines/routeGuard.machine';
import { sessionMachine } from '../../machines/session.machine';
import { smsCodeMachine } from '../../machines/smsCode.machine';
import { createTestActor, recordInspection, takenTransitions } from './coverage';
import { errorMessage, isThrottled } from '../../machines/errors';

describe('machine introspection', () => {
  it('walks every state node, nested ones included', () => {
    expect(stateNodes(sessionMachine).map((node) => node.id)).toEqual([
      'session', 'session.restoring', 'session.loggedOut', 'session.loggingIn', 'session.fetchingUser',
      'session.loggedIn', 'session.loggedIn.idle', 'session.loggedIn.refreshing', 'session.loggedIn.editing', 'session.loggingOut',
    ]);
  });

  it('lists eventless, event, done, error and delayed transitions with readable labels', () => {
    const session = machineTransitions(sessionMachine);
    expect(session.filter((t) => t.source === 'session.restoring').map((t) => [t.event, t.guard, t.targets])).toEqual([
      ['always', 'hasStoredSession', ['session.loggedIn']],
      ['always', 'hasStoredToken', ['session.loggedOut']],
      ['always', undefined, ['session.loggedOut']],
    ]);
    expect(session.find((t) => t.event === 'done fetchUser' && t.source === 'session.fetchingUser')).toMatchObject({
      guard: 'isSubAccount', actions: ['assign', 'notifySubAccount', 'clearStorage'],
    });
    const guard = machineTransitions(routeGuardMachine).filter((t) => t.source === 'routeGuard.checking').map((t) => t.guard);
    expect(guard).toEqual(['or(isPublic, isShopperArea)', 'not(isLoggedIn)', 'not(menusLoaded)', undefined]);
    const sms = machineTransitions(smsCodeMachine);
    expect(sms.filter((t) => t.event.startsWith('after')).map((t) => t.event)).toEqual(['after tick (1000 ms)', 'after tick (1000 ms)']);
    expect(sms.find((t) => t.event === 'error sendSms')?.guard).toBe('serverThrottled');
  });

  it('gives every transition a unique key', () => {
    for (const machine of [sessionMachine, routeGuardMachine, smsCodeMachine]) {
      const keys = machineTransitions(machine).map((t) => t.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('labels guards, actions and events of every shape', () => {
    expect(guardLabel(undefined)).toBeUndefined();
    expect(guardLabel('g')).toBe('g');
    expect(guardLabel({ type: 'g', params: {} })).toBe('g');
    expect(guardLabel(function named() { return true; })).toBe('named');
    expect(guardLabel(() => true)).toBe('inline');
    expect(guardLabel(42)).toBe('inline');
    expect(actionLabel('a')).toBe('a');
    expect(actionLabel({ type: 'a' })).toBe('a');
    expect(actionLabel(Object.assign(() => undefined, { type: 'xstate.raise' }))).toBe('raise');
    expect(actionLabel(() => undefined)).toBe('inline');
    expect(actionLabel(undefined)).toBe('inline');
    expect(eventLabel('xstate.after.500.m.s', sessionMachine, 500)).toBe('after 500 ms');
    expect(eventLabel('xstate.after.slow.m.s', sessionMachine, 'slow')).toBe('after slow');
    expect(eventLabel('xstate.done.state.m.s', sessionMachine)).toBe('done');
    expect(eventLabel('xstate.error.actor.x', sessionMachine)).toBe('error x');
  });

  it('the recorder keys the transitions it sees exactly as the definition walk does', () => {
    const actor = createTestActor(sessionMachine, { input: { area: 2, stored: { token: null, user: null } } });
    actor.start();
    const restoreToLoggedOut = machineTransitions(sessionMachine).find((t) => t.source === 'session.restoring' && !t.guard)!;
    expect(takenTransitions().has(restoreToLoggedOut.key)).toBe(true);
    const before = takenTransitions().size;
    recordInspection({ type: '@xstate.event' } as never);
    expect(takenTransitions().size).toBe(before);
  });

  it('createTestActor still calls the inspect option it was given', () => {
    const fn: string[] = [];
    const observed: string[] = [];
    createTestActor(smsCodeMachine, { input: {}, inspect: (event) => void fn.push(event.type) }).start();
    const actor = createTestActor(smsCodeMachine, { input: {}, inspect: { next: (event) => void observed.push(event.type) } });
    actor.start();
    actor.send({ type: 'SMS.SEND', phone: '', name: 'register' });
    expect(fn).toContain('@xstate.actor');
    expect(observed).toEqual(expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.microstep']));
  });
});

describe('error helpers', () => {
  it('errorMessage reads Error, {msg}, {message} and strings', () => {
    expect(errorMessage(new Error('e'))).toBe('e');
    expect(errorMessage({ msg: 'm', message: 'x' })).toBe('m');
    expect(errorMessage({ msg: '', message: 'x' })).toBe('x');
    expect(errorMessage('s')).toBe('s');
    expect(errorMessage(null)).toBe('');
    expect(errorMessage(3)).toBe('');
  });

  it('isThrottled spots a 429 in any shape', () => {
    expect(isThrottled({ kind: 'throttled' })).toBe(true);
    expect(isThrottled({ code: 429 })).toBe(true);
    expect(isThrottled({ status: 429 })).toBe(true);
    expect(isThrottled({ code: 500 })).toBe(false);
    expect(isThrottled('429')).toBe(false);
    expect(isThrottled(null)).toBe(false);
  });
});
