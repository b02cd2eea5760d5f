import { useEffect, useRef, type InputHTMLAttributes } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  checked: boolean;
  /** Partly checked (a header checkbox with some rows selected). */
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}

/** Native checkbox (keyboard and screen readers for free) with the indeterminate state. */
export function Checkbox({ checked, indeterminate = false, onChange, className = '', ...rest }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className={`focus-ring h-4 w-4 cursor-pointer accent-[var(--color-office)] ${className}`}
      {...rest}
    />
  );
}
