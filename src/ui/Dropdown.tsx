import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface DropdownItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
}

/** Keyboard-accessible dropdown menu (Headless UI Menu). */
export function Dropdown({ button, items, buttonLabel }: { button: ReactNode; items: DropdownItem[]; buttonLabel?: string }) {
  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label={buttonLabel} className="focus-ring flex items-center gap-2 rounded px-2 py-1 text-sm text-slate-800 hover:bg-slate-100">
        {button}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-[3050] mt-1 min-w-40 rounded border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item.key}>
            <button
              type="button"
              onClick={item.onSelect}
              className="block w-full px-4 py-2 text-left text-sm text-slate-800 data-[focus]:bg-slate-100"
            >
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
