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
      className="toast-stack"
    >
      {items.map((t) => (
        <div
          key={t.id}
          data-kind={t.kind}
          className={`toast-card ${tone[t.kind]}`}
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
