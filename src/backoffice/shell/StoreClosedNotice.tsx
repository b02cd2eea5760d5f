import { FormattedMessage } from 'react-intl';
import { useSession } from '../../app/session';

/**
 * Seller centre: a store the platform closed (`store_status` 0 in the seller profile) is told to
 * its owner and staff on every page (issue 15: nothing said so, while the shop hid the store).
 */
export function StoreClosedNotice() {
  const session = useSession(1);
  if (session.user?.store_status !== 0) return null;
  return (
    <p role="alert" className="mb-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <FormattedMessage id="shell.storeClosed" />
    </p>
  );
}
