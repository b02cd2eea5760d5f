import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { resultText } from '../../../../api/client';
import { Button } from '../../../../ui/Button';
import { Field } from '../../../../ui/Field';
import { Select } from '../../../../ui/Select';
import { Spinner } from '../../../../ui/Spinner';
import { toast } from '../../../../ui/toast';
import { call, rowsOf } from '../../Admin/shared/pageApi';
import { checkRows, describeRow, emptyRow, NAME_MAX, NUMBER_FIELDS, payloadOf, rowsFromServer, takenElsewhere, type FreightNumber, type FreightRow, type RowErrors } from './freightRows';

/**
 * Menu view `Seller/freights/index` (`/Seller/freights`, screens §4.6): the store's default freight
 * template first, then its province templates (name, first weight and price, further weight and
 * price, provinces from the area tree's first level, each province in one template at most). The
 * whole editor is saved at once; removing a template only changes the form until it is saved.
 */

interface Province {
  id: number;
  name: string;
}

const NUMBER_LABELS: Record<FreightNumber, string> = {
  f_weight: 'page.freights.fWeight',
  f_price: 'page.freights.fPrice',
  o_weight: 'page.freights.oWeight',
  o_price: 'page.freights.oPrice',
};

/** A server refusal's field (`info.2.area_id.0`) as the editor's key (`info.2.area_id`). */
const editorPath = (field: unknown) => (typeof field === 'string' && field.startsWith('info.') ? field.split('.').slice(0, 3).join('.') : '');

