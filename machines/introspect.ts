/**
 * Reading a machine definition: every transition of every state node (event, eventless,
 * delayed, done and error), with a stable key, used by the transition-coverage check,
 * the diagram generator and the test recorder.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface TransitionInfo {
  /** `machine|source|event|targets|index`: what the coverage record and check compare. */
  key: string;
  machine: string;
  source: string;
  /** The raw event descriptor ('' for eventless). */
  eventType: string;
  /** A readable event: `LOGIN.SUBMIT`, `always`, `after tick (1000 ms)`, `done login`, `error login`. */
  event: string;
  targets: string[];
  guard?: string;
  actions: string[];
  reenter: boolean;
}

/** Transitions of one node for one descriptor, in definition order ('' = eventless). */
function transitionList(node: AnyStateNode, eventType: string): readonly AnyTransitionDefinition[] {
  return eventType === '' ? node.always ?? [] : node.transitions.get(eventType) ?? [];
}

/** The key of a transition taken at run time (as reported by `@xstate.microstep`). */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const eventType = String(transition.eventType ?? '');
  const index = transitionList(source, eventType).indexOf(transition);
  const targets = (transition.target ?? []).map((node) => node.id).join(',');
  return [source.machine.id, source.id, eventType, targets, index].join('|');
}

type NamedThing = string | { type?: unknown } | ((...args: never[]) => unknown) | undefined;

export function guardLabel(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composite = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(composite)) return `${guard.name}(${composite.map((g) => guardLabel(g)).join(', ')})`;
    return guard.name || 'inline';
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  return 'inline';
}

export function actionLabel(action: NamedThing): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' ? type.replace(/^xstate\./, '') : action.name || 'inline';
  }
  if (action && typeof action.type === 'string') return action.type;
  return 'inline';
}

/** A readable label for an event descriptor seen from `source`. */
export function eventLabel(eventType: string, machine: AnyStateMachine, delay?: unknown): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) {
    const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
    const value = typeof delay === 'string' ? delays[delay] : delay;
    const ms = typeof value === 'number' ? value : undefined;
    if (typeof delay === 'string') return ms === undefined ? `after ${delay}` : `after ${delay} (${ms} ms)`;
    return `after ${ms ?? delay} ms`;
  }
  if (eventType.startsWith('xstate.done.actor.')) return `done ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** Every state node of a machine, depth-first in definition order (root first). */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return nodes;
}

/** Every transition of a machine definition, parallel regions and nested states included. */
export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const result: TransitionInfo[] = [];
  for (const node of stateNodes(machine)) {
    const groups: [string, readonly AnyTransitionDefinition[]][] = [...node.transitions.entries()];
    if (node.always?.length) groups.push(['', node.always]);
    for (const [eventType, list] of groups) {
      for (const transition of list) {
        const delay = (transition as { delay?: unknown }).delay;
        result.push({
          key: transitionKey(transition),
          machine: machine.id,
          source: node.id,
          eventType,
          event: eventLabel(eventType, machine, delay),
          targets: (transition.target ?? []).map((target) => target.id),
          guard: guardLabel(transition.guard),
          actions: (transition.actions as NamedThing[]).map(actionLabel),
          reenter: transition.reenter,
        });
      }
    }
  }
  return result;
}
