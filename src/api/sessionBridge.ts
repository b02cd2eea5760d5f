import type { AreaIndex as Area } from '../../machines/areas';

/**
 * The API client tells an area's session actor about a renewed token or a 401, without
 * importing the actors (which import the API): the app registers a sink at boot.
 */
export type SessionSignal = { type: 'UNAUTHORIZED' } | { type: 'TOKEN.RENEWED'; token: string };
type Sink = (area: Area, signal: SessionSignal) => void;

let sink: Sink | null = null;

export function setSessionSink(next: Sink | null) {
  sink = next;
}

export function signalSession(area: Area, signal: SessionSignal) {
  sink?.(area, signal);
}
