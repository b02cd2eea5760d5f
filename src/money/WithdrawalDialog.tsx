import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise } from 'xstate';
import type { CashAccount, RealNameForm } from '../../machines/withdrawal';
import { withdrawalMachine, type SavedCheck, type SubmitCashInput } from '../../machines/withdrawal.machine';
import { loadCashAccount, saveRealName, submitCash, type CashArea, type CashRow } from '../api/cashes';
import { unwrap } from '../app/sessionActors';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';

/**
 * The withdrawal form of the shopper (/user/cashes) and the store (/Seller/cashes), driven by the
 * `withdrawal` machine: the payee (the real-name check's holder, bank and card, read-only; a
 * shopper without one fills the real-name form here first, a store is told its owner must) →
 * amount with the fee and the net amount → confirm (the fee is shown before anything is sent) →
 * submitted. Messages: `ucentre.cash.*` (the ucentre part; the seller page loads it). `onDone`
 * gets the created row; `onClose` any way out before.
 */
export interface WithdrawalDialogProps {
  area: CashArea;
  onClose: () => void;
  onDone: (row: CashRow) => void;
}

const STEPS = ['details', 'amount', 'confirm'] as const;

const CHECK_ERRORS: Record<string, string> = {
  required: 'ucentre.cash.err.required',
  tooLong: 'ucentre.cash.err.tooLong',
  cardFormat: 'ucentre.cash.err.cardFormat',
  idFormat: 'ucentre.cash.err.idFormat',
};

/** The real-name form's fields: label, input mode, longest input, hint. */
const CHECK_FIELDS: { field: keyof RealNameForm; label: string; numeric?: boolean; max: number; hint?: string; autoComplete?: string }[] = [
  { field: 'name', label: 'ucentre.cash.name', max: 20, autoComplete: 'name' },
  { field: 'card_no', label: 'ucentre.cash.idNo', max: 40 },
  { field: 'bank_name', label: 'ucentre.cash.bankName', max: 30 },
  { field: 'bank_no', label: 'ucentre.cash.cardNo', numeric: true, max: 40, hint: 'ucentre.cash.cardHint' },
];

/** 6225880123456789 → 6225 **** **** 6789. */
export const maskCard = (card: string) => (card.length > 8 ? `${card.slice(0, 4)} **** **** ${card.slice(-4)}` : card);

function Steps({ current }: { current: number }) {
  const intl = useIntl();
  return (
    <ol className="mb-4 flex gap-2 text-xs" aria-label={intl.formatMessage({ id: 'ucentre.cash.steps' })}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? 'step' : undefined}
          className={`flex-1 rounded border px-2 py-1 text-center ${index === current ? 'border-brand bg-brand/10 font-medium text-brand' : index < current ? 'border-slate-300 text-slate-700' : 'border-slate-200 text-slate-500'}`}
        >
          {index + 1}. <FormattedMessage id={`ucentre.cash.step.${step}`} />
        </li>
      ))}
    </ol>
  );
}

