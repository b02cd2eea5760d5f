/**
 * Transition coverage recorder (DESIGN.md §3). `createTestActor` wraps `createActor` with an
 * `inspect` hook that records every transition taken (`@xstate.microstep`), eventless, delayed,
 * done and error transitions included. After each test file the keys are appended to
 * tests/.transitions/<pid>-<random>.json; scripts/check-transitions.ts compares them with
 * every transition of every machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createActor, type Actor, type ActorOptions, type AnyStateMachine, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { transitionKey } from '../../machines/introspect';

export const TRANSITIONS_DIR = join(process.cwd(), 'tests', '.transitions');

const taken = new Set<string>();

/** Record the transitions of one inspection event (only microsteps carry them). */
export function recordInspection(inspection: InspectionEvent): void {
  if (inspection.type !== '@xstate.microstep') return;
  const transitions = (inspection as { _transitions?: AnyTransitionDefinition[] })._transitions ?? [];
  for (const transition of transitions) taken.add(transitionKey(transition));
}

/** Keys recorded so far in this test file. */
export function takenTransitions(): ReadonlySet<string> {
  return taken;
}

/** `createActor` with transition recording; any `inspect` given in options still runs. */
export function createTestActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ActorOptions<TMachine> = {},
): Actor<TMachine> {
  const userInspect = options.inspect;
  return createActor(machine, {
    ...options,
    inspect: (inspection: InspectionEvent) => {
      recordInspection(inspection);
      if (typeof userInspect === 'function') userInspect(inspection);
      else userInspect?.next?.(inspection);
    },
  } as never) as Actor<TMachine>;
}

afterAll(() => {
  if (taken.size === 0) return;
  mkdirSync(TRANSITIONS_DIR, { recursive: true });
  const file = join(TRANSITIONS_DIR, `${process.pid}-${randomBytes(6).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify([...taken].sort(), null, 1) + '\n');
});
