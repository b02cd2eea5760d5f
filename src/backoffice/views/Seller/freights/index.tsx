import { useMachine } from '@xstate/react';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import { describeRow, NAME_MAX, NUMBER_FIELDS, payloadOf, takenElsewhere, type FreightNumber, type FreightRow, type Province } from '../../../../../machines/freightEditor';
import { freightEditorMachine, type LoadFreightsOutput } from '../../../../../machines/freightEditor.machine';
import { unwrap } from '../../../../app/sessionActors';
import { getInspect } from '../../../../app/inspectHook';
import { useLeaveGuard } from '../../../../app/leaveGuard';
import { Button } from '../../../../ui/Button';
import { Field } from '../../../../ui/Field';
import { Select } from '../../../../ui/Select';
import { Spinner } from '../../../../ui/Spinner';
import { toast } from '../../../../ui/toast';
import { call, rowsOf } from '../../Admin/shared/pageApi';

/**
 * Menu view `Seller/freights/index` (`/Seller/freights`, screens §4.6): the store's default freight
 * template first, then its province templates (name, first weight and price, further weight and
 * price, provinces from the area tree's first level, each province in one template at most). The
 * whole editor is saved at once; removing a template only changes the form until it is saved.
 * The flow is machines/freightEditor.machine.ts; this binds it to the API and draws it.
 */

const NUMBER_LABELS: Record<FreightNumber, string> = {
  f_weight: 'page.freights.fWeight',
  f_price: 'page.freights.fPrice',
  o_weight: 'page.freights.oWeight',
  o_price: 'page.freights.oPrice',
};

/** The machine with its effects: GET the templates and the provinces, PUT the whole editor. */
function useBoundEditor() {
  const intl = useIntl();
  return useMemo(
    () =>
      freightEditorMachine.provide({
        actors: {
          loadFreights: fromPromise<LoadFreightsOutput>(async () => {
            const [list, areas] = await Promise.all([call<unknown>(1, 'GET', 'freights', { isAll: 1 }), call<unknown>(1, 'GET', '/load_areas', { deep: 0 })]);
            return {
              templates: rowsOf(unwrap(list)),
              provinces: rowsOf<Province>(unwrap(areas)).map((p) => ({ id: Number(p.id), name: String(p.name) })),
            };
          }),
          saveFreights: fromPromise<Record<string, unknown>[], { rows: FreightRow[] }>(async ({ input }) =>
            rowsOf(unwrap(await call<unknown>(1, 'PUT', 'freights/0', payloadOf(input.rows), true))),
          ),
        },
        actions: {
          notifySaved: () => toast.success(intl.formatMessage({ id: 'msg.success' })),
          notifyError: (_, { message }) => toast.error(message || intl.formatMessage({ id: 'msg.abnormal' })),
        },
      }),
    [intl],
  );
}

export default function SellerFreightsPage() {
  const intl = useIntl();
  const [state, send] = useMachine(useBoundEditor(), { inspect: getInspect() });
  const { rows, provinces, dirty } = state.context;
  // a long form: leaving it with unsaved changes asks first (issue 30)
  const guard = useLeaveGuard(dirty);
  // checked here: locale keys; refused by the server: its own words
  const errors = Object.fromEntries(
    Object.entries(state.context.errors).map(([path, text]) => [path, /^(page|msg)\./.test(text) ? intl.formatMessage({ id: text }) : text]),
  );

  if (state.matches('failed')) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-sm text-slate-700">
        <p role="alert">
          <FormattedMessage id="page.freights.loadFailed" />
        </p>
        <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
          <FormattedMessage id="page.freights.retry" />
        </Button>
      </div>
    );
  }
  if (state.matches('loading')) {
    return (
      <div className="flex justify-center py-12 text-slate-500">
        <Spinner />
      </div>
    );
  }
  const change = (index: number) => (patch: Partial<FreightRow>) => send({ type: 'ROW.SET', index, patch });
  const summary = describeRow(rows[0]);
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <section aria-labelledby="freight-default" className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-3 md:p-4">
        <h2 id="freight-default" className="text-base font-semibold text-slate-900">
          <FormattedMessage id="page.freights.defaultTitle" />
        </h2>
        <p className="text-sm text-slate-600">
          <FormattedMessage id="page.freights.defaultHint" />
        </p>
        <NumberFields row={rows[0]} index={0} errors={errors} onChange={change(0)} />
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
                onChange={change(index)}
                onRemove={() => send({ type: 'ROW.REMOVE', index })}
              />
            );
          })}
        </ul>
        <div>
          <Button variant="secondary" onClick={() => send({ type: 'ROW.ADD', name: intl.formatMessage({ id: 'page.freights.newName' }) })}>
            <FormattedMessage id="page.freights.add" />
          </Button>
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="office" loading={state.matches('saving')}>
          <FormattedMessage id="btn.save" />
        </Button>
        <Button variant="secondary" disabled={!dirty || state.matches('saving')} onClick={() => send({ type: 'DISCARD' })}>
          <FormattedMessage id="page.freights.discard" />
        </Button>
        {dirty && (
          <span className="text-sm text-amber-800" role="status">
            <FormattedMessage id="page.freights.unsaved" />
          </span>
        )}
      </div>
      {guard.dialog}
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
