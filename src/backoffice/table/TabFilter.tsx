import { FormattedMessage, useIntl } from 'react-intl';
import type { LocaleKey } from './types';

export interface TabFilterItem<V extends string | number> {
  label: LocaleKey;
  value: V;
  /** A counter shown beside the label (hidden when 0 or absent). */
  badge?: number;
  /** Locale key naming what the counter counts, with `{count}` (default 'table.badge', "{count} pending"). */
  badgeLabel?: LocaleKey;
}

export interface TabFilterProps<V extends string | number> {
  /** Locale key naming the group (the tablist's label). */
  label: LocaleKey;
  items: TabFilterItem<V>[];
  active: V;
  onChange: (value: V) => void;
}

/**
 * Toolbar filter buttons with optional badges (reference screens.md §4.5 store tabs): one list
 * filter value at a time. They wrap onto a second line rather than scroll out of sight (the
 * after-sale stages in English are wider than the page at 1280 px). Pages re-key their TablePage on the value so its list reloads.
 */
export function TabFilter<V extends string | number>({ label, items, active, onChange }: TabFilterProps<V>) {
  const intl = useIntl();
  return (
    <div role="tablist" aria-label={intl.formatMessage({ id: label })} className="flex max-w-full flex-wrap gap-1">
      {items.map((item) => {
        const selected = item.value === active;
        return (
          <button
            key={String(item.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(item.value)}
            className={`focus-ring flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded border px-3 py-1.5 text-sm ${selected ? 'border-office bg-office text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
          >
            <FormattedMessage id={item.label} />
            {!!item.badge && (
              <span className="rounded-full bg-red-600 px-1.5 text-xs leading-5 text-white" aria-label={intl.formatMessage({ id: item.badgeLabel ?? 'table.badge' }, { count: item.badge })}>
                {item.badge}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The tab a link asked for (`?tab=<value>`, e.g. the dashboard's to-do strip opening the stores
 * awaiting review), when it is one of `values`; else `fallback`.
 */
export function tabFromUrl<V extends string | number>(values: readonly V[], fallback: V): V {
  const asked = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('tab');
  return values.find((value) => asked !== null && String(value) === asked) ?? fallback;
}
