import { FormattedMessage, useIntl } from 'react-intl';
import type { DiscountLine } from '../../../machines/checkout';
import type { StoreCoupons } from '../../../machines/couponPicker';
import { Money } from '../cart/Money';

/** A price in yuan for an option's text (a native <option> holds text only). */
const yuan = (cents: number) => (cents / 100).toFixed(2);

/** The coupon of one store group: "no coupon" or one the shopper may use (best first, the best preselected). */
export function CouponChoice({ store, disabled, onChoose }: { store: StoreCoupons; disabled: boolean; onChoose: (couponId: number) => void }) {
  const intl = useIntl();
  const id = `checkout-coupon-${store.storeId}`;
  if (store.options.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="coupon-none">
        <FormattedMessage id="shop.order.coupon.noneUsable" />
      </p>
    );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-slate-800">
        <FormattedMessage id="shop.order.coupon.label" />
      </label>
      <select
        id={id}
        data-testid="coupon-select"
        value={store.chosen}
        disabled={disabled}
        onChange={(event) => onChoose(Number(event.target.value))}
        className="focus-ring min-h-9 rounded border border-slate-400 bg-white px-3 py-1.5 text-sm disabled:bg-slate-100"
      >
        <option value={0}>{intl.formatMessage({ id: 'shop.order.coupon.notUse' })}</option>
        {store.options.map((option) => (
          <option key={option.id} value={option.id}>
            {intl.formatMessage(
              { id: option.thresholdCents > 0 ? 'shop.order.coupon.option' : 'shop.order.coupon.optionNoThreshold' },
              { name: option.name, money: yuan(option.cents), threshold: yuan(option.thresholdCents) },
            )}
          </option>
        ))}
      </select>
    </div>
  );
}

const KIND_LABEL: Record<string, string> = {
  coupon: 'shop.order.coupon.kind.coupon',
  fullReduction: 'shop.order.coupon.kind.fullReduction',
};

/** Every discount of a store group, line by line (in a <dl> of two columns). */
export function DiscountLines({ discounts }: { discounts: readonly DiscountLine[] }) {
  const intl = useIntl();
  return (
    <>
      {discounts.map((d, i) => (
        <div key={`${d.kind}-${i}`} className="contents" data-testid={`discount-${d.kind}`}>
          <dt className="text-slate-600">
            {KIND_LABEL[d.kind] ? intl.formatMessage({ id: KIND_LABEL[d.kind] }) : d.kind}
            {d.label && <span className="ml-1 text-xs text-slate-500">{d.label}</span>}
          </dt>
          <dd className="text-red-700">
            -<Money cents={d.cents} />
          </dd>
        </div>
      ))}
    </>
  );
}
