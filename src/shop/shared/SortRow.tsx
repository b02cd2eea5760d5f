import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';

export type SortType = 'goods_price' | 'goods_sale' | 'order_comment_count';
export type SortOrder = 'asc' | 'desc';

export const chip = (active: boolean) =>
  `focus-ring inline-block rounded px-2 py-0.5 ${active ? 'bg-brand text-white' : 'text-slate-800 underline-offset-2 hover:text-brand hover:underline'}`;

export function FilterRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-b border-slate-100 px-3 py-2 last:border-0 sm:flex-row sm:gap-3">
      <div className="w-20 shrink-0 pt-0.5 text-slate-600">{label}</div>
      <ul className="flex flex-1 flex-wrap gap-x-2 gap-y-1">{children}</ul>
    </div>
  );
}

const SORTS: { type?: SortType; id: string }[] = [
  { id: 'shop.sort.default' },
  { type: 'goods_price', id: 'shop.sort.price' },
  { type: 'goods_sale', id: 'shop.sort.sale' },
  { type: 'order_comment_count', id: 'shop.sort.comment' },
];

/**
 * 默认 / 价格 / 销量 / 评论 with the active direction; links (search page) or buttons (store front).
 * 默认 has no direction (the reference toggled one that changed nothing), so it shows none.
 */
export function SortRow({ state, hrefOf, onPick }: { state: { sort_type?: SortType; sort_order?: SortOrder }; hrefOf?: (type?: SortType) => string; onPick?: (type?: SortType) => void }) {
  const intl = useIntl();
  return (
    <FilterRow label={<FormattedMessage id="shop.sort.label" />}>
      {SORTS.map(({ type, id }) => {
        const active = state.sort_type === type;
        const order = active && type ? (state.sort_order ?? 'asc') : undefined;
        const body = (
          <>
            <FormattedMessage id={id} />
            {order && (
              <>
                <span aria-hidden="true"> {order === 'asc' ? '↑' : '↓'}</span>
                <span className="sr-only"> {intl.formatMessage({ id: order === 'asc' ? 'shop.sort.asc' : 'shop.sort.desc' })}</span>
              </>
            )}
          </>
        );
        return (
          <li key={id}>
            {hrefOf ? (
              <Link href={hrefOf(type)} className={chip(active)} aria-current={active ? 'true' : undefined}>
                {body}
              </Link>
            ) : (
              <button type="button" onClick={() => onPick?.(type)} className={chip(active)} aria-pressed={active}>
                {body}
              </button>
            )}
          </li>
        );
      })}
    </FilterRow>
  );
}
