/**
 * The pay page (screens §3.9, docs/orders-api.md "Payment"): load the orders to pay, count down
 * their reservation (the countdown machine), choose a method; balance pays at once with the
 * 6-digit pay password; WeChat Pay and Alipay show a QR and ask the server every second whether
 * the orders are paid, until they are (→ success), the dialog is closed, or the reservation ends
 * (the wait is given up). A wrong password or a short balance keeps the page with the message;
 * a balance known to be short of the amount cannot be chosen, and another method is preselected.
 */
import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { countdownMachine } from './countdown.machine';
import { errorMessage } from './errors';
import {
  CHOOSE_METHOD, PASSWORD_FORMAT, PAY_FAILED, PAY_PASSWORD, POLL_MS,
  allPaid, balanceShortfall, payable, payableIds, preselectedMethod, refusalField, reservationSeconds,
  type CheckPaidInput, type PayAnswer, type PayInput, type PayMethod, type PaymentLoad, type PayOrder, type QrCode,
} from './payment';

export interface PaymentInput { orderIds: number[] }

export interface PaymentContext {
  orderIds: number[];
  orders: PayOrder[];
  balanceCents: number | null;
  method: PayMethod | null;
  /** The pay password, kept only while its payment is asked for. */
  password: string;
  qr: QrCode | null;
  /** 'chooseMethod' | 'payPasswordFormat' | 'payFailed' | a server message. */
  error: string | null;
  /** The field the error is about ('pay_password', 'money'…), if any. */
  errorField: string | null;
  /** The reservation ended while a payment was being asked for. */
  ended: boolean;
}

export type PaymentEvent =
  | { type: 'RETRY' }
  | { type: 'METHOD.CHOOSE'; method: PayMethod }
  | { type: 'PAY'; password?: string }
  | { type: 'QR.CLOSE' }
  | { type: 'RESERVATION.ENDED' };

export interface PaymentActionParams {
  goSuccess: { orderIds: number[] };
}

export interface FetchOrdersInput { orderIds: number[] }

const notProvided = (name: string) => () => Promise.reject(new Error(`payment: actor "${name}" is not provided`));

/** The reservation: a countdown that tells the payment when it reaches zero. */
const reservationMachine = countdownMachine.provide({
  actions: { notifyFinished: sendParent({ type: 'RESERVATION.ENDED' }) as never },
});

const clearError = { error: null, errorField: null } as const;

