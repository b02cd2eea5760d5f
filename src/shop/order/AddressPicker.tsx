import { FormattedMessage, useIntl } from 'react-intl';
import type { CheckoutAddress } from '../../../machines/checkout';

export interface AddressPickerProps {
  addresses: CheckoutAddress[];
  chosen: number | null;
  disabled: boolean;
  onChoose: (id: number) => void;
  onAdd: () => void;
}

/**
 * The caller's addresses as radio cards (arrow keys move between them). Choosing one only chooses
 * it for this checkout; the default address stays as it is (screens §6.3 item 30).
 */
export function AddressPicker({ addresses, chosen, disabled, onChoose, onAdd }: AddressPickerProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby="checkout-address-title" className="mb-6 rounded border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="checkout-address-title" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="shop.order.address" />
        </h2>
        <button type="button" onClick={onAdd} className="focus-ring rounded text-sm text-brand hover:underline">
          <FormattedMessage id="shop.order.addAddress" />
        </button>
      </div>
      {addresses.length === 0 ? (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="shop.order.noAddress" />
        </p>
      ) : (
        <div role="radiogroup" aria-labelledby="checkout-address-title" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {addresses.map((address) => {
            const checked = address.id === chosen;
            return (
              <label
                key={address.id}
                data-testid={`address-${address.id}`}
                className={`relative flex cursor-pointer flex-col gap-1 rounded border-2 p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand ${
                  checked ? 'border-brand bg-red-50/40' : 'border-slate-200 hover:border-slate-400'
                } ${disabled ? 'cursor-wait opacity-80' : ''}`}
              >
                <input
                  type="radio"
                  name="checkout-address"
                  value={address.id}
                  checked={checked}
                  disabled={disabled && !checked}
                  onChange={() => onChoose(address.id)}
                  className="sr-only"
                  aria-label={intl.formatMessage({ id: 'shop.order.addressOption' }, { name: address.name, tel: address.tel, place: `${address.areaInfo} ${address.address}` })}
                />
                <span className="flex items-center gap-2 font-medium text-slate-900">
                  {address.name}
                  <span className="font-normal text-slate-600">{address.tel}</span>
                  {address.isDefault && (
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                      <FormattedMessage id="shop.order.defaultAddress" />
                    </span>
                  )}
                </span>
                <span className="text-slate-700">
                  {address.areaInfo} {address.address}
                </span>
                {checked && (
                  <span aria-hidden="true" className="absolute right-2 bottom-1 text-brand">
                    ✓
                  </span>
                )}
              </label>
            );
          })}
        </div>
      )}
    </section>
  );
}
