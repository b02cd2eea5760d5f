import { FormattedMessage, useIntl } from 'react-intl';
import type { RankedRow } from '../../api/dashboard';
import { amount, countText, moneyText } from './format';

/** A ranking (top stores or goods of the period): rank, name, paid orders, amount. */
export function RankList({ title, rows, nameKey }: { title: string; rows: RankedRow[]; nameKey: 'store_name' | 'goods_name' }) {
  const intl = useIntl();
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`rank-${title}`}>
      <h2 id={`rank-${title}`} className="mb-2 text-sm font-semibold text-slate-800">
        <FormattedMessage id={title} />
      </h2>
      {rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">
          <FormattedMessage id="dashboard.rank.empty" />
        </p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead className="text-left text-xs text-slate-600">
            <tr>
              <th scope="col" className="w-8 py-1">
                <FormattedMessage id="dashboard.rank.no" />
              </th>
              <th scope="col" className="py-1">
                <FormattedMessage id={nameKey === 'store_name' ? 'dashboard.rank.store' : 'dashboard.rank.goods'} />
              </th>
              <th scope="col" className="w-16 py-1 text-right">
                <FormattedMessage id="dashboard.rank.orders" />
              </th>
              <th scope="col" className="w-28 py-1 text-right">
                <FormattedMessage id="dashboard.rank.amount" />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.id} className="border-t border-slate-100">
                <td className="py-1.5 tabular-nums text-slate-600">{index + 1}</td>
                <td className="truncate py-1.5 text-slate-900" title={row[nameKey]}>
                  {row[nameKey]}
                </td>
                <td className="py-1.5 text-right tabular-nums">{countText(intl.locale, row.orders_count)}</td>
                <td className="py-1.5 text-right tabular-nums">{moneyText(intl.locale, amount(row.total_price))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
