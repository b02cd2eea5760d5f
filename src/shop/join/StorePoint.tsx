import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MapPicker } from '../../maps/MapPicker';

/**
 * The store's point on the application form (optional): the AMap picker (loaded with this page
 * only) and the longitude / latitude it fills, which can also be typed.
 */
export function StorePoint({ lng, lat, address, errors, onChange }: { lng: string; lat: string; address: string; errors: { store_lng: string | null; store_lat: string | null }; onChange: (field: 'store_lng' | 'store_lat', value: string) => void }) {
  const intl = useIntl();
  const uid = useId();
  const input = (field: 'store_lng' | 'store_lat', value: string) => {
    const error = errors[field];
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-${field}`} className="text-sm font-medium text-slate-800">
          <FormattedMessage id={`shop.join.field.${field}`} />
        </label>
        <input
          id={`${uid}-${field}`}
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(field, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-${field}-error` : undefined}
          className={`focus-ring rounded border px-3 py-2 text-sm text-slate-900 ${error ? 'border-red-700' : 'border-slate-400'}`}
        />
        {error && (
          <p id={`${uid}-${field}-error`} role="alert" className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        <FormattedMessage id="shop.join.point" />
      </legend>
      <MapPicker
        area={2}
        lng={lng}
        lat={lat}
        address={address}
        onPick={(x, y) => {
          onChange('store_lng', x);
          onChange('store_lat', y);
        }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {input('store_lng', lng)}
        {input('store_lat', lat)}
      </div>
      <p className="text-xs text-slate-600">{intl.formatMessage({ id: 'shop.join.pointHint' })}</p>
    </fieldset>
  );
}