export default function SellerFreightsPage() {
  const intl = useIntl();
  const t = useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
  const [rows, setRows] = useState<FreightRow[] | null>(null);
  const [provinces, setProvinces] = useState<Province[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  const load = useCallback(async () => {
    setRows(null);
    const [list, areas] = await Promise.all([call<unknown>(1, 'GET', 'freights', { isAll: 1 }), call<unknown>(1, 'GET', '/load_areas', { deep: 0 })]);
    setProvinces(areas.kind === 'ok' ? rowsOf<Province>(areas.data).map((p) => ({ id: Number(p.id), name: String(p.name) })) : []);
    setRows(rowsFromServer(list.kind === 'ok' ? rowsOf(list.data) : []));
    setErrors({});
    setDirty(false);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const change = (index: number, patch: Partial<FreightRow>) => {
    setRows((current) => current && current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setDirty(true);
  };

  const save = async () => {
    if (!rows) return;
    const found: RowErrors = checkRows(rows);
    setErrors(Object.fromEntries(Object.entries(found).map(([path, key]) => [path, t(key)])));
    if (Object.keys(found).length) return;
    setSaving(true);
    const result = await call<unknown>(1, 'PUT', 'freights/0', payloadOf(rows), true);
    setSaving(false);
    if (result.kind === 'ok') {
      setRows(rowsFromServer(rowsOf(result.data)));
      setDirty(false);
      toast.success(t('msg.success'));
      return;
    }
    const path = result.kind === 'fail' ? editorPath((result.data as { field?: unknown } | null)?.field) : '';
    if (path) setErrors({ [path]: resultText(result) });
    else toast.error(resultText(result));
  };

  if (!rows) {
    return (
      <div className="flex justify-center py-12 text-slate-500">
        <Spinner />
      </div>
    );
  }
  const summary = describeRow(rows[0]);
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <section aria-labelledby="freight-default" className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-3 md:p-4">
        <h2 id="freight-default" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="page.freights.defaultTitle" />
        </h2>
        <p className="text-sm text-slate-600">
          <FormattedMessage id="page.freights.defaultHint" />
        </p>
        <NumberFields row={rows[0]} index={0} errors={errors} onChange={(patch) => change(0, patch)} />
        <p className="text-sm text-slate-800" aria-live="polite">
          <FormattedMessage id={summary.key} values={summary.values} />
        </p>
      </section>

      <section aria-labelledby="freight-areas" className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-3 md:p-4">
        <h2 id="freight-areas" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="page.freights.areaTitle" />
        </h2>
        <p className="text-sm text-slate-600">
          <FormattedMessage id="page.freights.areaHint" />
        </p>
        {rows.length === 1 && (
          <p className="text-sm text-slate-500">
            <FormattedMessage id="page.freights.noAreaTemplates" />
          </p>
        )}
        <ul className="flex flex-col gap-3">
          {rows.slice(1).map((row, k) => {
            const index = k + 1;
            return (
              <AreaTemplate
                key={`${row.id}-${index}`}
                row={row}
                index={index}
                provinces={provinces}
                taken={takenElsewhere(rows, index)}
                errors={errors}
                onChange={(patch) => change(index, patch)}
                onRemove={() => {
                  setRows((current) => current && current.filter((_, i) => i !== index));
                  setErrors({});
                  setDirty(true);
                }}
              />
            );
          })}
        </ul>
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setRows((current) => current && [...current, emptyRow(t('page.freights.newName'))]);
              setDirty(true);
            }}
          >
            <FormattedMessage id="page.freights.add" />
          </Button>
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="office" loading={saving}>
          <FormattedMessage id="btn.save" />
        </Button>
        <Button variant="secondary" disabled={!dirty || saving} onClick={() => void load()}>
          <FormattedMessage id="page.freights.discard" />
        </Button>
        {dirty && (
          <span className="text-sm text-amber-800" role="status">
            <FormattedMessage id="page.freights.unsaved" />
          </span>
        )}
      </div>
    </form>
  );
}

function NumberFields({ row, index, errors, onChange }: { row: FreightRow; index: number; errors: Record<string, string>; onChange: (patch: Partial<FreightRow>) => void }) {
  const intl = useIntl();
  return (
    <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-4">
      {NUMBER_FIELDS.map((field) => (
        <Field
          key={field}
          label={intl.formatMessage({ id: NUMBER_LABELS[field] })}
          name={`info.${index}.${field}`}
          inputMode="decimal"
          autoComplete="off"
          value={row[field]}
          error={errors[`info.${index}.${field}`]}
          onChange={(e) => onChange({ [field]: e.target.value })}
        />
      ))}
    </div>
  );
}

interface AreaTemplateProps {
  row: FreightRow;
  index: number;
  provinces: Province[];
  taken: Set<number>;
  errors: Record<string, string>;
  onChange: (patch: Partial<FreightRow>) => void;
  onRemove: () => void;
}

function AreaTemplate({ row, index, provinces, taken, errors, onChange, onRemove }: AreaTemplateProps) {
  const intl = useIntl();
  const labelId = useId();
  const areaError = errors[`info.${index}.area_id`];
  const options = useMemo(() => provinces.map((p) => ({ label: p.name, value: p.id, disabled: taken.has(p.id) })), [provinces, taken]);
  const name = row.name.trim() || intl.formatMessage({ id: 'page.freights.unnamed' });
  return (
    <li className="flex flex-col gap-3 rounded border border-slate-200 p-3" aria-label={name}>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          className="min-w-0 flex-1 basis-48"
          label={intl.formatMessage({ id: 'page.freights.name' })}
          name={`info.${index}.name`}
          value={row.name}
          maxLength={NAME_MAX}
          error={errors[`info.${index}.name`]}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <Button variant="danger" onClick={onRemove} aria-label={intl.formatMessage({ id: 'page.freights.removeNamed' }, { name })}>
          <FormattedMessage id="btn.delete" />
        </Button>
      </div>
      <NumberFields row={row} index={index} errors={errors} onChange={onChange} />
      <div className="flex flex-col gap-1">
        <label id={labelId} htmlFor={`${labelId}-input`} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="page.freights.provinces" />
        </label>
        <Select
          id={`${labelId}-input`}
          aria-labelledby={labelId}
          aria-describedby={areaError ? `${labelId}-error` : undefined}
          multiple
          filterable
          options={options}
          value={row.area_id}
          invalid={!!areaError}
          placeholder={intl.formatMessage({ id: 'page.freights.provincesPlaceholder' })}
          onChange={(value) => onChange({ area_id: (Array.isArray(value) ? value : []).map(Number).filter((n) => n > 0) })}
        />
        {areaError && (
          <p id={`${labelId}-error`} role="alert" className="text-xs text-red-700">
            {areaError}
          </p>
        )}
        {row.area_id.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={intl.formatMessage({ id: 'page.freights.chosen' }, { name })}>
            {row.area_id.map((id) => {
              const province = provinces.find((p) => p.id === id)?.name ?? String(id);
              return (
                <li key={id}>
                  <button
                    type="button"
                    className="focus-ring inline-flex items-center gap-1 rounded border border-slate-300 bg-slate-50 px-2 py-0.5 text-xs text-slate-800 hover:bg-slate-100"
                    aria-label={intl.formatMessage({ id: 'page.freights.removeProvince' }, { name: province })}
                    onClick={() => onChange({ area_id: row.area_id.filter((other) => other !== id) })}
                  >
                    {province}
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </li>
  );
}
