import { Switch as HSwitch } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Inline text next to the switch (e.g. 是 / 否). */
  activeText?: ReactNode;
  inactiveText?: ReactNode;
  disabled?: boolean;
  id?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/** On/off switch (role switch, Space toggles). */
export function Switch({ checked, onChange, activeText, inactiveText, disabled, ...aria }: SwitchProps) {
  return (
    <span className="inline-flex items-center gap-2">
      <HSwitch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        {...aria}
        className="focus-ring group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-400 transition-colors data-[checked]:bg-office data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60"
      >
        <span className="inline-block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-[checked]:translate-x-5" />
      </HSwitch>
      {(activeText || inactiveText) && <span className="text-sm text-slate-800" aria-hidden="true">{checked ? activeText : inactiveText}</span>}
    </span>
  );
}
