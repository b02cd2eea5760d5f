import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { CSSProperties, ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Tailwind width classes for the panel; default is 30% on desktop, full width on small screens. */
  widthClass?: string;
  /** Inline panel style (e.g. a configured width). */
  panelStyle?: CSSProperties;
  /** Stacking above another dialog (nested pickers). */
  zClass?: string;
}

/** Modal dialog: focus trapped by Headless UI, closes on Escape and backdrop click. */
export function Dialog({ open, onClose, title, children, footer, widthClass = 'w-[92vw] md:w-[30%] md:min-w-[360px]', panelStyle, zClass = 'z-[3000]' }: DialogProps) {
  const intl = useIntl();
  return (
    <HDialog open={open} onClose={onClose} className={`relative ${zClass}`}>
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel style={panelStyle} className={`max-h-[90vh] overflow-auto rounded-lg bg-white shadow-xl ${widthClass}`}>
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={intl.formatMessage({ id: 'btn.close' })}
              className="focus-ring rounded px-2 text-xl leading-none text-slate-600 hover:text-slate-900"
            >
              ×
            </button>
          </div>
          <div className="px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </HDialog>
  );
}
