import { Dialog as HDialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the drawer. */
  label: string;
  children: ReactNode;
  /** Tailwind classes of the panel (width, colours); it lies along the left edge, full height. */
  panelClass?: string;
  /** data-testid of the panel and of the backdrop (`<testId>-backdrop`). */
  testId?: string;
  /** The edge it lies along (default left). */
  side?: 'left' | 'right';
}

/**
 * A modal drawer from the left edge (the back office's sidebar on phones): Headless UI's Dialog,
 * so focus moves into it and is trapped there, Escape and a click on the backdrop close it, and
 * focus goes back to the control that opened it. Focus starts on the element marked
 * `data-autofocus`, else on the drawer itself. (A click handler of the content goes on an element
 * inside: the panel skips its own handlers for a click a link has already default-prevented.)
 */
export function Drawer({ open, onClose, label, children, panelClass = 'w-[200px] bg-white', testId, side = 'left' }: DrawerProps) {
  return (
    <HDialog open={open} onClose={onClose} aria-label={label} className="relative z-40">
      <DialogBackdrop data-testid={testId ? `${testId}-backdrop` : undefined} className="fixed inset-0 bg-slate-900/30" />
      <DialogPanel data-testid={testId} className={`fixed inset-y-0 ${side === 'left' ? 'left-0' : 'right-0'} flex flex-col shadow-xl ${panelClass}`}>
        {children}
      </DialogPanel>
    </HDialog>
  );
}
