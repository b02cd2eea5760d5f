import { FormattedMessage } from 'react-intl';
import { formatCents, toCents } from './money';

/** "￥99.00" (screens §3 "Money is shown with ￥"); `market` is struck through. */
export function Price({ value, cents, className = 'text-brand font-semibold' }: { value?: string | number; cents?: number; className?: string }) {
  return (
    <span className={className}>
      <FormattedMessage id="shop.money" values={{ value: formatCents(cents ?? toCents(value)) }} />
    </span>
  );
}

export function MarketPrice({ value, cents }: { value?: string | number; cents?: number }) {
  const amount = cents ?? toCents(value);
  if (!amount) return null;
  return (
    <s className="text-xs text-slate-600">
      <span className="sr-only">
        <FormattedMessage id="shop.price.market" />
      </span>
      <FormattedMessage id="shop.money" values={{ value: formatCents(amount) }} />
    </s>
  );
}
