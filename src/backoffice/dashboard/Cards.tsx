import { FormattedMessage, useIntl } from 'react-intl';
import type { DashboardAll } from '../../api/dashboard';
import { amount, countText, moneyText } from './format';

/** A percent change against the previous period: up or down in words and colour; "—" without a basis. */
export function Rate({ rate, against }: { rate: number | null; against: string }) {
  const intl = useIntl();
  const than = intl.formatMessage({ id: against });
  if (rate === null) {
    return (
      <span className="text-xs text-slate-600">
        <FormattedMessage id="dashboard.rate.none" values={{ than }} />
      </span>
    );
  }
  const up = rate > 0;
  const flat = rate === 0;
  const value = `${Math.abs(rate).toFixed(rate % 1 === 0 ? 0 : 2)}%`;
  return (
    <span className={`text-xs font-medium ${flat ? 'text-slate-600' : up ? 'text-red-700' : 'text-emerald-700'}`}>
      <span aria-hidden="true">{flat ? '→' : up ? '▲' : '▼'} </span>
      <FormattedMessage id={flat ? 'dashboard.rate.flat' : up ? 'dashboard.rate.up' : 'dashboard.rate.down'} values={{ than, value }} />
    </span>
  );
}

function Card({ title, value, children }: { title: string; value: string; children?: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm text-slate-700">
        <FormattedMessage id={title} />
      </h3>
      <p className="truncate text-2xl font-semibold tabular-nums text-slate-900" data-figure={title}>
        {value}
      </p>
      {children}
    </div>
  );
}

/** The sales cards (today, this week, this month with their comparisons; all time) and the order counters. */
export function Cards({ data }: { data: DashboardAll }) {
  const intl = useIntl();
  const money = (v: string) => moneyText(intl.locale, amount(v));
  const previous = (key: string, v: string) => (
    <span className="text-xs text-slate-600">
      <FormattedMessage id={key} values={{ value: money(v) }} />
    </span>
  );
  const counters: [string, number][] = [
    ['dashboard.orders.wait', data.order_wait],
    ['dashboard.orders.send', data.order_send],
    ['dashboard.orders.refund', data.order_refund],
    ['dashboard.orders.complete', data.order_complete],
  ];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <Card title="dashboard.card.today" value={money(data.today_price)}>
        <Rate rate={data.day_rate} against="dashboard.against.yesterday" />
        {previous('dashboard.card.yesterday', data.yesterday_price)}
      </Card>
      <Card title="dashboard.card.week" value={money(data.week_price)}>
        <Rate rate={data.week_rate} against="dashboard.against.lastWeek" />
        {previous('dashboard.card.lastWeek', data.last_week_price)}
      </Card>
      <Card title="dashboard.card.month" value={money(data.month_price)}>
        <Rate rate={data.month_rate} against="dashboard.against.lastMonth" />
        {previous('dashboard.card.lastMonth', data.last_month_price)}
      </Card>
      <div className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
        <h3 className="text-sm text-slate-700">
          <FormattedMessage id="dashboard.card.total" />
        </h3>
        <p className="truncate text-2xl font-semibold tabular-nums text-slate-900" data-figure="dashboard.card.total">
          {money(data.total_price)}
        </p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-700">
          {counters.map(([key, n]) => (
            <div key={key} className="flex justify-between gap-2">
              <dt>
                <FormattedMessage id={key} />
              </dt>
              <dd className="font-semibold tabular-nums text-slate-900" data-figure={key}>
                {countText(intl.locale, n)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
