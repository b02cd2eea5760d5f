import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import type { StepName } from '../../../machines/afterSale';
import { loadOrder } from '../../api/userOrders';
import type { RefundDetail } from '../../api/refunds';
import { afterSaleFor } from '../../refunds/afterSaleActor';
import { refundErrorText } from '../../refunds/errorText';
import { RefundFacts } from '../../refunds/RefundFacts';
import { StepBar } from '../../refunds/StepBar';
import { WaybillFields, type WaybillValue } from '../../refunds/WaybillFields';
import { rowIdOf } from '../../shop/shared/params';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { LineRow } from '../orders/orderBits';
import { ApplyForm } from './ApplyForm';

/** Order states an after-sale may be applied from (the server's ORDER_ACTIONS.afterSale). */
const APPLICABLE = [2, 3, 4];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Flow({ orderId }: { orderId: number }) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const order = useResource(`user-order:${orderId}`, () => loadOrder(orderId));
  const [machine] = useState(() => afterSaleFor(2).provide({ actions: { notifyDone: (_, { kind }) => toast.success(label(`refund.done.${kind}`)) } }));
  const [state, send] = useMachine(machine, { input: { orderId, side: 'buyer' } });
  const [waybill, setWaybill] = useState<WaybillValue>({ delivery_code: '', delivery_no: '' });
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [confirmReceipt, setConfirmReceipt] = useState(false);
  const { fieldErrors, error } = state.context;
  const request = state.context.request as RefundDetail | null;
  const can = (step: StepName) => !!request?.steps.includes(step);
  const busy = state.matches('sendingApplication') || state.matches('sendingStep');

  if (state.matches('failed')) return <LoadFailed message={refundErrorText(intl, error)} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('loading') || !order.data)
    return order.status === 'failed' ? (
      <LoadFailed message={order.message} onRetry={order.reload} />
    ) : (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner />
      </div>
    );

  const o = order.data;
  const applying = state.matches('applying') || state.matches('sendingApplication');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-4 text-sm">
        <span className="text-slate-700">
          <FormattedMessage id="ucentre.order.no" values={{ no: o.order_no }} />
        </span>
        <Link href={`/user/order/${o.id}`} className="focus-ring rounded text-brand hover:underline">
          <FormattedMessage id="refund.backToOrder" />
        </Link>
      </div>
      <StepBar request={applying ? null : request} />
      {error && !state.matches('failed') && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refundErrorText(intl, error)}
        </p>
      )}
      {applying ? (
        APPLICABLE.includes(o.order_status) ? (
          <Section title={label('refund.applyTitle')}>
            <ApplyForm canReturn={o.order_status >= 3} busy={busy} errors={fieldErrors as Record<string, string>} onSubmit={(values) => send({ type: 'APPLY', values })} onEdit={(field) => send({ type: 'EDIT', field })} />
          </Section>
        ) : (
          <p className="rounded border border-slate-200 p-4 text-sm text-slate-700">
            <FormattedMessage id="refund.notAllowed" values={{ state: o.order_status_cn ?? '' }} />
          </p>
        )
      ) : (
        request && (
          <Section title={label('refund.progress')}>
            <p className="text-sm font-medium text-slate-900" data-testid="refund-stage">
              <FormattedMessage id={`refund.hint.${request.stage}`} />
            </p>
            <RefundFacts request={request} />
            {can('shipBack') && (
              <form
                className="flex flex-col gap-3 border-t border-slate-200 pt-3"
                aria-label={label('refund.shipBackTitle')}
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: 'STEP', request: { step: 'shipBack', ...waybill } });
                }}
              >
                <h3 className="text-sm font-semibold text-slate-900">
                  <FormattedMessage id="refund.shipBackTitle" />
                </h3>
                <WaybillFields area={2} value={waybill} onChange={(next) => {
                  for (const field of ['delivery_code', 'delivery_no'] as const) if (next[field] !== waybill[field]) send({ type: 'EDIT', field });
                  setWaybill(next);
                }} errors={{ delivery_code: refundErrorText(intl, fieldErrors.delivery_code) || undefined, delivery_no: refundErrorText(intl, fieldErrors.delivery_no) || undefined }} />
                <div>
                  <Button type="submit" loading={busy}>
                    <FormattedMessage id="refund.shipBack" />
                  </Button>
                </div>
              </form>
            )}
            {can('confirm') && (
              <div className="border-t border-slate-200 pt-3">
                <Button onClick={() => setConfirmReceipt(true)} loading={busy}>
                  <FormattedMessage id="refund.confirmReceived" />
                </Button>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {can('cancel') && (
                <Button variant="secondary" onClick={() => setConfirmWithdraw(true)} disabled={busy}>
                  <FormattedMessage id="refund.withdraw" />
                </Button>
              )}
              {(state.matches('refused') || state.matches('withdrawn')) && APPLICABLE.includes(request.order_status) && (
                <Button variant="secondary" onClick={() => send({ type: 'APPLY_AGAIN' })}>
                  <FormattedMessage id="refund.applyAgain" />
                </Button>
              )}
            </div>
          </Section>
        )
      )}
      <Section title={label('ucentre.detail.goods')}>
        <ul className="divide-y divide-slate-100">
          {o.order_goods.map((line) => (
            <LineRow key={line.id} line={line} />
          ))}
        </ul>
      </Section>
      <ConfirmDialog
        open={confirmWithdraw}
        title={<FormattedMessage id="msg.warning" />}
        message={<FormattedMessage id="refund.withdrawConfirm" />}
        onConfirm={() => {
          setConfirmWithdraw(false);
          send({ type: 'STEP', request: { step: 'cancel' } });
        }}
        onCancel={() => setConfirmWithdraw(false)}
      />
      <ConfirmDialog
        open={confirmReceipt}
        title={<FormattedMessage id="refund.confirmReceived" />}
        message={<FormattedMessage id="refund.confirmReceivedAsk" />}
        danger={false}
        onConfirm={() => {
          setConfirmReceipt(false);
          send({ type: 'STEP', request: { step: 'confirm' } });
        }}
        onCancel={() => setConfirmReceipt(false)}
      />
    </div>
  );
}

/** /user/order/refund_form/:id (screens §3.25–§3.26 in one page): apply, then follow the request step by step. */
export default function RefundFormPage() {
  const intl = useIntl();
  const params = useParams<{ id: string }>();
  const id = rowIdOf(params.id);
  return (
    <UserLayout title={intl.formatMessage({ id: 'refund.title' })}>
      {id ? (
        <Flow orderId={id} />
      ) : (
        <p className="py-10 text-center text-sm text-slate-700">
          <FormattedMessage id="ucentre.detail.missing" />
        </p>
      )}
    </UserLayout>
  );
}
