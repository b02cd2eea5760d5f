import type { Services } from '../http/context';

/** Timed tasks (cancel unpaid, auto-confirm, settle) arrive with the order issues. Returns a stop function. */
export function startJobs(services: Services): () => void {
  void services;
  return () => {};
}