export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  actors: {
    fetchOrders: fromPromise<PaymentLoad, FetchOrdersInput>(notProvided('fetchOrders')),
    pay: fromPromise<PayAnswer, PayInput>(notProvided('pay')),
    checkPaid: fromPromise<boolean, CheckPaidInput>(notProvided('checkPaid')),
    reservation: reservationMachine,
  },
  actions: {
    goSuccess: (_, _params: PaymentActionParams['goSuccess']) => {},
  },
  guards: {
    allPaid: (_, params: { load: PaymentLoad }) => allPaid(params.load.orders),
    nothingToPay: (_, params: { load: PaymentLoad }) => payable(params.load.orders).length === 0,
    reservationOver: (_, params: { load: PaymentLoad }) => reservationSeconds(params.load.orders) === 0,
    hasDeadline: ({ context }) => reservationSeconds(context.orders) !== null,
    noMethod: ({ context }) => context.method === null,
    balanceShort: ({ context, event }) => event.type === 'METHOD.CHOOSE' && event.method === 'balance' && balanceShortfall(context.balanceCents, context.orders) > 0,
    badPassword: ({ context, event }) => context.method === 'balance' && event.type === 'PAY' && !PAY_PASSWORD.test(event.password ?? ''),
    paidNow: (_, params: { answer: PayAnswer }) => params.answer.paid === true,
    reservationEnded: ({ context }) => context.ended,
    hasQr: (_, params: { answer: PayAnswer }) => !!params.answer.codeUrl,
    ordersChanged: (_, params: { error: unknown }) => refusalField(params.error) === 'order_id',
    isPaid: (_, params: { paid: boolean }) => params.paid === true,
  },
  delays: { poll: POLL_MS },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    orderIds: input.orderIds,
    orders: [],
    balanceCents: null,
    method: null,
    password: '',
    qr: null,
    error: null,
    errorField: null,
    ended: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ orderIds: context.orderIds }),
        onDone: [
          { guard: { type: 'allPaid', params: ({ event }) => ({ load: event.output }) }, target: 'paid', actions: assign({ orders: ({ event }) => event.output.orders }) },
          { guard: { type: 'nothingToPay', params: ({ event }) => ({ load: event.output }) }, target: 'closed', actions: assign({ orders: ({ event }) => event.output.orders }) },
          {
            guard: { type: 'reservationOver', params: ({ event }) => ({ load: event.output }) },
            target: 'expired',
            actions: assign({ orders: ({ event }) => event.output.orders }),
          },
          {
            target: 'active',
            actions: assign(({ context, event }) => ({
              orders: event.output.orders,
              balanceCents: event.output.balanceCents,
              method: preselectedMethod(context.method, event.output.balanceCents, event.output.orders),
              ended: false,
            })),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error), errorField: null }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign(clearError) } },
    },
    /** No order of the list awaits payment (cancelled, or not the caller's). */
    closed: { type: 'final' },
    active: {
      invoke: {
        id: 'reservation',
        src: 'reservation',
        input: ({ context }) => ({ seconds: reservationSeconds(context.orders) ?? 0 }),
      },
      on: {
        'RESERVATION.ENDED': { target: 'expired' },
      },
      initial: 'starting',
      states: {
        starting: {
          always: [
            { guard: 'hasDeadline', target: 'choosing', actions: sendTo('reservation', { type: 'START' }) },
            { target: 'choosing' },
          ],
        },
        choosing: {
          on: {
            'METHOD.CHOOSE': [
              // a balance short of the amount cannot be chosen (the page disables it)
              { guard: 'balanceShort' },
              { actions: assign({ method: ({ event }) => event.method, ...clearError }) },
            ],
            PAY: [
              { guard: 'noMethod', actions: assign({ error: CHOOSE_METHOD, errorField: null }) },
              { guard: 'badPassword', actions: assign({ error: PASSWORD_FORMAT, errorField: 'pay_password' }) },
              { target: 'paying', actions: assign({ password: ({ context, event }) => (context.method === 'balance' ? (event.password ?? '') : ''), ...clearError }) },
            ],
          },
        },
        paying: {
          on: {
            // the answer decides: a balance payment may still have gone through
            'RESERVATION.ENDED': { actions: assign({ ended: true }) },
          },
          invoke: {
            id: 'pay',
            src: 'pay',
            input: ({ context }) => ({ orderIds: payableIds(context.orders), method: context.method ?? 'balance', password: context.password }),
            onDone: [
              { guard: { type: 'paidNow', params: ({ event }) => ({ answer: event.output }) }, target: '#payment.paid', actions: assign({ password: '' }) },
              { guard: 'reservationEnded', target: '#payment.expired', actions: assign({ password: '' }) },
              {
                guard: { type: 'hasQr', params: ({ event }) => ({ answer: event.output }) },
                target: 'qr',
                actions: assign(({ context, event }) => ({
                  password: '',
                  qr: { payNo: event.output.payNo, codeUrl: event.output.codeUrl ?? '', testMode: event.output.testMode === true, method: context.method ?? 'wechat' },
                })),
              },
              { target: 'choosing', actions: assign({ password: '', error: PAY_FAILED, errorField: null }) },
            ],
            onError: [
              { guard: { type: 'ordersChanged', params: ({ event }) => ({ error: event.error }) }, target: '#payment.loading', actions: assign({ password: '' }) },
              { guard: 'reservationEnded', target: '#payment.expired', actions: assign({ password: '' }) },
              {
                target: 'choosing',
                actions: assign({
                  password: '',
                  error: ({ event }) => errorMessage(event.error) || PAY_FAILED,
                  errorField: ({ event }) => refusalField(event.error),
                }),
              },
            ],
          },
        },
        /** The QR dialog: wait a second, ask whether every order is paid, again. */
        qr: {
          on: { 'QR.CLOSE': { target: 'choosing', actions: assign({ qr: null }) } },
          initial: 'waiting',
          states: {
            waiting: {
              after: { poll: { target: 'checking' } },
            },
            checking: {
              invoke: {
                id: 'checkPaid',
                src: 'checkPaid',
                input: ({ context }) => ({ orderIds: payableIds(context.orders), payNo: context.qr?.payNo ?? '' }),
                onDone: [
                  { guard: { type: 'isPaid', params: ({ event }) => ({ paid: event.output }) }, target: '#payment.paid' },
                  { target: 'waiting' },
                ],
                // a lost answer is asked again a second later
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    paid: {
      type: 'final',
      entry: { type: 'goSuccess', params: ({ context }) => ({ orderIds: context.orderIds }) },
    },
    /** The reservation ended before the orders were paid: the wait is given up. */
    expired: { type: 'final' },
  },
});
