import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AreaIndex } from '../../machines/areas';
import { resultText } from '../api/client';
import { loadTrace, type ParcelTrace as Trace } from '../api/tracking';
import { Spinner } from '../ui/Spinner';

const STATE_STYLE: Record<Trace['state'], string> = {
  delivered: 'bg-emerald-100 text-emerald-900',
  transit: 'bg-sky-100 text-sky-900',
  problem: 'bg-red-100 text-red-900',
  unknown: 'bg-slate-100 text-slate-800',
};

type Load = { kind: 'loading' } | { kind: 'ok'; trace: Trace } | { kind: 'failed'; message: string };

/**
 * The parcel's trace as a timeline, newest step first, for an order that has a waybill (the user
 * centre's order page and the consoles' order dialog). Test mode (no tracking keys) is said.
 */
export function ParcelTrace({ area, orderId }: { area: AreaIndex; orderId: number }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    void loadTrace(area, orderId).then((result) => {
      if (!live) return;
      setLoad(result.kind === 'ok' ? { kind: 'ok', trace: result.data } : { kind: 'failed', message: resultText(result) });
    });
    return () => {
      live = false;
    };
  }, [area, orderId, attempt]);

  if (load.kind === 'loading') {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner />
        <FormattedMessage id="trace.loading" />
      </p>
    );
  }
  if (load.kind === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="parcel-trace-error">
        <p role="alert" className="text-red-700">
          {load.message || <FormattedMessage id="trace.failed" />}
        </p>
        <button type="button" className="focus-ring rounded border border-slate-300 px-2 py-1 text-slate-800 hover:border-slate-500" onClick={() => setAttempt((n) => n + 1)}>
          <FormattedMessage id="trace.retry" />
        </button>
      </div>
    );
  }
  const { trace } = load;
  return (
    <div className="flex flex-col gap-3" data-testid="parcel-trace" data-provider={trace.provider}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded px-2 py-0.5 font-medium ${STATE_STYLE[trace.state]}`}>
          <FormattedMessage id={`trace.state.${trace.state}`} />
        </span>
        <span className="text-xs text-slate-600">
          <FormattedMessage id={`trace.via.${trace.provider}`} />
        </span>
      </div>
      {trace.test_mode && (
        <p className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          <FormattedMessage id="trace.testMode" />
        </p>
      )}
      {trace.stale && (
        <p className="text-xs text-slate-600">
          <FormattedMessage id="trace.stale" values={{ time: trace.fetched_at }} />
        </p>
      )}
      {trace.steps.length ? (
        <ol className="relative ml-2 border-l border-slate-200" aria-label={trace.delivery_no} data-trace="">
          {trace.steps.map((step, i) => (
            <li key={`${step.time}-${i}`} className="relative pb-4 pl-5 last:pb-0">
              <span aria-hidden className={`absolute -left-[5px] top-1.5 h-2.5 w-2.5 rounded-full ${i === 0 ? 'bg-office' : 'bg-slate-300'}`} />
              <p className={`text-sm ${i === 0 ? 'font-medium text-slate-900' : 'text-slate-700'}`}>{step.text}</p>
              <time className="text-xs tabular-nums text-slate-600">{step.time}</time>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="trace.empty" />
        </p>
      )}
    </div>
  );
}
