import type { ReactNode } from 'react';
import { Checkbox } from '../../../../ui/Checkbox';
import type { CheckState } from './checkTree';

export interface TriCheckboxProps {
  state: CheckState;
  onToggle: () => void;
  children: ReactNode;
  disabled?: boolean;
}

/** A labelled checkbox with an indeterminate (half-checked) state, announced as `mixed`. */
export function TriCheckbox({ state, onToggle, children, disabled }: TriCheckboxProps) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800">
      <Checkbox
        checked={state === 'checked'}
        indeterminate={state === 'half'}
        aria-checked={state === 'half' ? 'mixed' : state === 'checked'}
        disabled={disabled}
        onChange={onToggle}
      />
      <span>{children}</span>
    </label>
  );
}
