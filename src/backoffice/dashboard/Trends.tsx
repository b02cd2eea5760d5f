import { useIntl } from 'react-intl';
import type { PlotPoint } from '../../api/dashboard';
import { Chart } from '../charts/Chart';
import { amount, countText, moneyText } from './format';

/** Sales (bars) and paid orders (line) of each bucket of the period. */
export function SalesTrends({ plot, busy }: { plot: PlotPoint[]; busy: boolean }) {
  const intl = useIntl();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Chart kind="bar" title="dashboard.chart.sales" valueName="dashboard.value.sales" busy={busy} points={plot.map((p) => ({ label: p.time, value: amount(p.num) }))} format={(v) => moneyText(intl.locale, v)} />
      <Chart kind="line" title="dashboard.chart.orders" valueName="dashboard.value.orders" busy={busy} points={plot.map((p) => ({ label: p.time, value: p.orders ?? 0 }))} format={(v) => countText(intl.locale, v)} />
    </div>
  );
}
