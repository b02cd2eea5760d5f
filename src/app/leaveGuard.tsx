import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { leaveGuardMachine } from '../../machines/leaveGuard.machine';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { getInspect } from './inspectHook';
import { proceedNavigation, clearLeaveInterceptor, restoreAddressBar, setLeaveInterceptor, type NavRequest } from './navigation';

const boundLeaveGuard = leaveGuardMachine.provide({
  actions: {
    proceed: (_, { request }) => proceedNavigation(request as NavRequest),
    // back / forward already moved the address bar: put it back where the page is
    stay: (_, { request }) => {
      if ((request as NavRequest).pop) restoreAddressBar();
    },
  },
});

/**
 * Ask before leaving a page with unsaved changes (the `leaveGuard` machine): a link, the back
 * button or the page's own "back" wait for the person's answer; a reload or closing the tab gets
 * the browser's question. `release()` before a navigation that follows a save. Render `dialog`.
 */
export function useLeaveGuard(dirty: boolean) {
  const actor = useActorRef(boundLeaveGuard, { inspect: getInspect() });
  const asking = useSelector(actor, (s) => s.matches('asking'));
  useEffect(() => {
    actor.send({ type: dirty ? 'EDIT.CHANGED' : 'EDIT.CLEAN' });
  }, [actor, dirty]);
  useEffect(() => {
    const unsaved = () => !actor.getSnapshot().matches('clean');
    const intercept = (request: NavRequest) => {
      if (!unsaved()) return false;
      actor.send({ type: 'LEAVE.REQUEST', request });
      return true;
    };
    setLeaveInterceptor(intercept);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      // only its own: a page mounted meanwhile may have set its guard already
      clearLeaveInterceptor(intercept);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [actor]);
  const release = useCallback(() => actor.send({ type: 'EDIT.CLEAN' }), [actor]);
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={<FormattedMessage id="leave.title" />}
      message={<FormattedMessage id="leave.message" />}
      confirmLabel={<FormattedMessage id="leave.confirm" />}
      cancelLabel={<FormattedMessage id="leave.cancel" />}
      onConfirm={() => actor.send({ type: 'LEAVE.CONFIRM' })}
      onCancel={() => actor.send({ type: 'LEAVE.CANCEL' })}
    />
  );
  return { release, dialog };
}
