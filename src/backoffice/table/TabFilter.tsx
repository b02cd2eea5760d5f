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
 * filter value at a time. Pages re-key their TablePage on the value so its list reloads.
 */
export function TabFilter<V extends string | number>({ label, items, active, onChange }: TabFilterProps<V>) {
  const intl = useIntl();
  return (
    <div role="tablist" aria-label={intl.formatMessage({ id: label })} className="inline-flex max-w-full overflow-x-auto rounded border border-slate-300">
      {items.map((item) => {
        const selected = item.value === active;
        return (
          <button
            key={String(item.value)}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(item.value)}
            className={`focus-ring flex shrink-0 items-center gap-1.5 whitespace-nowrap border-r border-slate-300 px-3 py-1.5 text-sm last:border-r-0 ${selected ? 'bg-office text-white' : 'bg-white text-slate-800 hover:bg-slate-50'}`}
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
