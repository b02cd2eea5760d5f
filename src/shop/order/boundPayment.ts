import { fromPromise } from 'xstate';
import { paymentMachine, type FetchOrdersInput } from '../../../machines/payment.machine';
import type { CheckPaidInput, PayAnswer, PayInput, PaymentLoad } from '../../../machines/payment';
import { fetchUser } from '../../api/auth';
import { toCents } from '../../api/cart';
import { loadOrder, ordersPaid, payAnswerOf, payOrderOf, payOrders } from '../../api/orders';
import { go } from '../../app/navigation';
import { unwrap } from '../../app/sessionActors';
import { SUCCESS_PATH } from './paths';

/** The orders (each `GET /api/user/order/{id}`) and the caller's balance (`auth/info` money; unknown when that fails). */
async function fetchPayment({ orderIds }: FetchOrdersInput): Promise<PaymentLoad> {
  const [rows, user] = await Promise.all([Promise.all(orderIds.map(async (id) => unwrap(await loadOrder(id)))), fetchUser(2, { quiet: true })]);
  const now = Date.now();
  const money = user.kind === 'ok' ? (user.data as { money?: string | number } | null)?.money : undefined;
  return { orders: rows.map((row) => payOrderOf(row, now)), balanceCents: money === undefined || money === null ? null : toCents(money) };
}

/** The payment machine bound to the shopper API and the router. */
export const boundPaymentMachine = paymentMachine.provide({
  actors: {
    fetchOrders: fromPromise<PaymentLoad, FetchOrdersInput>(({ input }) => fetchPayment(input)),
    pay: fromPromise<PayAnswer, PayInput>(async ({ input }) => payAnswerOf(unwrap(await payOrders(input.orderIds, input.method, input.password)))),
    checkPaid: fromPromise<boolean, CheckPaidInput>(async ({ input }) => unwrap(await ordersPaid(input.orderIds))),
  },
  actions: {
    goSuccess: () => go(SUCCESS_PATH, { replace: true }),
  },
});
