import {
  Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions,
  Listbox, ListboxButton, ListboxOption, ListboxOptions,
} from '@headlessui/react';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';

export interface SelectOption {
  label: string;
  value: unknown;
  disabled?: boolean;
  /** Other words typing finds the option by, beside its label (a courier's code "SF" for 顺丰速运). */
  keywords?: string;
}

export interface SelectProps {
  id?: string;
  options: readonly SelectOption[];
  /** One value, or an array with `multiple`. */
  value: unknown;
  onChange: (value: unknown) => void;
  multiple?: boolean;
  /** Type to filter the options. */
  filterable?: boolean;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  /** Offer an empty choice to clear the value (single select). */
  clearable?: boolean;
}

const keyOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const boxClass = (invalid?: boolean) =>
  `focus-ring flex min-h-9 w-full items-center justify-between gap-2 rounded border bg-white px-3 py-1.5 text-left text-sm text-slate-900 data-[disabled]:bg-slate-100 ${
    invalid ? 'border-red-700' : 'border-slate-400'
  }`;
const listClass = 'z-[3100] max-h-64 w-[var(--button-width)] min-w-40 overflow-auto rounded border border-slate-200 bg-white py-1 text-sm shadow-lg focus:outline-none';
const optionClass = 'flex cursor-default items-center gap-2 px-3 py-1.5 text-slate-800 data-[focus]:bg-slate-100 data-[selected]:font-semibold data-[disabled]:text-slate-400';

/**
 * Select over labelled options (Headless Listbox, or Combobox when filterable): arrow keys,
 * type-ahead, Escape; values compare as text so 1 and '1' are the same option.
 *
 * The option lists are not modal (`modal={false}`): Headless UI v2 makes them modal by default,
 * which marks the rest of the page inert while one is open, so inside a dialog the first click on
 * Submit only closed the list. Non-modal, a click outside closes the list and does what it says.
 */
export function Select(props: SelectProps) {
  const { options, value, onChange, multiple = false, filterable = false, placeholder, disabled, invalid, clearable = false } = props;
  const intl = useIntl();
  const byKey = useMemo(() => new Map(options.map((o) => [keyOf(o.value), o])), [options]);
  const selectedKeys: string[] = multiple
    ? (Array.isArray(value) ? value : value === '' || value == null ? [] : String(value).split(',')).map(keyOf)
    : value === '' || value == null
      ? []
      : [keyOf(value)];
  const caption = selectedKeys.map((k) => byKey.get(k)?.label ?? k).join(', ');
  const emit = (keys: string | string[] | null) => {
    if (multiple) onChange((Array.isArray(keys) ? keys : []).map((k) => byKey.get(k)?.value ?? k));
    else onChange(keys === null || keys === '' ? '' : byKey.get(String(keys))?.value ?? keys);
  };
  const aria = { id: props.id, 'aria-labelledby': props['aria-labelledby'], 'aria-describedby': props['aria-describedby'], 'aria-required': props['aria-required'] || undefined, 'aria-invalid': invalid || undefined };
  const [query, setQuery] = useState('');

  if (filterable) {
    const q = query.trim().toLowerCase();
    const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q) || !!o.keywords?.toLowerCase().includes(q)) : options;
    return (
      <Combobox
        value={(multiple ? selectedKeys : (selectedKeys[0] ?? null)) as string | null}
        onChange={(keys: string | string[] | null) => emit(keys)}
        multiple={multiple as false}
        disabled={disabled}
        onClose={() => setQuery('')}
        immediate
      >
        <div className={boxClass(invalid)}>
          <ComboboxInput
            {...aria}
            className="min-w-0 flex-1 outline-none"
            placeholder={caption || placeholder}
            displayValue={() => (multiple ? '' : caption)}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ComboboxButton aria-label={intl.formatMessage({ id: 'form.openOptions' })} className="text-slate-600">
            ▾
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start" modal={false} className={`${listClass} w-[var(--input-width)] empty:invisible`}>
          {shown.map((o) => (
            <ComboboxOption key={keyOf(o.value)} value={keyOf(o.value)} disabled={o.disabled} className={optionClass}>
              {multiple && <span aria-hidden="true">{selectedKeys.includes(keyOf(o.value)) ? '☑' : '☐'}</span>}
              {o.label}
            </ComboboxOption>
          ))}
          {shown.length === 0 && <div className="px-3 py-2 text-slate-600">{intl.formatMessage({ id: 'common.empty' })}</div>}
        </ComboboxOptions>
      </Combobox>
    );
  }

  return (
    <Listbox value={(multiple ? selectedKeys : (selectedKeys[0] ?? '')) as string} onChange={(keys: string | string[]) => emit(keys)} multiple={multiple as false} disabled={disabled}>
      <ListboxButton {...aria} className={boxClass(invalid)}>
        <span className={`truncate ${caption ? '' : 'text-slate-500'}`}>{caption || placeholder || intl.formatMessage({ id: 'form.choose' })}</span>
        <span aria-hidden="true" className="text-slate-600">
          ▾
        </span>
      </ListboxButton>
      <ListboxOptions anchor="bottom start" modal={false} className={listClass}>
        {clearable && !multiple && (
          <ListboxOption value="" className={optionClass}>
            <span className="text-slate-600">{intl.formatMessage({ id: 'form.none' })}</span>
          </ListboxOption>
        )}
        {options.map((o) => (
          <ListboxOption key={keyOf(o.value)} value={keyOf(o.value)} disabled={o.disabled} className={optionClass}>
            {multiple && <span aria-hidden="true">{selectedKeys.includes(keyOf(o.value)) ? '☑' : '☐'}</span>}
            {o.label}
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
