import { addInspectSink } from './inspectHook';

/** DEV with `?inspect` in the URL: open the Stately inspector and feed it every app actor. */
export async function attachStatelyInspector(): Promise<void> {
  if (!import.meta.env.DEV) return;
  if (!new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  addInspectSink((event) => inspector.inspect.next?.(event));
}
