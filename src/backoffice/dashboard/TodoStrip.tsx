import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { AreaIndex } from '../../../machines/areas';
import { routePaths } from '../../../machines/menus';
import type { Todo } from '../../api/dashboard';
import { useShellContext } from '../shell/useShell';

/** What needs doing, each a link to the list that shows it (only pages the account's menus hold). */
const ITEMS: Record<0 | 1, [keyof Todo, string, string][]> = {
  0: [
    ['to_ship', 'dashboard.todo.toShip', '/Admin/orders?tab=2'],
    ['after_sales', 'dashboard.todo.afterSales', '/Admin/refunds'],
    ['stores_review', 'dashboard.todo.storesReview', '/Admin/stores?tab=2'],
    ['goods_review', 'dashboard.todo.goodsReview', '/Admin/goods'],
    ['cashes', 'dashboard.todo.cashes', '/Admin/cashes'],
  ],
  1: [
    ['to_ship', 'dashboard.todo.toShip', '/Seller/orders/wait'],
    ['after_sales', 'dashboard.todo.afterSales', '/Seller/refunds'],
    ['goods_review', 'dashboard.todo.goodsReview', '/Seller/goods'],
    ['cashes', 'dashboard.todo.cashes', '/Seller/cashes'],
  ],
};

export function TodoStrip({ area, todo }: { area: 0 | 1; todo: Todo }) {
  const paths = useShellContext(area as AreaIndex, (c) => routePaths(c.menus));
  const items = ITEMS[area].filter(([, , href]) => paths.has(href.split('?')[0]));
  if (!items.length) return null;
  return (
    <nav aria-labelledby="todo-title" className="rounded-lg border border-slate-200 bg-white p-3">
      <h2 id="todo-title" className="mb-2 text-sm font-semibold text-slate-800">
        <FormattedMessage id="dashboard.todo" />
      </h2>
      <ul className="flex flex-wrap gap-2">
        {items.map(([key, label, href]) => (
          <li key={key}>
            <Link
              href={href}
              className={`focus-ring flex items-center gap-2 rounded border px-3 py-1.5 text-sm ${todo[key] > 0 ? 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100' : 'border-slate-200 bg-slate-50 text-slate-700 hover:bg-slate-100'}`}
            >
              <FormattedMessage id={label} />
              <span className="min-w-6 rounded-full bg-white px-1.5 text-center font-semibold tabular-nums" data-todo={key}>
                {todo[key]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
