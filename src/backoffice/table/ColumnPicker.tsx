import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Checkbox } from '../../ui/Checkbox';
import { columnShown, type ColumnChoice } from './columnChoice';
import type { Column } from './types';

/** The toolbar's "Columns" menu: a checkbox per column (Headless UI Popover, keyboard reachable). */
export function ColumnPicker({ columns, choice, onToggle }: { columns: readonly Column[]; choice: ColumnChoice; onToggle: (value: string, on: boolean) => void }) {
  const intl = useIntl();
  const shownCount = columns.filter((c) => columnShown(c, choice)).length;
  return (
    <Popover className="relative">
      <PopoverButton className="focus-ring inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
        <FormattedMessage id="ux.table.columns" />
        <span className="text-slate-500 tabular-nums">
          {shownCount}/{columns.length}
        </span>
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-[3050] mt-1 flex max-h-80 min-w-48 flex-col gap-1 overflow-auto rounded border border-slate-200 bg-white p-2 shadow-lg"
        aria-label={intl.formatMessage({ id: 'ux.table.columnsLabel' })}
      >
        {columns.map((c) => {
          const on = columnShown(c, choice);
          return (
            <label key={c.value} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm text-slate-800 hover:bg-slate-50">
              <Checkbox checked={on} disabled={on && shownCount === 1} onChange={(next) => onToggle(c.value, next)} />
              {intl.formatMessage({ id: c.label })}
            </label>
          );
        })}
      </PopoverPanel>
    </Popover>
  );
}
