/**
 * The withdrawal form (issues 13 and 25, reference §6.10, screens §3.28): load the account
 * (balance, fee rate, the payee of the real-name check) → the payee, read-only (a withdrawal is
 * paid to the holder, bank and card of the real-name check: the shopper's, or the store owner's)
 * → amount with the fee and the net amount previewed → confirm (the fee shown before anything is
 * sent) → submit once → done. Without a check, a shopper (`canVerify`) fills the real-name form
 * first (saved by `saveCheck`, then the payee step), and may change it later; a store is told its
 * owner must complete it (`unverified`). Back steps keep what was typed; a refusal from the server
 * returns to the step of the field it names (the check or the amount), else stays on confirm with
 * the message. Effects are the actors `loadAccount`, `saveCheck` and `submitCash` and the action
 * `notifyDone`, provided by src/.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import { amountCents, cardDigits, centsText, checkAmount, checkRealName, feePreview, rateBp, type AmountError, type CashAccount, type CashDetails, type DetailsError, type RealNameForm } from './withdrawal';

export interface WithdrawalInput {
  /** The caller may fill the real-name form here (a shopper); a store's is its owner's, done in the user centre. */
  canVerify: boolean;
}

export interface WithdrawalContext {
  canVerify: boolean;
  account: CashAccount | null;
  /** The payee (from the account, or the check just saved). */
  details: CashDetails;
  /** The real-name form being filled. */
  check: RealNameForm;
  checkErrors: Partial<Record<keyof RealNameForm, DetailsError>>;
  amount: string;
  /** Preview of the typed amount ('' when it is not an amount): fee and net as '0.50' / '99.50'. */
  fee: string;
  net: string;
  amountError: AmountError | null;
  /** A server refusal or a failed load. */
  error: string | null;
  /** The created withdrawal (after done). */
  result: unknown;
}

export type WithdrawalEvent =
  | { type: 'DETAILS.SUBMIT' }
  | { type: 'DETAILS.EDIT' }
  | { type: 'CHECK.CHANGE'; field: keyof RealNameForm; value: string }
  | { type: 'CHECK.SUBMIT' }
  | { type: 'AMOUNT.CHANGE'; value: string }
  | { type: 'AMOUNT.ALL' }
  | { type: 'AMOUNT.SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

/** What is sent: the amount only (the server pays the real-name check's card). */
export interface SubmitCashInput {
  money: string;
}

/** The saved check as the server answers it (POST /api/user/check). */
export interface SavedCheck {
  name: string;
  bank_name: string;
  bank_no: string;
}

const EMPTY: CashDetails = { name: '', bank_name: '', card_no: '' };
const EMPTY_CHECK: RealNameForm = { name: '', card_no: '', bank_name: '', bank_no: '' };

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
    input: {} as WithdrawalInput,
  },
  actors: {
    loadAccount: fromPromise<CashAccount>(() => Promise.reject(new Error('withdrawal: actor "loadAccount" is not provided'))),
    saveCheck: fromPromise<SavedCheck, RealNameForm>(() => Promise.reject(new Error('withdrawal: actor "saveCheck" is not provided'))),
    submitCash: fromPromise<unknown, SubmitCashInput>(() => Promise.reject(new Error('withdrawal: actor "submitCash" is not provided'))),
  },
  actions: {
    notifyDone: (_, _params: { result: unknown }) => {},
  },
  guards: {
    checked: (_, params: { account: CashAccount }) => params.account.checked,
    canVerify: ({ context }) => context.canVerify,
    hasPayee: ({ context }) => context.account?.checked === true,
    checkValid: ({ context }) => Object.keys(checkRealName(context.check)).length === 0,
    amountValid: ({ context }) => checkAmount(context.amount, context.account?.balance ?? '0', rateBp(context.account?.rate ?? '0')) === null,
    refusedCheck: (_, params: { error: unknown }) => refusedField(params.error) === 'check',
    refusedAmount: (_, params: { error: unknown }) => refusedField(params.error) === 'money',
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    canVerify: input?.canVerify ?? false,
    account: null,
    details: EMPTY,
    check: EMPTY_CHECK,
    checkErrors: {},
    amount: '',
    fee: '',
    net: '',
    amountError: null,
    error: null,
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadAccount',
        onDone: [
          {
            guard: { type: 'checked', params: ({ event }) => ({ account: event.output }) },
            target: 'details',
            actions: assign({ account: ({ event }) => event.output, details: ({ event }) => ({ ...EMPTY, ...event.output.details }), error: null }),
          },
          { guard: 'canVerify', target: 'verify', actions: assign({ account: ({ event }) => event.output, error: null }) },
          { target: 'unverified', actions: assign({ account: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: { RETRY: 'loading', CANCEL: 'closed' },
    },
    /** No real-name check to pay to, and this caller cannot make one here (a store: its owner does). */
    unverified: {
      on: { RETRY: 'loading', CANCEL: 'closed' },
    },
    /** The payee, read-only. */
    details: {
      on: {
        'DETAILS.SUBMIT': { target: 'amount', actions: assign({ error: null }) },
        'DETAILS.EDIT': {
          guard: 'canVerify',
          target: 'verify',
          actions: assign({ check: ({ context }) => ({ ...EMPTY_CHECK, name: context.details.name, bank_name: context.details.bank_name, bank_no: context.details.card_no }), checkErrors: {} }),
        },
        CANCEL: 'closed',
      },
    },
    /** The real-name form (a shopper without a check, or changing it). */
    verify: {
      on: {
        'CHECK.CHANGE': {
          actions: assign({
            check: ({ context, event }) => ({ ...context.check, [event.field]: event.value }),
            checkErrors: ({ context, event }) => ({ ...context.checkErrors, [event.field]: undefined }),
          }),
        },
        'CHECK.SUBMIT': [
          { guard: 'checkValid', target: 'savingCheck', actions: assign({ checkErrors: {}, error: null }) },
          { actions: assign({ checkErrors: ({ context }) => checkRealName(context.check) }) },
        ],
        BACK: { guard: 'hasPayee', target: 'details' },
        CANCEL: 'closed',
      },
    },
    savingCheck: {
      invoke: {
        src: 'saveCheck',
        input: ({ context }) => ({
          name: context.check.name.trim(),
          card_no: cardDigits(context.check.card_no).toUpperCase(),
          bank_name: context.check.bank_name.trim(),
          bank_no: cardDigits(context.check.bank_no),
        }),
        onDone: {
          target: 'details',
          actions: assign({
            details: ({ event }) => ({ name: event.output.name, bank_name: event.output.bank_name, card_no: event.output.bank_no }),
            account: ({ context }) => (context.account ? { ...context.account, checked: true } : context.account),
            error: null,
          }),
        },
        onError: { target: 'verify', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
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
        input: ({ context }) => ({ money: centsText(amountCents(context.amount) ?? 0) }),
        onDone: {
          target: 'done',
          actions: [assign({ result: ({ event }) => event.output, error: null }), { type: 'notifyDone', params: ({ event }) => ({ result: event.output }) }],
        },
        onError: [
          // the check went missing meanwhile: fill it again (a shopper) or say the owner must
          {
            guard: { type: 'refusedCheck', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
          { guard: { type: 'refusedAmount', params: ({ event }) => ({ error: event.error }) }, target: 'amount', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'confirm', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});
