import { fromPromise } from 'xstate';
import type { AreaIndex } from '../../machines/areas';
import type { RefundRecord } from '../../machines/afterSale';
import { afterSaleMachine, type ApplyInput, type LoadInput, type StepInput } from '../../machines/afterSale.machine';
import { applyRefund, loadRefund, takeRefundStep } from '../api/refunds';

/** The afterSale machine bound to the API of an area (2 the buyer, 1 the store, 0 the operator). */
export function afterSaleFor(area: AreaIndex) {
  return afterSaleMachine.provide({
    actors: {
      load: fromPromise<RefundRecord | null, LoadInput>(({ input }) => loadRefund(area, input.orderId)),
      apply: fromPromise<RefundRecord, ApplyInput>(({ input }) => applyRefund(input.orderId, input.values)),
      takeStep: fromPromise<RefundRecord, StepInput>(({ input }) => takeRefundStep(area, input.orderId, input.request)),
    },
  });
}
