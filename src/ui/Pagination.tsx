import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pagerItems } from './pager';

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  /** `total` is a lower bound (the server stopped counting): shown as "at least". */
  capped?: boolean;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (perPage: number) => void;
  disabled?: boolean;
}

const base = 'focus-ring inline-flex h-8 min-w-8 items-center justify-center rounded border px-2 text-sm disabled:cursor-not-allowed';
const btn = `${base} border-slate-300 bg-white text-slate-800 hover:border-office disabled:text-slate-400`;
const current = `${base} border-office bg-office font-semibold text-white`;

/** Spec §9 layout: total, sizes, prev, pager, next, jumper. */
export function Pagination({ page, perPage, total, capped = false, sizes, onPage, onSize, disabled = false }: PaginationProps) {
  const intl = useIntl();
  const sizeId = useId();
  const jumpId = useId();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);
  // past a capped total the last page is unknown: the jumper may go beyond the pages counted
  const reach = capped ? Number.MAX_SAFE_INTEGER : pages;
  const go = (to: number) => {
    const target = Math.min(reach, Math.max(1, Math.floor(to)));
    if (Number.isFinite(target) && target !== page) onPage(target);
    else setJump(String(page));
  };
  return (
    <nav aria-label={intl.formatMessage({ id: 'table.pagination' })} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span data-testid="pagination-total">
        <FormattedMessage id={capped ? 'table.totalMore' : 'table.total'} values={{ total }} />
      </span>
      <label htmlFor={sizeId} className="sr-only">
        <FormattedMessage id="table.pageSize" />
      </label>
      <select
        id={sizeId}
        value={perPage}
        disabled={disabled}
        onChange={(e) => onSize(Number(e.target.value))}
        className="focus-ring h-8 rounded border border-slate-300 bg-white px-2 text-sm"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {intl.formatMessage({ id: 'table.perPage' }, { size })}
          </option>
        ))}
      </select>
      <button type="button" className={btn} disabled={disabled || page <= 1} onClick={() => go(page - 1)} aria-label={intl.formatMessage({ id: 'table.prev' })}>
        ‹
      </button>
      <ul className="flex items-center gap-1">
        {pagerItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={item === page ? current : btn}
                aria-current={item === page ? 'page' : undefined}
                aria-label={intl.formatMessage({ id: 'table.pageN' }, { page: item })}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ),
        )}
      </ul>
      <button type="button" className={btn} disabled={disabled || page >= pages} onClick={() => go(page + 1)} aria-label={intl.formatMessage({ id: 'table.next' })}>
        ›
      </button>
      <label htmlFor={jumpId} className="ml-2">
        <FormattedMessage id="table.goto" />
      </label>
      <input
        id={jumpId}
        type="number"
        min={1}
        max={capped ? undefined : pages}
        value={jump}
        disabled={disabled}
        onChange={(e) => setJump(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') go(Number(jump));
        }}
        onBlur={() => jump !== String(page) && go(Number(jump))}
        className="focus-ring h-8 w-16 rounded border border-slate-300 px-2 text-sm"
      />
    </nav>
  );
}
