import type { InspectionEvent, Observer } from 'xstate';

/**
 * The `inspect` option given to every app actor: the Stately browser inspector (DEV with
 * `?inspect`) and the /__lab event log both listen here.
 */
type InspectFn = (event: InspectionEvent) => void;
const sinks = new Set<InspectFn>();

export function addInspectSink(fn: InspectFn) {
  sinks.add(fn);
  return () => {
    sinks.delete(fn);
  };
}

const fanOut: Observer<InspectionEvent> = {
  next: (event) => {
    for (const sink of sinks) sink(event);
  },
};

export function getInspect(): Observer<InspectionEvent> | undefined {
  return import.meta.env.DEV ? fanOut : undefined;
}
