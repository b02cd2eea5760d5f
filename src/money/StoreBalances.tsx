import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * The strip above the seller centre's withdrawals and balance log: the store's balance and frozen
 * funds ('-' until loaded), and what the page puts beside them (`children`).
 */
export function StoreBalances({ balance, frozen, children }: { balance?: string; frozen?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded bg-white px-4 py-3 text-sm">
      <dl className="flex flex-wrap gap-6">
        <div className="flex gap-2">
          <dt className="text-slate-600">
            <FormattedMessage id="page.sellerMoney.balance" />
          </dt>
          <dd className="font-semibold text-red-700" data-testid="store-money">
            ￥{balance ?? '-'}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">
            <FormattedMessage id="page.sellerMoney.frozen" />
          </dt>
          <dd className="font-semibold text-slate-900" data-testid="store-frozen-money">
            ￥{frozen ?? '-'}
          </dd>
        </div>
      </dl>
      {children}
    </div>
  );
}
