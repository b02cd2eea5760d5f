import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Label, Field } from '@headlessui/react';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MenuIcon } from '../shell/MenuIcon';
import { ICON_NAMES } from './iconNames';

const MAX_SHOWN = 80;

/** Case-insensitive substring filter over icon class names (`cart` finds fa-cart-plus…). */
export function filterIcons(query: string, names: readonly string[] = ICON_NAMES): string[] {
  const q = query.trim().toLowerCase().replace(/^fa\s+/, '');
  if (!q) return [...names];
  return names.filter((name) => name.includes(q));
}

export interface IconPickerProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  names?: readonly string[];
}

/** Search-as-you-type icon picker for menu icons (spec §2). */
export function IconPicker({ value, onChange, label, names = ICON_NAMES }: IconPickerProps) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => filterIcons(query, names), [query, names]);
  const shown = matches.slice(0, MAX_SHOWN);
  return (
    <Field className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-slate-800">{label ?? intl.formatMessage({ id: 'menu.icon' })}</Label>
      <Combobox value={value} onChange={(v: string | null) => onChange(v ?? '')} onClose={() => setQuery('')}>
        <div className="relative flex items-center rounded border border-slate-400 focus-within:outline-2 focus-within:outline-office">
          <span className="pl-2 text-slate-700">
            <MenuIcon icon={value} />
          </span>
          <ComboboxInput
            className="min-w-0 flex-1 px-2 py-2 text-sm text-slate-900 outline-none"
            displayValue={(v: string) => v}
            placeholder={intl.formatMessage({ id: 'menu.iconSearch' })}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ComboboxButton className="focus-ring px-2 text-slate-600" aria-label={intl.formatMessage({ id: 'menu.iconOpen' })}>
            ▾
          </ComboboxButton>
        </div>
        {/* Not modal: a modal list leaves the dialog around it inert (the first click on Submit only closed it). */}
        <ComboboxOptions anchor="bottom start" modal={false} className="z-[3100] max-h-64 w-[var(--input-width)] overflow-auto rounded border border-slate-200 bg-white py-1 shadow-lg empty:invisible">
          {shown.map((name) => (
            <ComboboxOption key={name} value={name} className="flex cursor-default items-center gap-2 px-3 py-1.5 text-sm text-slate-800 data-[focus]:bg-slate-100 data-[selected]:font-semibold">
              <MenuIcon icon={name} />
              {name}
            </ComboboxOption>
          ))}
          {matches.length === 0 && (
            <div className="px-3 py-2 text-sm text-slate-600">
              <FormattedMessage id="menu.iconNone" />
            </div>
          )}
          {matches.length > MAX_SHOWN && (
            <div className="px-3 py-1 text-xs text-slate-600">
              <FormattedMessage id="menu.iconMore" values={{ count: matches.length - MAX_SHOWN }} />
            </div>
          )}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
