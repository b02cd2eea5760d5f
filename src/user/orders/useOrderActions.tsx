import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { orderActionsMachine, ACTION_FAILED, type ChangeStatusInput } from '../../../machines/orderActions.machine';
import { changeOrderStatus } from '../../api/userOrders';
import { t } from '../../app/i18n';
import { unwrap } from '../../app/sessionActors';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';

const boundMachine = orderActionsMachine.provide({
  actors: { changeStatus: fromPromise<unknown, ChangeStatusInput>(async ({ input }) => unwrap(await changeOrderStatus(input.orderId, input.status))) },
  actions: { notifyDone: (_, { action }) => toast.success(t(`ucentre.action.${action}Done`)) },
});

export type OrderActionsActor = ActorRefFrom<typeof boundMachine>;

/** The buyer's order actions machine for a page; `reload` runs after every attempt. */
export function useOrderActions(reload: (orderId: number) => void): OrderActionsActor {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  return useActorRef(boundMachine.provide({ actions: { reload: (_, { orderId }) => reloadRef.current(orderId) } }));
}

/** The question before cancelling / confirming receipt, and the refusal when it failed. */
export function OrderActionDialogs({ actor }: { actor: OrderActionsActor }) {
  const intl = useIntl();
  const confirming = useSelector(actor, (s) => s.matches('confirming') || s.matches('submitting'));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const action = useSelector(actor, (s) => s.context.action);
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  return (
    <>
      <ConfirmDialog
        open={confirming}
        danger={action === 'cancel'}
        title={<FormattedMessage id={action === 'receive' ? 'ucentre.action.receiveTitle' : 'ucentre.action.cancelTitle'} />}
        message={<FormattedMessage id={action === 'receive' ? 'ucentre.action.receiveConfirm' : 'ucentre.action.cancelConfirm'} />}
        confirmLabel={action === 'cancel' ? <FormattedMessage id="ucentre.action.cancelYes" /> : undefined}
        cancelLabel={action === 'cancel' ? <FormattedMessage id="ucentre.action.cancelNo" /> : undefined}
        busy={submitting}
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'DECLINE' })}
      />
      {error && (
        <div role="alert" className="mb-3 flex items-center justify-between gap-3 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          <span>{error === ACTION_FAILED ? intl.formatMessage({ id: 'ucentre.action.failed' }) : error}</span>
          <Button variant="ghost" className="px-2 py-1" onClick={() => actor.send({ type: 'DISMISS' })}>
            <FormattedMessage id="ucentre.action.dismiss" />
          </Button>
        </div>
      )}
    </>
  );
}
