import { useState, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { acceptedEvents, listActors, subscribe, type LabActor } from '../../../machines/inspect';

/**
 * Development-only /__lab: live actors with state value, context, event log, and a button for
 * every event the current state accepts (payload editable as JSON).
 */
let cached: LabActor[] = listActors();
let version = 0;
const subscribeLab = (l: () => void) =>
  subscribe((list) => {
    cached = [...list];
    version++;
    l();
  });
const getVersion = () => version;

function ActorCard({ actor }: { actor: LabActor }) {
  const [payload, setPayload] = useState('{}');
  const [error, setError] = useState<string | null>(null);
  const ref: AnyActorRef = actor.actorRef;
  const snapshot = ref.getSnapshot() as { value?: unknown; context?: unknown; status?: string };
  const events = acceptedEvents(ref);
  const send = (type: string) => {
    try {
      const extra = payload.trim() ? (JSON.parse(payload) as Record<string, unknown>) : {};
      setError(null);
      ref.send({ ...extra, type });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section aria-label={actor.name} className="rounded border border-slate-300 bg-white p-4 text-sm">
      <h2 className="font-mono text-base font-semibold">{actor.name}</h2>
      <p className="mt-1">
        status <code>{snapshot.status}</code> · state <code>{JSON.stringify(snapshot.value)}</code>
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer">context</summary>
        <pre className="mt-1 max-h-64 overflow-auto bg-slate-50 p-2 text-xs">{JSON.stringify(snapshot.context, null, 2)}</pre>
      </details>
      <div className="mt-3 flex flex-col gap-2">
        <label className="flex flex-col gap-1">
          <span>event payload (JSON)</span>
          <textarea value={payload} onChange={(e) => setPayload(e.target.value)} rows={2} className="rounded border border-slate-400 p-1 font-mono text-xs" />
        </label>
        {error && <p role="alert" className="text-red-700">{error}</p>}
        <div className="flex flex-wrap gap-2">
          {events.length === 0 && <span className="text-slate-600">no events accepted</span>}
          {events.map((type) => (
            <button key={type} type="button" onClick={() => send(type)} className="focus-ring rounded border border-slate-400 px-2 py-1 font-mono text-xs hover:bg-slate-100">
              {type}
            </button>
          ))}
        </div>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer">event log ({actor.events.length})</summary>
        <ol className="mt-1 max-h-64 overflow-auto font-mono text-xs">
          {actor.events
            .slice()
            .reverse()
            .map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                {new Date(entry.at).toLocaleTimeString()} {JSON.stringify(entry.event)}
              </li>
            ))}
        </ol>
      </details>
    </section>
  );
}

export default function LabPage() {
  useSyncExternalStore(subscribeLab, getVersion, getVersion);
  const actors = cached.length ? cached : listActors();
  return (
    <main id="main" className="mx-auto max-w-5xl p-6">
      <h1 className="mb-4 text-xl font-semibold">Souk lab (development only)</h1>
      <div className="grid gap-4 md:grid-cols-2">
        {actors.map((actor) => (
          <ActorCard key={actor.name} actor={actor} />
        ))}
      </div>
    </main>
  );
}
