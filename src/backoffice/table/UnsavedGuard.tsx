import { useLeaveGuard } from '../../app/leaveGuard';

/** While mounted, leaving with unsaved changes (`dirty`) asks first; renders the question. */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  return useLeaveGuard(dirty).dialog;
}
