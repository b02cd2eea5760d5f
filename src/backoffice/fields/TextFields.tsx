import { Counter } from '../../ui/Counter';
import { inputClass, type FieldWidgetProps } from './types';

export { Counter };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** text / password / number inputs (a number keeps the typed text; rules check it). A text with a limit shows a counter. */
export function TextInput({ field, value, onChange, id, describedBy, invalid, placeholder, required }: FieldWidgetProps) {
  const type = field.type === 'password' ? 'password' : field.type === 'number' ? 'number' : 'text';
  const current = text(value);
  // a counter helps typing: none on a field shown read-only
  const counted = type === 'text' && field.maxLength !== undefined && !field.disabled;
  const counterId = `${id}-counter`;
  const input = (
    <input
      id={id}
      type={type}
      value={current}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      disabled={field.disabled}
      min={field.min}
      max={field.max}
      step={field.step}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      aria-describedby={[describedBy, counted ? counterId : null].filter(Boolean).join(' ') || undefined}
      className={inputClass(invalid)}
    />
  );
  if (!counted) return input;
  return (
    <div className="flex flex-col items-end gap-0.5">
      {input}
      <Counter id={counterId} count={[...current].length} max={field.maxLength!} />
    </div>
  );
}

/** Default textarea limit (spec §5, §9). */
export const TEXTAREA_MAX = 15;

/** Textarea with a character counter (limit `maxLength`, default 15; past it the counter turns red and the rules refuse it). */
export function TextareaInput({ field, value, onChange, id, describedBy, invalid, placeholder, required }: FieldWidgetProps) {
  const max = field.maxLength ?? TEXTAREA_MAX;
  const current = text(value);
  const counterId = `${id}-counter`;
  const counted = !field.disabled;
  return (
    <div className="relative">
      <textarea
        id={id}
        value={current}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        disabled={field.disabled}
        rows={field.rows ?? 3}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={[describedBy, counted ? counterId : null].filter(Boolean).join(' ') || undefined}
        className={`${inputClass(invalid)} resize-y ${counted ? 'pb-5' : ''}`}
      />
      {counted && (
        <span className="pointer-events-none absolute right-2 bottom-1.5">
          <Counter id={counterId} count={[...current].length} max={max} />
        </span>
      )}
    </div>
  );
}
