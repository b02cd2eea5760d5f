import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { periodKey, periodQuery } from '../../../machines/dashboard';
import type { Summary } from '../../api/dashboard';
import { TablePage } from '../table/TablePage';
import type { PageConfig } from '../table/types';
import { Rate } from './Cards';
import { PeriodBar } from './PeriodBar';
import { useFigures } from './useFigures';

/**
 * An analysis page (会员分析, 店铺分析, 销量分析, 支付分析; the seller's 销量分析): the period,
 * its total against the previous period, the chart of the period, and the generic table page
 * over the list of the same answer (external-data mode, `listKey`), re-keyed with the period so
 * its pages, searches and Excel export cover what the chart shows.
 */
export interface AnalysisTable {
  /** The part of the answer the table lists (`list`, or a ranking: `store`, `goods`). */
  listKey: string;
  /** Locale key of the table's heading (rankings). */
  title?: string;
  config: Omit<PageConfig, 'url' | 'params' | 'listKey'>;
}

export interface AnalysisPageProps<T> {
  area: 0 | 1;
  /** `user`, `store`, `order` or `pay`: `/api/{Admin|Seller}/dashboard/<name>`. */
  name: string;
  /** What the period's total counts, and how it reads. */
  total: { label: string; current: (s: Summary) => number; previous: (s: Summary) => number; format: (v: number, locale: string) => string };
  chart: (data: T, busy: boolean) => ReactNode;
  tables: AnalysisTable[];
}

/** Buttons of a list that only reads: search and export. */
export const READ_ONLY = { store: false, update: false, deletes: false, destroy: false, show: false, import: false, export: true } as const;

export function AnalysisPage<T extends { summary: Summary }>({ area, name, total, chart, tables }: AnalysisPageProps<T>) {
  const intl = useIntl();
  const figures = useFigures<T>(area, name);
  const { unit, range } = figures.state.context;
  const data = figures.data;
  const key = periodKey(unit, range);
  const params = periodQuery(unit, range);
  const url = `/${area === 0 ? 'Admin' : 'Seller'}/dashboard/${name}`;
  const current = data ? total.current(data.summary) : 0;
  const previous = data ? total.previous(data.summary) : 0;
  const rate = previous === 0 ? (current === 0 ? 0 : null) : Math.round(((current - previous) / previous) * 10_000) / 100;
  return (
    <div className="flex flex-col gap-4" data-dashboard={figures.state.value as string}>
      <PeriodBar figures={figures} />
      {data && (
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>
            <FormattedMessage id={total.label} />
            {intl.formatMessage({ id: 'dashboard.colon' })}
            <strong className="text-lg tabular-nums text-slate-900" data-figure="total">
              {total.format(current, intl.locale)}
            </strong>
          </span>
          <span>
            <FormattedMessage id="dashboard.previousPeriod" values={{ value: total.format(previous, intl.locale) }} />
          </span>
          <Rate rate={rate} against="dashboard.against.previous" />
        </p>
      )}
      {data && chart(data, figures.state.matches('loading'))}
      {tables.map((table) => (
        <section key={table.listKey} className="min-w-0" aria-label={table.title ? intl.formatMessage({ id: table.title }) : undefined}>
          {table.title && (
            <h2 className="mb-2 text-sm font-semibold text-slate-800">
              <FormattedMessage id={table.title} />
            </h2>
          )}
          <TablePage key={`${key}/${table.listKey}`} config={{ ...table.config, url, params, listKey: table.listKey }} />
        </section>
      ))}
    </div>
  );
}
