import { FormattedMessage } from 'react-intl';
import { inputClass, type FieldWidgetProps } from './types';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** text / password / number inputs (a number keeps the typed text; rules check it). */
export function TextInput({ field, value, onChange, id, describedBy, invalid, placeholder }: FieldWidgetProps) {
  const type = field.type === 'password' ? 'password' : field.type === 'number' ? 'number' : 'text';
  return (
    <input
      id={id}
      type={type}
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      disabled={field.disabled}
      maxLength={type === 'number' ? undefined : field.maxLength}
      min={field.min}
      max={field.max}
      step={field.step}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className={inputClass(invalid)}
    />
  );
}

/** Default textarea limit (spec §5, §9). */
export const TEXTAREA_MAX = 15;

/** Textarea with a character counter (limit `maxLength`, default 15). */
export function TextareaInput({ field, value, onChange, id, describedBy, invalid, placeholder }: FieldWidgetProps) {
  const max = field.maxLength ?? TEXTAREA_MAX;
  const current = text(value);
  const counterId = `${id}-counter`;
  return (
    <div className="relative">
      <textarea
        id={id}
        value={current}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        disabled={field.disabled}
        maxLength={max}
        rows={field.rows ?? 3}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, counterId].filter(Boolean).join(' ')}
        className={`${inputClass(invalid)} resize-y pb-5`}
      />
      <span id={counterId} className="pointer-events-none absolute right-2 bottom-1.5 text-xs text-slate-600">
        <FormattedMessage id="form.counter" values={{ count: [...current].length, max }} />
      </span>
    </div>
  );
}
