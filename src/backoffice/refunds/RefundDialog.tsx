import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StepName } from '../../../machines/afterSale';
import type { RefundDetail } from '../../api/refunds';
import { afterSaleFor } from '../../refunds/afterSaleActor';
import { refundErrorText } from '../../refunds/errorText';
import { RefundFacts } from '../../refunds/RefundFacts';
import { StepBar } from '../../refunds/StepBar';
import { WaybillFields, type WaybillValue } from '../../refunds/WaybillFields';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import type { BackofficeArea } from '../table/types';

/**
 * One after-sale request in the console (store or operator): its progress, what the buyer asked
 * and sent back, and the steps the server lists for the reader now — agree, refuse with a reason,
 * confirm the returned goods arrived, refund, re-ship with a waybill — through the afterSale machine.
 */
export function RefundDialog({ area, orderId, onClose, onChanged }: { area: BackofficeArea; orderId: number; onClose: () => void; onChanged: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [machine] = useState(() =>
    afterSaleFor(area).provide({
      actions: {
        notifyDone: (_, { kind }) => {
          toast.success(intl.formatMessage({ id: `refund.done.${kind}` }));
          onChanged();
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { orderId, side: 'store' } });
  const [reason, setReason] = useState('');
  const [waybill, setWaybill] = useState<WaybillValue>({ delivery_code: '', delivery_no: '' });
  // a step that pays the buyer back cannot be undone: it is confirmed first, as cancel and pay out are
  const [confirming, setConfirming] = useState<'agree' | 'refund' | null>(null);
  const request = state.context.request as RefundDetail | null;
  const movesMoney = (step: 'agree' | 'arrive' | 'refund') => step === 'refund' || (step === 'agree' && Number(request?.refund_type) === 0);
  const { fieldErrors, error } = state.context;
  const can = (step: StepName) => !!request?.steps.includes(step);
  const busy = state.matches('sendingStep');
  const text = (code?: string) => refundErrorText(intl, code) || undefined;
  // the console's primary colour (office blue) for the steps that move the request on; refuse is
  // a red outline beside them, so agree and refuse never look alike
  const simple = (step: 'agree' | 'arrive' | 'refund', variant: 'office' | 'secondary' = 'office') =>
    can(step) && (
      <Button key={step} variant={variant} loading={busy} onClick={() => (step !== 'arrive' && movesMoney(step) ? setConfirming(step) : send({ type: 'STEP', request: { step } }))}>
        <FormattedMessage id={`page.refunds.step.${step}`} />
      </Button>
    );

  return (
    <Dialog open onClose={onClose} title={<FormattedMessage id="page.refunds.dialogTitle" values={{ no: request?.order_no ?? '' }} />} widthClass="w-[94vw] md:w-[720px]">
      {state.matches('loading') || (!request && !state.matches('failed') && !state.matches('none')) ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : !request ? (
        <p role="alert" className="text-sm text-red-800">
          {refundErrorText(intl, error) || intl.formatMessage({ id: 'page.refunds.none' })}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <StepBar request={request} accent="office" />
          {error && (
            <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {refundErrorText(intl, error)}
            </p>
          )}
          <div className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
            <p>
              <FormattedMessage id="page.refunds.buyer" />: {request.buyer_name}
            </p>
            <p>
              <FormattedMessage id="page.refunds.total" />: ￥{request.total_price}
            </p>
          </div>
          <RefundFacts request={request} />
          <ul className="divide-y divide-slate-100 rounded border border-slate-200">
            {request.order_goods.map((line) => (
              <li key={line.id} className="flex items-center gap-3 p-2 text-sm">
                {line.goods_image && <img src={line.goods_image} alt="" width={40} height={40} className="h-10 w-10 rounded object-cover" />}
                <span className="min-w-0 flex-1 truncate">{line.goods_name}</span>
                <span className="text-slate-600">{line.sku_name}</span>
                <span className="tabular-nums">×{line.buy_num}</span>
              </li>
            ))}
          </ul>
          {can('refuse') && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-reason`} className="text-sm font-medium text-slate-800">
                <FormattedMessage id="page.refunds.refuseReason" />
              </label>
              <textarea
                id={`${id}-reason`}
                rows={3}
                maxLength={200}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  send({ type: 'EDIT', field: 'refuse_remark' });
                }}
                aria-invalid={fieldErrors.refuse_remark ? true : undefined}
                aria-describedby={fieldErrors.refuse_remark ? `${id}-reason-error` : undefined}
                className={`focus-ring rounded border px-3 py-2 text-sm ${fieldErrors.refuse_remark ? 'border-red-700' : 'border-slate-400'}`}
              />
              {fieldErrors.refuse_remark && (
                <p id={`${id}-reason-error`} role="alert" className="text-xs text-red-700">
                  {text(fieldErrors.refuse_remark)}
                </p>
              )}
            </div>
          )}
          {can('reship') && (
            <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
              <h3 className="text-sm font-semibold text-slate-900">
                <FormattedMessage id="page.refunds.reshipTitle" />
              </h3>
              <WaybillFields
                area={area}
                value={waybill}
                onChange={(next) => {
                  for (const field of ['delivery_code', 'delivery_no'] as const) if (next[field] !== waybill[field]) send({ type: 'EDIT', field });
                  setWaybill(next);
                }}
                errors={{ delivery_code: text(fieldErrors.delivery_code ?? fieldErrors.re_delivery_code), delivery_no: text(fieldErrors.delivery_no ?? fieldErrors.re_delivery_no) }}
              />
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3">
            {can('refuse') && (
              <Button variant="dangerOutline" loading={busy} onClick={() => send({ type: 'STEP', request: { step: 'refuse', refuse_remark: reason } })}>
                <FormattedMessage id="page.refunds.step.refuse" />
              </Button>
            )}
            {simple('agree')}
            {simple('arrive')}
            {simple('refund', can('reship') ? 'secondary' : 'office')}
            {can('reship') && (
              <Button variant="office" loading={busy} onClick={() => send({ type: 'STEP', request: { step: 'reship', ...waybill } })}>
                <FormattedMessage id="page.refunds.step.reship" />
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              <FormattedMessage id="btn.close" />
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        danger={false}
        title={<FormattedMessage id="msg.warning" />}
        message={<FormattedMessage id="page.refunds.confirmRefund" values={{ no: request?.order_no ?? '' }} />}
        onConfirm={() => {
          if (confirming) send({ type: 'STEP', request: { step: confirming } });
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </Dialog>
  );
}
