import { useIntl } from 'react-intl';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { fieldOptions, listValue } from './options';
import type { FieldWidgetProps } from './types';

const same = (a: unknown, b: unknown) => String(a) === String(b);

/** Select (Headless Listbox; Combobox when filterable), single or multiple. */
export function SelectInput({ field, value, onChange, id, labelId, describedBy, invalid, placeholder, dicts, mode }: FieldWidgetProps) {
  return (
    <Select
      id={id}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      options={fieldOptions(field, dicts)}
      value={value}
      onChange={onChange}
      multiple={field.multiple}
      filterable={field.filterable}
      placeholder={placeholder}
      disabled={field.disabled}
      invalid={invalid}
      clearable={mode === 'search' || !field.multiple}
    />
  );
}

/** Radio group (native radios: arrow keys move the choice). */
export function RadioInput({ field, value, onChange, id, labelId, describedBy, dicts }: FieldWidgetProps) {
  const options = fieldOptions(field, dicts);
  return (
    <div id={id} role="radiogroup" aria-labelledby={labelId} aria-describedby={describedBy} className="flex flex-wrap gap-x-4 gap-y-1 py-1">
      {options.map((o, i) => (
        <label key={i} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
          <input
            type="radio"
            name={`${id}-radio`}
            checked={value !== undefined && value !== null && value !== '' && same(value, o.value)}
            onChange={() => onChange(o.value)}
            disabled={field.disabled || o.disabled}
            className="focus-ring h-4 w-4 accent-[var(--color-office)]"
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** Checkbox group: the value is the list of checked values. */
export function CheckboxInput({ field, value, onChange, id, labelId, describedBy, dicts }: FieldWidgetProps) {
  const options = fieldOptions(field, dicts);
  const checked = listValue(value);
  const toggle = (option: unknown, on: boolean) => {
    const rest = checked.filter((v) => !same(v, option));
    onChange(on ? [...rest, option] : rest);
  };
  return (
    <div id={id} role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="flex flex-wrap gap-x-4 gap-y-1 py-1">
      {options.map((o, i) => (
        <label key={i} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
          <Checkbox checked={checked.some((v) => same(v, o.value))} onChange={(on) => toggle(o.value, on)} disabled={field.disabled || o.disabled} />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** On/off switch storing `activeValue` / `inactiveValue` (default 1 / 0). */
export function SwitchInput({ field, value, onChange, id, labelId, describedBy }: FieldWidgetProps) {
  const intl = useIntl();
  const on = field.activeValue ?? 1;
  const off = field.inactiveValue ?? 0;
  const checked = value === true || (value !== undefined && value !== null && value !== '' && same(value, on));
  return (
    <div className="py-1">
      <Switch
        id={id}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        checked={checked}
        onChange={(next) => onChange(next ? on : off)}
        disabled={field.disabled}
        activeText={intl.formatMessage({ id: field.activeText ?? 'form.yes' })}
        inactiveText={intl.formatMessage({ id: field.inactiveText ?? 'form.no' })}
      />
    </div>
  );
}
