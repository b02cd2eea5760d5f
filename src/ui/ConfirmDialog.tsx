import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './Button';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Danger styling of the confirm button (deletes). */
  danger?: boolean;
  busy?: boolean;
  /** Button texts when "Confirm" / "Cancel" would be ambiguous (e.g. the question is itself a cancel). */
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
}

/** A warning box (role alertdialog): confirm or cancel; Escape and the backdrop cancel. */
export function ConfirmDialog({ open, title, message, onConfirm, onCancel, danger = true, busy = false, confirmLabel, cancelLabel }: ConfirmDialogProps) {
  return (
    <HDialog open={open} onClose={onCancel} role="alertdialog" className="relative z-[3050]">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-[92vw] max-w-[420px] rounded-lg bg-white p-5 shadow-xl">
          <DialogTitle className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <span aria-hidden="true" className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-amber-100 text-amber-800">!</span>
            {title}
          </DialogTitle>
          <Description className="mt-3 text-sm text-slate-700">{message}</Description>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel ?? <FormattedMessage id="btn.cancel" />}
            </Button>
            <Button variant={danger ? 'danger' : 'office'} onClick={onConfirm} loading={busy} autoFocus>
              {confirmLabel ?? <FormattedMessage id="btn.confirm" />}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </HDialog>
  );
}
