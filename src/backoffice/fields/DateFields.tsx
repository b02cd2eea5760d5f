import dayjs from 'dayjs';
import { useIntl } from 'react-intl';
import { inputClass, type FieldWidgetProps } from './types';

/** Spec §9 formats. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** A stored value as the native input wants it ('' when empty or unreadable). */
export function toInputValue(value: unknown, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(String(value).replace(' ', 'T'));
  if (!parsed.isValid()) return '';
  return parsed.format(withTime ? 'YYYY-MM-DDTHH:mm:ss' : DATE_FORMAT);
}

/** The native input's value in the stored format ('' when cleared). */
export function fromInputValue(input: string, withTime: boolean): string {
  if (!input) return '';
  const parsed = dayjs(input);
  return parsed.isValid() ? parsed.format(withTime ? DATETIME_FORMAT : DATE_FORMAT) : '';
}

/** date (YYYY-MM-DD) and datetime (YYYY-MM-DD HH:mm:ss) through the native pickers. */
export function DateInput({ field, value, onChange, id, describedBy, invalid }: FieldWidgetProps) {
  const withTime = field.type === 'datetime';
  return (
    <input
      id={id}
      type={withTime ? 'datetime-local' : 'date'}
      step={withTime ? 1 : undefined}
      value={toInputValue(value, withTime)}
      onChange={(e) => onChange(fromInputValue(e.target.value, withTime))}
      disabled={field.disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    />
  );
}

/** A day range as two datetime strings: start 00:00:00, end 23:59:59 of the chosen days. */
export function rangeValue(start: string, end: string): string[] {
  if (!start && !end) return [];
  return [start ? `${start} 00:00:00` : '', end ? `${end} 23:59:59` : ''];
}

/** daterange: two day inputs (开始时间 / 结束时间), value `[start, end]` strings or []. */
export function DateRangeInput({ field, value, onChange, id, describedBy, invalid }: FieldWidgetProps) {
  const intl = useIntl();
  const [start = '', end = ''] = Array.isArray(value) ? value.map((v) => toInputValue(v, false)) : [];
  // the two days share the row; on a phone each keeps room for a whole date and the end wraps below
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        type="date"
        value={start}
        max={end || undefined}
        aria-label={intl.formatMessage({ id: 'form.start' })}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={field.disabled}
        onChange={(e) => onChange(rangeValue(e.target.value, end))}
        className={`min-w-[8.5rem] flex-1 ${inputClass(invalid)}`}
      />
      <span aria-hidden="true" className="text-slate-600">
        –
      </span>
      <input
        type="date"
        value={end}
        min={start || undefined}
        aria-label={intl.formatMessage({ id: 'form.end' })}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={field.disabled}
        onChange={(e) => onChange(rangeValue(start, e.target.value))}
        className={`min-w-[8.5rem] flex-1 ${inputClass(invalid)}`}
      />
    </div>
  );
}
