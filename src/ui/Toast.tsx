import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { dismissToast, getToasts, subscribeToasts, type ToastKind } from './toast';

const tone: Record<ToastKind, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-slate-600 bg-white text-slate-900',
};

/** Live region where toasts appear (role=status, polite). */
export function ToastRegion() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const intl = useIntl();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed top-4 left-1/2 z-[3100] flex w-[min(92vw,420px)] -translate-x-1/2 flex-col gap-2"
    >
      {items.map((t) => (
        <div
          key={t.id}
          data-kind={t.kind}
          className={`pointer-events-auto flex items-start justify-between gap-3 rounded border-l-4 px-4 py-2 text-sm shadow ${tone[t.kind]}`}
        >
          <span>{t.text}</span>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label={intl.formatMessage({ id: 'btn.close' })}
            className="rounded px-1 leading-none focus-visible:outline-2 focus-visible:outline-current"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
