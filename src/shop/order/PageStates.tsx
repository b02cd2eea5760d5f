import { FormattedMessage } from 'react-intl';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

/**
 * Loading and load-failure states of the buying pages (as the cart page draws its own): kept here
 * rather than importing shop/shared/States, which the home page's chunk holds, so the order pages
 * do not split that chunk and add bytes to the storefront's first load.
 */
export function Waiting() {
  return (
    <div className="flex justify-center py-16 text-slate-500">
      <Spinner />
    </div>
  );
}

export function Failed({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-sm text-slate-700">
      <p>{message || <FormattedMessage id="shop.order.loadFailed" />}</p>
      <Button variant="secondary" onClick={onRetry}>
        <FormattedMessage id="shop.cart.retry" />
      </Button>
    </div>
  );
}
