import { describe, expect, it } from 'vitest';
import { leaveGuardMachine } from '../../machines/leaveGuard.machine';
import { createTestActor } from './coverage';
import { recordActions } from './fakes';

function start() {
  const rec = recordActions(['proceed', 'stay'] as const);
  const actor = createTestActor(leaveGuardMachine.provide({ actions: rec.actions }));
  actor.start();
  return { actor, rec };
}

describe('leaveGuard', () => {
  it('a clean page becomes dirty with a change and clean again when saved or undone', () => {
    const { actor, rec } = start();
    expect(actor.getSnapshot().value).toBe('clean');
    actor.send({ type: 'EDIT.CHANGED' });
    expect(actor.getSnapshot().value).toBe('dirty');
    actor.send({ type: 'EDIT.CLEAN' });
    expect(actor.getSnapshot().value).toBe('clean');
    expect(rec.calls).toEqual([]);
  });

  it('asks before leaving a dirty page: confirmed, the request goes ahead and the page is clean', () => {
    const { actor, rec } = start();
    actor.send({ type: 'EDIT.CHANGED' });
    const request = { path: '/Seller/goods' };
    actor.send({ type: 'LEAVE.REQUEST', request });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.pending).toBe(request);
    expect(rec.calls).toEqual([]);
    actor.send({ type: 'LEAVE.CONFIRM' });
    expect(actor.getSnapshot().value).toBe('clean');
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(rec.calls).toEqual([{ type: 'proceed', params: { request } }]);
  });

  it('stays when the person cancels: the request is dropped (the address bar put back), the changes still unsaved', () => {
    const { actor, rec } = start();
    actor.send({ type: 'EDIT.CHANGED' });
    const request = { path: '/Seller/goods', pop: true };
    actor.send({ type: 'LEAVE.REQUEST', request });
    actor.send({ type: 'LEAVE.CANCEL' });
    expect(actor.getSnapshot().value).toBe('dirty');
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(rec.calls).toEqual([{ type: 'stay', params: { request } }]);
    // a second try asks again
    actor.send({ type: 'LEAVE.REQUEST', request });
    expect(actor.getSnapshot().value).toBe('asking');
  });
});
