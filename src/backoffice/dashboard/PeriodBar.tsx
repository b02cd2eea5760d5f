import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UNITS, type Unit } from '../../../machines/dashboard';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TabFilter } from '../table/TabFilter';
import type { Figures } from './useFigures';

/**
 * The period of a dashboard page: day / month / year, a range of days (checked by the machine
 * before anything is sent), refresh; while a load runs it says so, a failed one offers a retry.
 */
export function PeriodBar({ figures }: { figures: Figures }) {
  const intl = useIntl();
  const id = useId();
  const { state, send } = figures;
  const { unit, range, rangeError, error } = state.context;
  const [from, setFrom] = useState(range?.[0] ?? '');
  const [to, setTo] = useState(range?.[1] ?? '');
  const loading = state.matches('loading');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <TabFilter<Unit>
          label="dashboard.period"
          items={UNITS.map((u) => ({ label: `dashboard.unit.${u}`, value: u }))}
          active={range ? ('' as Unit) : unit}
          onChange={(next) => {
            setFrom('');
            setTo('');
            send({ type: 'PERIOD.SET', unit: next });
          }}
        />
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label={intl.formatMessage({ id: 'dashboard.range' })}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'RANGE.SET', from, to });
          }}
        >
          <label className="flex flex-col text-xs text-slate-700" htmlFor={`${id}-from`}>
            <FormattedMessage id="dashboard.range.from" />
            <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} required aria-invalid={!!rangeError} aria-describedby={rangeError ? `${id}-error` : undefined} className="focus-ring rounded border border-slate-300 px-2 py-1 text-sm" />
          </label>
          <label className="flex flex-col text-xs text-slate-700" htmlFor={`${id}-to`}>
            <FormattedMessage id="dashboard.range.to" />
            <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} required aria-invalid={!!rangeError} aria-describedby={rangeError ? `${id}-error` : undefined} className="focus-ring rounded border border-slate-300 px-2 py-1 text-sm" />
          </label>
          <Button type="submit" variant="secondary" className="!px-3 !py-1.5">
            <FormattedMessage id="dashboard.range.apply" />
          </Button>
          {range && (
            <Button
              variant="ghost"
              className="!px-3 !py-1.5"
              onClick={() => {
                setFrom('');
                setTo('');
                send({ type: 'RANGE.CLEAR' });
              }}
            >
              <FormattedMessage id="dashboard.range.clear" />
            </Button>
          )}
        </form>
        <Button variant="ghost" className="!px-3 !py-1.5" onClick={() => send({ type: 'REFRESH' })} disabled={loading}>
          <FormattedMessage id="dashboard.refresh" />
        </Button>
        {loading && <Spinner size="sm" label={intl.formatMessage({ id: 'dashboard.loading' })} />}
      </div>
      {rangeError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          <FormattedMessage id={`dashboard.rangeError.${rangeError}`} values={{ unit: intl.formatMessage({ id: `dashboard.unit.${unit}` }) }} />
        </p>
      )}
      {state.matches('failed') && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          <FormattedMessage id="dashboard.failed" values={{ error: error || intl.formatMessage({ id: 'msg.fail' }) }} />
          <Button variant="secondary" className="!px-3 !py-1" onClick={() => send({ type: 'RETRY' })}>
            <FormattedMessage id="dashboard.retry" />
          </Button>
        </p>
      )}
    </div>
  );
}
