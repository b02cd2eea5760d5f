/**
 * The withdrawal form (issue 13, reference §6.10, screens §3.28): load the account (balance, fee
 * rate, saved card details) → bank details (holder, bank, card number) → amount with the fee and
 * the net amount previewed → confirm (the fee shown before anything is sent) → submit once → done.
 * Back steps keep what was typed; a refusal from the server returns to the step of the field it
 * names (details or amount), else stays on confirm with the message. Effects are the actors
 * `loadAccount` and `submitCash` and the action `notifyDone`, provided by src/.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import { amountCents, cardDigits, centsText, checkAmount, checkDetails, feePreview, rateBp, type AmountError, type CashAccount, type CashDetails, type DetailsError } from './withdrawal';

export interface WithdrawalContext {
  account: CashAccount | null;
  details: CashDetails;
  amount: string;
  /** Preview of the typed amount ('' when it is not an amount): fee and net as '0.50' / '99.50'. */
  fee: string;
  net: string;
  detailErrors: Partial<Record<keyof CashDetails, DetailsError>>;
  amountError: AmountError | null;
  /** A server refusal or a failed load. */
  error: string | null;
  /** The created withdrawal (after done). */
  result: unknown;
}

export type WithdrawalEvent =
  | { type: 'DETAILS.CHANGE'; field: keyof CashDetails; value: string }
  | { type: 'DETAILS.SUBMIT' }
  | { type: 'AMOUNT.CHANGE'; value: string }
  | { type: 'AMOUNT.ALL' }
  | { type: 'AMOUNT.SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface SubmitCashInput extends CashDetails {
  money: string;
}

const EMPTY: CashDetails = { name: '', bank_name: '', card_no: '' };

/** Fee and net of the typed amount; none for an amount the balance cannot cover (it would be refused). */
function preview(amount: string, account: CashAccount | null): { fee: string; net: string } {
  const cents = amountCents(amount);
  if (cents === null || cents === 0 || !account) return { fee: '', net: '' };
  if (cents > (amountCents(account.balance) ?? 0)) return { fee: '', net: '' };
  const { fee, net } = feePreview(cents, rateBp(account.rate));
  return { fee: centsText(fee), net: centsText(Math.max(0, net)) };
}

/** The field a server refusal names (`data.field`), if any. */
function refusedField(error: unknown): string | undefined {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' ? field : undefined;
}

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  actors: {
    loadAccount: fromPromise<CashAccount>(() => Promise.reject(new Error('withdrawal: actor "loadAccount" is not provided'))),
    submitCash: fromPromise<unknown, SubmitCashInput>(() => Promise.reject(new Error('withdrawal: actor "submitCash" is not provided'))),
  },
  actions: {
    notifyDone: (_, _params: { result: unknown }) => {},
  },
  guards: {
    detailsValid: ({ context }) => Object.keys(checkDetails(context.details)).length === 0,
    amountValid: ({ context }) => checkAmount(context.amount, context.account?.balance ?? '0', rateBp(context.account?.rate ?? '0')) === null,
    refusedDetails: (_, params: { error: unknown }) => ['name', 'bank_name', 'card_no'].includes(refusedField(params.error) ?? ''),
    refusedAmount: (_, params: { error: unknown }) => refusedField(params.error) === 'money',
  },
}).createMachine({
  id: 'withdrawal',
  context: { account: null, details: EMPTY, amount: '', fee: '', net: '', detailErrors: {}, amountError: null, error: null, result: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadAccount',
        onDone: {
          target: 'details',
          actions: assign({ account: ({ event }) => event.output, details: ({ event }) => ({ ...EMPTY, ...event.output.details }), error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: { RETRY: 'loading', CANCEL: 'closed' },
    },
    details: {
      on: {
        'DETAILS.CHANGE': {
          actions: assign({
            details: ({ context, event }) => ({ ...context.details, [event.field]: event.value }),
            detailErrors: ({ context, event }) => ({ ...context.detailErrors, [event.field]: undefined }),
          }),
        },
        'DETAILS.SUBMIT': [
          { guard: 'detailsValid', target: 'amount', actions: assign({ detailErrors: {}, error: null }) },
          { actions: assign({ detailErrors: ({ context }) => checkDetails(context.details) }) },
        ],
        CANCEL: 'closed',
      },
    },
    amount: {
      on: {
        'AMOUNT.CHANGE': {
          actions: assign(({ context, event }) => ({ amount: event.value, amountError: null, ...preview(event.value, context.account) })),
        },
        'AMOUNT.ALL': {
          actions: assign(({ context }) => {
            const all = context.account?.balance ?? '0.00';
            return { amount: all, amountError: null, ...preview(all, context.account) };
          }),
        },
        'AMOUNT.SUBMIT': [
          // the confirm step shows the amount as money ('20' → '20.00'), as the fee and net are
          { guard: 'amountValid', target: 'confirm', actions: assign(({ context }) => ({ amount: centsText(amountCents(context.amount) ?? 0), amountError: null, error: null })) },
          { actions: assign({ amountError: ({ context }) => checkAmount(context.amount, context.account?.balance ?? '0', rateBp(context.account?.rate ?? '0')) }) },
        ],
        BACK: 'details',
        CANCEL: 'closed',
      },
    },
    confirm: {
      on: {
        CONFIRM: 'submitting',
        BACK: 'amount',
        CANCEL: 'closed',
      },
    },
    submitting: {
      invoke: {
        src: 'submitCash',
        input: ({ context }) => ({
          money: centsText(amountCents(context.amount) ?? 0),
          name: context.details.name.trim(),
          bank_name: context.details.bank_name.trim(),
          card_no: cardDigits(context.details.card_no),
        }),
        onDone: {
          target: 'done',
          actions: [assign({ result: ({ event }) => event.output, error: null }), { type: 'notifyDone', params: ({ event }) => ({ result: event.output }) }],
        },
        onError: [
          { guard: { type: 'refusedDetails', params: ({ event }) => ({ error: event.error }) }, target: 'details', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { guard: { type: 'refusedAmount', params: ({ event }) => ({ error: event.error }) }, target: 'amount', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'confirm', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});
