/**
 * A tiny registry of live actors for the dev-only /__lab page: which actors run, their
 * snapshots, the events they received, and the events their current state accepts.
 * No React, no DOM; the SPA attaches @statelyai/inspect itself.
 */
import { __unsafe_getAllOwnEventDescriptors, type AnyActorRef, type AnyEventObject, type Subscription } from 'xstate';

export interface LabEvent { at: number; event: AnyEventObject }

export interface LabActor {
  name: string;
  actorRef: AnyActorRef;
  /** The most recent events the actor received, oldest first (at most EVENT_LOG_SIZE). */
  events: LabEvent[];
}

export type LabListener = (actors: readonly LabActor[]) => void;

export const EVENT_LOG_SIZE = 100;

interface Entry extends LabActor { subscriptions: Subscription[] }

const entries = new Map<string, Entry>();
const listeners = new Set<LabListener>();

function notify() {
  const list = listActors();
  for (const listener of listeners) listener(list);
}

/**
 * Register a live actor under a unique name (a second registration replaces the first).
 * Returns a function that unregisters it.
 */
export function registerActor(name: string, actorRef: AnyActorRef): () => void {
  unregisterActor(name);
  const entry: Entry = { name, actorRef, events: [], subscriptions: [] };
  entry.subscriptions.push(
    actorRef.system.inspect((inspection) => {
      if (inspection.type !== '@xstate.event' || inspection.actorRef !== actorRef) return;
      entry.events = [...entry.events, { at: Date.now(), event: inspection.event }].slice(-EVENT_LOG_SIZE);
      notify();
    }),
    actorRef.subscribe({ next: notify, error: notify, complete: notify }),
  );
  entries.set(name, entry);
  notify();
  return () => {
    if (entries.get(name) === entry) unregisterActor(name);
  };
}

export function unregisterActor(name: string): void {
  const entry = entries.get(name);
  if (!entry) return;
  entries.delete(name);
  for (const subscription of entry.subscriptions) subscription.unsubscribe();
  notify();
}

export function listActors(): LabActor[] {
  return [...entries.values()].map(({ name, actorRef, events }) => ({ name, actorRef, events }));
}

export function getActor(name: string): LabActor | undefined {
  return listActors().find((actor) => actor.name === name);
}

/** Call `listener` with the actor list whenever an actor is (un)registered, changes or gets an event. */
export function subscribe(listener: LabListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Event types the actor's current state handles (machine actors; [] for other logic). */
export function acceptedEvents(actorRef: AnyActorRef): string[] {
  const snapshot = actorRef.getSnapshot() as { _nodes?: unknown } | undefined;
  if (!snapshot || !Array.isArray(snapshot._nodes)) return [];
  const descriptors = __unsafe_getAllOwnEventDescriptors(snapshot as never) as string[];
  return [...new Set(descriptors.filter((type) => !type.startsWith('xstate.')))].sort();
}
