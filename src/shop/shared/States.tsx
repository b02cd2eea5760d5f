import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../ui/Spinner';

export function Loading() {
  return (
    <div className="flex min-h-[70vh] justify-center py-16 text-slate-500">
      <Spinner />
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-sm text-slate-700">
      <p>{message || <FormattedMessage id="shop.state.failed" />}</p>
      <button type="button" onClick={onRetry} className="focus-ring rounded border border-slate-300 px-4 py-1.5 hover:border-brand hover:text-brand">
        <FormattedMessage id="shop.state.retry" />
      </button>
    </div>
  );
}
