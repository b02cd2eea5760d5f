import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { resultText } from '../../api/client';
import { Field } from '../../ui/Field';
import { RequiredLabel } from '../../ui/RequiredLabel';
import { SaveDialog } from '../../ui/SaveDialog';
import { Select } from '../../ui/Select';
import type { BackofficeArea } from '../table/types';
import { WAYBILL } from './orderStatus';
import { changeStatus, fetchExpresses, type Express, type OrderDetail } from './ordersApi';

export interface ShipDialogProps {
  area: BackofficeArea;
  order: { id: number; order_no: string };
  onClose: () => void;
  /** The order as the server answered after shipping it. */
  onShipped: (order: OrderDetail) => void;
}

type Errors = Partial<Record<'delivery_code' | 'delivery_no', string>>;

/**
 * Ship a paid order: an express company of the platform's list and the waybill number, checked
 * here as the server checks them; the server's refusal (another state, a bad field) shows at
 * the field it names, or above the form.
 */
export function ShipDialog({ area, order, onClose, onShipped }: ShipDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const labelId = useId();
  const [expresses, setExpresses] = useState<Express[]>([]);
  const [code, setCode] = useState('');
  const [waybill, setWaybill] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchExpresses(area).then((list) => live && setExpresses(list));
    return () => {
      live = false;
    };
  }, [area]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const no = waybill.trim();
    const found: Errors = {};
    if (!code) found.delivery_code = t('msg.requiredMsg');
    if (!no) found.delivery_no = t('msg.requiredMsg');
    else if (!WAYBILL.test(no)) found.delivery_no = t('page.orders.waybillRule');
    setErrors(found);
    setRefusal('');
    if (Object.keys(found).length) return;
    setSaving(true);
    const result = await changeStatus(area, { id: order.id, status: 3, delivery_code: code, delivery_no: no });
    setSaving(false);
    if (result.kind === 'ok') return onShipped(result.data);
    const field = result.kind === 'fail' ? (result.data as { field?: unknown } | null)?.field : undefined;
    const text = resultText(result);
    if (field === 'delivery_code' || field === 'delivery_no') setErrors({ [field]: text });
    else setRefusal(text);
  };

  return (
    <SaveDialog title={<FormattedMessage id="page.orders.shipTitle" values={{ no: order.order_no }} />} onClose={onClose} onSubmit={(e) => void submit(e)} saving={saving}>
      {refusal && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label id={labelId} htmlFor={`${labelId}-input`} className="text-sm font-medium text-slate-800">
          <RequiredLabel id="page.orders.express" />
        </label>
        <Select
          id={`${labelId}-input`}
          aria-labelledby={labelId}
          aria-required
          aria-describedby={errors.delivery_code ? `${labelId}-error` : undefined}
          options={expresses.map((e) => ({ label: e.name, value: e.code, keywords: e.code }))}
          value={code}
          onChange={(v) => {
            setCode(String(v ?? ''));
            setErrors((e) => ({ ...e, delivery_code: undefined }));
          }}
          filterable
          invalid={!!errors.delivery_code}
          placeholder={t('page.orders.expressPlaceholder')}
        />
        {errors.delivery_code && (
          <p id={`${labelId}-error`} role="alert" className="text-xs text-red-700">
            {errors.delivery_code}
          </p>
        )}
      </div>
      <Field
        label={<FormattedMessage id="page.orders.waybillNo" />}
        name="delivery_no"
        value={waybill}
        maxLength={30}
        aria-required
        autoComplete="off"
        // the rule is the hint until it is the error: never the same sentence twice
        hint={errors.delivery_no ? undefined : <FormattedMessage id="page.orders.waybillRule" />}
        error={errors.delivery_no}
        onChange={(e) => {
          setWaybill(e.target.value);
          setErrors((found) => ({ ...found, delivery_no: undefined }));
        }}
      />
    </SaveDialog>
  );
}
