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
      <div className="shrink-0 pt-0.5 text-slate-600 sm:w-20">{label}</div>
      <ul className="flex flex-1 flex-wrap gap-x-2 gap-y-1">{children}</ul>
    </div>
  );
}

/** A list's sort: a key and its direction; neither for 默认. */
export interface Sort<T extends string> { sort_type?: T; sort_order?: SortOrder }

/**
 * Screens §3.5 sort rules (search, store front, store street): another key → asc; the active key
 * toggles its direction; 默认 (no key) has no direction to toggle (the reference flipped one that
 * changed nothing), so it drops both.
 */
/** Keys whose first click sorts from the most (sales, reviews): a shopper wants the best sellers first. */
const DESC_FIRST = new Set(['goods_sale', 'order_comment_count']);

export function nextSort<T extends string>(sort: Sort<T>, type?: T): Sort<T> {
  if (!type) return {};
  const first = DESC_FIRST.has(type) ? 'desc' : 'asc';
  if (sort.sort_type !== type) return { sort_type: type, sort_order: first };
  return { sort_type: type, sort_order: sort.sort_order === 'desc' ? 'asc' : 'desc' };
}

/** A choice of a sort row: its key (none for 默认) and its label's locale key. */
export interface SortOption<T extends string> { type?: T; id: string }

/** The goods lists' choices (search page, store front). */
export const GOODS_SORTS: SortOption<SortType>[] = [
  { id: 'shop.sort.default' },
  { type: 'goods_price', id: 'shop.sort.price' },
  { type: 'goods_sale', id: 'shop.sort.sale' },
  { type: 'order_comment_count', id: 'shop.sort.comment' },
];

/**
 * 默认 and the given keys with the active direction; links (search page) or buttons (store
 * front, store street). 默认 has no direction, so it shows none.
 */
export function SortRow<T extends string>({
  state,
  options,
  hrefOf,
  onPick,
}: {
  state: Sort<T>;
  options: SortOption<T>[];
  hrefOf?: (type?: T) => string;
  onPick?: (type?: T) => void;
}) {
  const intl = useIntl();
  return (
    <FilterRow label={<FormattedMessage id="shop.sort.label" />}>
      {options.map(({ type, id }) => {
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
