import { useCallback, useMemo, useState } from 'react';
import type { Column } from './types';

/** Where a page's column choice is remembered (per back office and list URL). */
export const columnsStorageKey = (area: number, url: string) => `souk.columns:${area}:${url}`;

/** The operator's choice: column value → shown. Columns not in it follow their `hidden` default. */
export type ColumnChoice = Record<string, boolean>;

function read(key: string): ColumnChoice {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean')) as ColumnChoice;
  } catch {
    return {};
  }
}

export const columnShown = (column: Column, choice: ColumnChoice) => choice[column.value] ?? !column.hidden;

/**
 * The columns the operator chose to see on this page, remembered in localStorage: a column is
 * shown unless the operator hid it or the page hides it by default (`hidden`) and it was not
 * asked for. At least one column always stays.
 */
export function useColumnChoice(columns: readonly Column[], area: number, url: string) {
  const key = columnsStorageKey(area, url);
  const [state, setState] = useState<{ key: string; choice: ColumnChoice }>(() => ({ key, choice: read(key) }));
  const choice = state.key === key ? state.choice : read(key);
  const visible = useMemo(() => {
    const shown = columns.filter((c) => columnShown(c, choice));
    return shown.length ? shown : columns.slice(0, 1);
  }, [columns, choice]);
  const toggle = useCallback(
    (value: string, on: boolean) => {
      const next = { ...choice, [value]: on };
      if (!on && columns.every((c) => c.value === value || !columnShown(c, next))) return;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or refused: the choice holds for this visit
      }
      setState({ key, choice: next });
    },
    [choice, columns, key],
  );
  return { visible, choice, toggle };
}
