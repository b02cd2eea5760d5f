import { FormattedMessage } from 'react-intl';

/** Integer cents as "12.50" (no floating point on the way). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "￥12.50". */
export function Money({ cents, className }: { cents: number; className?: string }) {
  return (
    <span className={className}>
      <FormattedMessage id="shop.cart.money" values={{ value: formatCents(cents) }} />
    </span>
  );
}
