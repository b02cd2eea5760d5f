import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { charCount, Counter } from './Counter';
import { RequiredLabel } from './RequiredLabel';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  /** Render the label visually hidden (still read by screen readers). */
  hideLabel?: boolean;
  /** Content placed right of the input (e.g. a send-code button). */
  addon?: ReactNode;
  /** A length limit shown as a counter ("12/30"); nothing typed is cut (the caller's check refuses the excess). */
  limit?: number;
}

/**
 * Label + input + error message, wired with id / aria-describedby / aria-invalid. A required input
 * (`required` or `aria-required`) has its label marked, so no form forgets the mark.
 */
export function Field({ label, error, hint, hideLabel = false, addon, limit, className = '', ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const required = !!input.required || input['aria-required'] === true || input['aria-required'] === 'true';
  const describedBy = [error ? errorId : null, hint ? hintId : null, limit !== undefined ? counterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {required ? <RequiredLabel text={label} /> : label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`focus-ring min-w-0 flex-1 rounded border px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 ${
            error ? 'border-red-700' : 'border-slate-400'
          }`}
          {...input}
        />
        {addon}
      </div>
      {limit !== undefined && <Counter id={counterId} count={charCount(String(input.value ?? ''))} max={limit} />}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