export function WithdrawalDialog({ area, onClose, onDone }: WithdrawalDialogProps) {
  const intl = useIntl();
  const machine = useMemo(
    () =>
      withdrawalMachine.provide({
        actors: {
          loadAccount: fromPromise<CashAccount>(async () => unwrap(await loadCashAccount(area))),
          saveCheck: fromPromise<SavedCheck, RealNameForm>(async ({ input }) => unwrap(await saveRealName(input))),
          submitCash: fromPromise<unknown, SubmitCashInput>(async ({ input }) => unwrap(await submitCash(area, input))),
        },
      }),
    [area],
  );
  // a shopper fills the real-name form here; a store's payee is its owner's check
  const actor = useActorRef(machine, { input: { canVerify: area === 2 } });
  const state = useSelector(actor, (s) => s.value as string);
  const ctx = useSelector(actor, (s) => s.context);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (state === 'closed') closeRef.current();
    if (state === 'done') doneRef.current(ctx.result as CashRow);
  }, [state, ctx.result]);

  const cancel = () => actor.send({ type: 'CANCEL' });
  const step = state === 'details' || state === 'verify' || state === 'savingCheck' ? 0 : state === 'amount' ? 1 : state === 'confirm' || state === 'submitting' ? 2 : -1;
  const rate = ctx.account?.rate ?? '0';
  const checkError = (field: keyof RealNameForm) => {
    const code = ctx.checkErrors[field];
    return code ? intl.formatMessage({ id: CHECK_ERRORS[code] }, { max: field === 'name' ? 20 : 30 }) : undefined;
  };
  const submitForm = (type: 'DETAILS.SUBMIT' | 'CHECK.SUBMIT' | 'AMOUNT.SUBMIT' | 'CONFIRM') => (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type });
  };
  const serverError = ctx.error && state !== 'failed' && (
    <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
      {ctx.error}
    </p>
  );

  return (
    <Dialog open onClose={cancel} title={<FormattedMessage id="ucentre.cash.title" />} widthClass="w-[92vw] md:w-[480px]">
      {step >= 0 && <Steps current={step} />}
      {state === 'loading' && (
        <div className="flex justify-center py-8 text-slate-500">
          <Spinner />
        </div>
      )}
      {state === 'failed' && (
        <div className="flex flex-col items-center gap-3 py-6 text-sm text-slate-700">
          <p role="alert">{ctx.error || intl.formatMessage({ id: 'ucentre.cash.loadFailed' })}</p>
          <CancelOrRetry onCancel={cancel} onRetry={() => actor.send({ type: 'RETRY' })} />
        </div>
      )}
      {state === 'unverified' && (
        <div className="flex flex-col items-center gap-3 py-6 text-center text-sm text-slate-700">
          <p role="alert">
            <FormattedMessage id="ucentre.cash.ownerUnverified" />
          </p>
          <CancelOrRetry onCancel={cancel} onRetry={() => actor.send({ type: 'RETRY' })} />
        </div>
      )}
      {(state === 'verify' || state === 'savingCheck') && (
        <form noValidate onSubmit={submitForm('CHECK.SUBMIT')} className="flex flex-col gap-3">
          {serverError}
          <p className="text-sm text-slate-600">
            <FormattedMessage id={ctx.account?.checked ? 'ucentre.cash.changeHint' : 'ucentre.cash.verifyFirst'} />
          </p>
          {CHECK_FIELDS.map(({ field, label, numeric, max, hint, autoComplete }) => (
            <Field
              key={field}
              label={<FormattedMessage id={label} />}
              value={ctx.check[field]}
              maxLength={max}
              inputMode={numeric ? 'numeric' : undefined}
              autoComplete={autoComplete ?? 'off'}
              aria-required="true"
              hint={hint ? <FormattedMessage id={hint} /> : undefined}
              error={checkError(field)}
              onChange={(e) => actor.send({ type: 'CHECK.CHANGE', field, value: e.target.value })}
            />
          ))}
          <div className="flex justify-between gap-2 pt-2">
            {ctx.account?.checked ? (
              <Button variant="ghost" disabled={state === 'savingCheck'} onClick={() => actor.send({ type: 'BACK' })}>
                <FormattedMessage id="ucentre.cash.back" />
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button variant="secondary" onClick={cancel}>
                <FormattedMessage id="ucentre.cash.cancel" />
              </Button>
              <Button type="submit" loading={state === 'savingCheck'}>
                <FormattedMessage id="ucentre.cash.saveCheck" />
              </Button>
            </div>
          </div>
        </form>
      )}
      {state === 'details' && (
        <form noValidate onSubmit={submitForm('DETAILS.SUBMIT')} className="flex flex-col gap-3">
          {serverError}
          <p className="text-sm text-slate-600">
            <FormattedMessage id="ucentre.cash.detailsHint" />
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded bg-slate-50 px-3 py-2 text-sm" data-testid="cash-payee">
            {(
              [
                ['ucentre.cash.name', ctx.details.name],
                ['ucentre.cash.bankName', ctx.details.bank_name],
                ['ucentre.cash.cardNo', maskCard(ctx.details.card_no)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">
                  <FormattedMessage id={label} />
                </dt>
                <dd className="text-right text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex justify-between gap-2 pt-2">
            {ctx.canVerify ? (
              <Button variant="ghost" onClick={() => actor.send({ type: 'DETAILS.EDIT' })}>
                <FormattedMessage id="ucentre.cash.changePayee" />
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button variant="secondary" onClick={cancel}>
                <FormattedMessage id="ucentre.cash.cancel" />
              </Button>
              <Button type="submit">
                <FormattedMessage id="ucentre.cash.next" />
              </Button>
            </div>
          </div>
        </form>
      )}
      {state === 'amount' && (
        <form noValidate onSubmit={submitForm('AMOUNT.SUBMIT')} className="flex flex-col gap-3">
          {serverError}
          <p className="text-sm text-slate-700">
            <FormattedMessage id="ucentre.cash.available" values={{ amount: <strong className="text-red-700">￥{ctx.account?.balance}</strong> }} />
          </p>
          <Field
            label={<FormattedMessage id="ucentre.cash.amount" />}
            value={ctx.amount}
            inputMode="decimal"
            autoComplete="off"
            aria-required="true"
            hint={<FormattedMessage id="ucentre.cash.feeRule" values={{ rate }} />}
            error={ctx.amountError ? intl.formatMessage({ id: `ucentre.cash.err.${ctx.amountError}` }, { balance: ctx.account?.balance ?? '' }) : undefined}
            onChange={(e) => actor.send({ type: 'AMOUNT.CHANGE', value: e.target.value })}
            addon={
              <Button variant="secondary" onClick={() => actor.send({ type: 'AMOUNT.ALL' })}>
                <FormattedMessage id="ucentre.cash.all" />
              </Button>
            }
          />
          <dl className="grid grid-cols-2 gap-1 rounded bg-slate-50 px-3 py-2 text-sm" aria-live="polite">
            <dt className="text-slate-600">
              <FormattedMessage id="ucentre.cash.fee" />
            </dt>
            <dd className="text-right text-slate-900" data-testid="cash-fee">
              {ctx.fee ? `￥${ctx.fee}` : '-'}
            </dd>
            <dt className="text-slate-600">
              <FormattedMessage id="ucentre.cash.net" />
            </dt>
            <dd className="text-right font-semibold text-slate-900" data-testid="cash-net">
              {ctx.net ? `￥${ctx.net}` : '-'}
            </dd>
          </dl>
          <div className="flex justify-between gap-2 pt-2">
            <Button variant="ghost" onClick={() => actor.send({ type: 'BACK' })}>
              <FormattedMessage id="ucentre.cash.back" />
            </Button>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={cancel}>
                <FormattedMessage id="ucentre.cash.cancel" />
              </Button>
              <Button type="submit">
                <FormattedMessage id="ucentre.cash.next" />
              </Button>
            </div>
          </div>
        </form>
      )}
      {(state === 'confirm' || state === 'submitting') && (
        <form noValidate onSubmit={submitForm('CONFIRM')} className="flex flex-col gap-3">
          {serverError}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {(
              [
                ['ucentre.cash.name', ctx.details.name],
                ['ucentre.cash.bankName', ctx.details.bank_name],
                ['ucentre.cash.cardNo', maskCard(ctx.details.card_no)],
                ['ucentre.cash.requested', `￥${ctx.amount}`],
                ['ucentre.cash.fee', `￥${ctx.fee} (${rate}%)`],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">
                  <FormattedMessage id={label} />
                </dt>
                <dd className="text-right text-slate-900">{value}</dd>
              </div>
            ))}
            <dt className="font-medium text-slate-800">
              <FormattedMessage id="ucentre.cash.net" />
            </dt>
            <dd className="text-right text-lg font-semibold text-red-700" data-testid="cash-confirm-net">
              ￥{ctx.net}
            </dd>
          </dl>
          <p className="text-xs text-slate-600">
            <FormattedMessage id="ucentre.cash.confirmHint" />
          </p>
          <div className="flex justify-between gap-2 pt-2">
            <Button variant="ghost" disabled={state === 'submitting'} onClick={() => actor.send({ type: 'BACK' })}>
              <FormattedMessage id="ucentre.cash.back" />
            </Button>
            <Button type="submit" loading={state === 'submitting'}>
              <FormattedMessage id="ucentre.cash.confirm" />
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The way out of a load that failed or an owner not yet verified: close, or ask again. */
function CancelOrRetry({ onCancel, onRetry }: { onCancel: () => void; onRetry: () => void }) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" onClick={onCancel}>
        <FormattedMessage id="ucentre.cash.cancel" />
      </Button>
      <Button onClick={onRetry}>
        <FormattedMessage id="ucentre.cash.retry" />
      </Button>
    </div>
  );
}
