import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaIndex } from '../../machines/areas';
import { Field } from '../ui/Field';
import { RequiredLabel } from '../ui/RequiredLabel';
import { Select } from '../ui/Select';
import { loadExpresses, type Express } from '../api/refunds';

export interface WaybillValue {
  delivery_code: string;
  delivery_no: string;
}

/** An express company of the platform's list and a waybill number, with their errors. */
export function WaybillFields({ area, value, onChange, errors }: { area: AreaIndex; value: WaybillValue; onChange: (value: WaybillValue) => void; errors: { delivery_code?: string; delivery_no?: string } }) {
  const intl = useIntl();
  const labelId = useId();
  const [expresses, setExpresses] = useState<Express[]>([]);
  useEffect(() => {
    let live = true;
    void loadExpresses(area).then((list) => live && setExpresses(list));
    return () => {
      live = false;
    };
  }, [area]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label id={labelId} htmlFor={`${labelId}-input`} className="text-sm font-medium text-slate-800">
          <RequiredLabel id="refund.express" />
        </label>
        <Select
          id={`${labelId}-input`}
          aria-labelledby={labelId}
          aria-required
          aria-describedby={errors.delivery_code ? `${labelId}-error` : undefined}
          options={expresses.map((e) => ({ label: e.name, value: e.code, keywords: e.code }))}
          value={value.delivery_code}
          onChange={(v) => onChange({ ...value, delivery_code: String(v ?? '') })}
          filterable
          invalid={!!errors.delivery_code}
          placeholder={intl.formatMessage({ id: 'refund.expressPlaceholder' })}
        />
        {errors.delivery_code && (
          <p id={`${labelId}-error`} role="alert" className="text-xs text-red-700">
            {errors.delivery_code}
          </p>
        )}
      </div>
      <Field
        label={<FormattedMessage id="refund.waybill" />}
        name="delivery_no"
        value={value.delivery_no}
        maxLength={30}
        aria-required
        autoComplete="off"
        error={errors.delivery_no}
        onChange={(e) => onChange({ ...value, delivery_no: e.target.value })}
      />
    </div>
  );
}
