import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { paymentMachine, type FetchOrdersInput } from '../../machines/payment.machine';
import {
  CHOOSE_METHOD, PASSWORD_FORMAT, PAY_FAILED, POLL_MS,
  allPaid, balanceShortfall, payTotal, payable, payableIds, preselectedMethod, refusalField, reservationSeconds,
  type CheckPaidInput, type PayAnswer, type PayInput, type PaymentLoad, type PayOrder,
} from '../../machines/payment';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const order = (id: number, status = 1, secondsLeft: number | null = 1800, totalCents = 10000, freightCents = 1000): PayOrder => ({
  id, orderNo: `2026112610000000000${id}`, status, storeName: `store ${id}`, totalCents, freightCents, couponCents: 0,
  lines: [{ name: `goods ${id}`, image: '', skuName: '', priceCents: totalCents - freightCents, qty: 1, totalCents: totalCents - freightCents }],
  secondsLeft,
});

const LOAD: PaymentLoad = { orders: [order(31, 1, 1800), order(32, 1, 1750, 5550, 0)], balanceCents: 100000 };
const QR: PayAnswer = { payNo: 'P20261126100000123456', paid: false, codeUrl: 'http://127.0.0.1/api/payment/dev/P20261126100000123456', testMode: true };

async function setupPayment(load: PaymentLoad = LOAD) {
  const log = recordActions(['goSuccess'] as const);
  const fetchOrders = manualActor<PaymentLoad, FetchOrdersInput>();
  const pay = manualActor<PayAnswer, PayInput>();
  const checkPaid = manualActor<boolean, CheckPaidInput>();
  const actor = createTestActor(
    paymentMachine.provide({ actions: log.actions, actors: { fetchOrders: fetchOrders.logic, pay: pay.logic, checkPaid: checkPaid.logic } }),
    { input: { orderIds: [31, 32] } },
  );
  actor.start();
  expect(actor.getSnapshot().value).toBe('loading');
  expect(fetchOrders.last().input).toEqual({ orderIds: [31, 32] });
  fetchOrders.last().resolve(load);
  await flush();
  const context = () => actor.getSnapshot().context;
  const state = () => actor.getSnapshot().value;
  const remaining = () => (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>).reservation?.getSnapshot().context.remaining as number | undefined;
  return { actor, log, fetchOrders, pay, checkPaid, context, state, remaining };
}

describe('payment rules', () => {
  it('pays the orders awaiting payment; totals include freight', () => {
    const orders = [order(1), order(2, 2), order(3, 0), order(4, 1, 60, 2500, 500)];
    expect(payable(orders).map((o) => o.id)).toEqual([1, 4]);
    expect(payableIds(orders)).toEqual([1, 4]);
    expect(payTotal(orders)).toEqual({ totalCents: 12500, freightCents: 1500 });
    expect(allPaid([order(1, 2), order(2, 3)])).toBe(true);
    expect(allPaid([order(1, 2), order(2, 0)])).toBe(false);
    expect(allPaid([])).toBe(false);
  });

  it('the reservation ends with the first payable order; unknown without a time', () => {
    expect(reservationSeconds([order(1, 1, 1800.7), order(2, 1, 90.2), order(3, 2, 5)])).toBe(90);
    expect(reservationSeconds([order(1, 1, -3)])).toBe(0);
    expect(reservationSeconds([order(1, 1, null)])).toBeNull();
    expect(reservationSeconds([])).toBeNull();
  });

  it('a balance short of the payable orders: the shortfall, and another method to start with', () => {
    const orders = [order(1), order(2, 2), order(4, 1, 60, 2500, 500)];
    expect(balanceShortfall(null, orders)).toBe(0);
    expect(balanceShortfall(12500, orders)).toBe(0);
    expect(balanceShortfall(1200, orders)).toBe(11300);
    expect(preselectedMethod(null, 12500, orders)).toBeNull();
    expect(preselectedMethod('balance', 12500, orders)).toBe('balance');
    expect(preselectedMethod(null, 1200, orders)).toBe('wechat');
    expect(preselectedMethod('balance', 1200, orders)).toBe('wechat');
    expect(preselectedMethod('alipay', 1200, orders)).toBe('alipay');
  });

  it('reads the field a refusal names', () => {
    expect(refusalField({ kind: 'fail', data: { field: 'pay_password' } })).toBe('pay_password');
    expect(refusalField({ kind: 'fail', data: null })).toBeNull();
    expect(refusalField('x')).toBeNull();
  });
});

describe('payment: loading', () => {
  it('loads the orders and starts the reservation countdown from the earliest end', async () => {
    vi.useFakeTimers();
    try {
      const { context, state, remaining } = await setupPayment();
      expect(state()).toEqual({ active: 'choosing' });
      expect(context()).toMatchObject({ orders: LOAD.orders, balanceCents: 100000, method: null, error: null });
      expect(remaining()).toBe(1750);
      vi.advanceTimersByTime(3000);
      expect(remaining()).toBe(1747);
    } finally {
      vi.useRealTimers();
    }
  });

  it('orders without a known end are not counted down', async () => {
    vi.useFakeTimers();
    try {
      const { state, remaining, actor } = await setupPayment({ orders: [order(31, 1, null)], balanceCents: null });
      expect(state()).toEqual({ active: 'choosing' });
      vi.advanceTimersByTime(5000);
      expect(remaining()).toBe(0);
      expect(actor.getSnapshot().status).toBe('active');
    } finally {
      vi.useRealTimers();
    }
  });

  it('orders already paid go straight to success', async () => {
    const { log, actor } = await setupPayment({ orders: [order(31, 2), order(32, 3)], balanceCents: 0 });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(log.calls).toEqual([{ type: 'goSuccess', params: { orderIds: [31, 32] } }]);
  });

  it('orders cancelled (nothing to pay) close the page; a reservation already over is expired', async () => {
    expect((await setupPayment({ orders: [order(31, 0)], balanceCents: 0 })).state()).toBe('closed');
    expect((await setupPayment({ orders: [order(31, 1, 0)], balanceCents: 0 })).state()).toBe('expired');
  });

  it('a failed load can be retried', async () => {
    const fetchOrders = manualActor<PaymentLoad, FetchOrdersInput>();
    const actor = createTestActor(paymentMachine.provide({ actors: { fetchOrders: fetchOrders.logic } }), { input: { orderIds: [9] } });
    actor.start();
    fetchOrders.last().reject({ msg: '订单不存在' });
    await flush();
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: '订单不存在' } });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'loading', context: { error: null } });
    expect(fetchOrders.calls).toHaveLength(2);
  });
});

describe('payment: balance', () => {
  it('asks for a method, then a 6-digit password, before paying', async () => {
    const { actor, pay, context, state } = await setupPayment();
    actor.send({ type: 'PAY' });
    expect(context().error).toBe(CHOOSE_METHOD);
    actor.send({ type: 'METHOD.CHOOSE', method: 'balance' });
    expect(context()).toMatchObject({ method: 'balance', error: null });
    for (const password of [undefined, '', '12345', '1234567', '12345a']) {
      actor.send({ type: 'PAY', password });
      expect(context()).toMatchObject({ error: PASSWORD_FORMAT, errorField: 'pay_password' });
    }
    expect(state()).toEqual({ active: 'choosing' });
    expect(pay.calls).toHaveLength(0);
  });

  it('pays with the password and goes to success', async () => {
    const { actor, pay, log, context, state } = await setupPayment();
    actor.send({ type: 'METHOD.CHOOSE', method: 'balance' });
    actor.send({ type: 'PAY', password: '123456' });
    expect(state()).toEqual({ active: 'paying' });
    expect(pay.last().input).toEqual({ orderIds: [31, 32], method: 'balance', password: '123456' });
    actor.send({ type: 'PAY', password: '123456' });
    expect(pay.calls).toHaveLength(1);
    pay.last().resolve({ payNo: 'P1', paid: true });
    await flush();
    expect(state()).toBe('paid');
    expect(context().password).toBe('');
    expect(log.calls).toEqual([{ type: 'goSuccess', params: { orderIds: [31, 32] } }]);
  });

  it('a balance short of the amount is not chosen: another method is preselected and stays', async () => {
    const { actor, context, state } = await setupPayment({ ...LOAD, balanceCents: 1200 });
    expect(state()).toEqual({ active: 'choosing' });
    expect(context().method).toBe('wechat');
    actor.send({ type: 'METHOD.CHOOSE', method: 'balance' });
    expect(context()).toMatchObject({ method: 'wechat', error: null });
    actor.send({ type: 'METHOD.CHOOSE', method: 'alipay' });
    expect(context().method).toBe('alipay');
  });

  it('a wrong password or a short balance stays on the page with the message', async () => {
    const { actor, pay, context, state } = await setupPayment();
    actor.send({ type: 'METHOD.CHOOSE', method: 'balance' });
    actor.send({ type: 'PAY', password: '654321' });
    pay.last().reject({ kind: 'fail', code: 422, msg: '支付密码错误', data: { field: 'pay_password' } });
    await flush();
    expect(state()).toEqual({ active: 'choosing' });
    expect(context()).toMatchObject({ error: '支付密码错误', errorField: 'pay_password', password: '', method: 'balance' });
    actor.send({ type: 'PAY', password: '123456' });
    pay.last().reject({ kind: 'fail', code: 422, msg: '余额不足', data: { field: 'money' } });
    await flush();
    expect(context()).toMatchObject({ error: '余额不足', errorField: 'money' });
    actor.send({ type: 'PAY', password: '123456' });
    pay.last().reject({});
    await flush();
    expect(context()).toMatchObject({ error: PAY_FAILED, errorField: null });
    actor.send({ type: 'PAY', password: '123456' });
    pay.last().resolve({ payNo: 'P2', paid: false });
    await flush();
    expect(state()).toEqual({ active: 'choosing' });
    expect(context().error).toBe(PAY_FAILED);
  });

  it('orders paid or cancelled meanwhile (422 order_id) are loaded again', async () => {
    const { actor, pay, fetchOrders, state, log } = await setupPayment();
    actor.send({ type: 'METHOD.CHOOSE', method: 'balance' });
    actor.send({ type: 'PAY', password: '123456' });
    pay.last().reject({ kind: 'fail', code: 422, msg: '订单已支付', data: { field: 'order_id' } });
    await flush();
    expect(state()).toBe('loading');
    fetchOrders.last().resolve({ orders: [order(31, 2), order(32, 2)], balanceCents: 0 });
    await flush();
    expect(state()).toBe('paid');
    expect(log.types()).toEqual(['goSuccess']);
  });
});

describe('payment: QR', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function showQr(method: 'wechat' | 'alipay' = 'alipay') {
    const setup = await setupPayment();
    setup.actor.send({ type: 'METHOD.CHOOSE', method });
    setup.actor.send({ type: 'PAY', password: 'ignored' });
    expect(setup.pay.last().input).toEqual({ orderIds: [31, 32], method, password: '' });
    setup.pay.last().resolve(QR);
    await flush();
    return setup;
  }

  it('shows the QR (test mode as the server says) and asks every second until paid', async () => {
    const { checkPaid, context, state, log } = await showQr();
    expect(state()).toEqual({ active: { qr: 'waiting' } });
    expect(context().qr).toEqual({ payNo: QR.payNo, codeUrl: QR.codeUrl, testMode: true, method: 'alipay' });
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(checkPaid.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(state()).toEqual({ active: { qr: 'checking' } });
    expect(checkPaid.last().input).toEqual({ orderIds: [31, 32], payNo: QR.payNo });
    checkPaid.last().resolve(false);
    await flush();
    expect(state()).toEqual({ active: { qr: 'waiting' } });
    vi.advanceTimersByTime(POLL_MS);
    checkPaid.last().reject({ kind: 'transport', msg: '网络异常' });
    await flush();
    expect(state()).toEqual({ active: { qr: 'waiting' } });
    vi.advanceTimersByTime(POLL_MS);
    expect(checkPaid.calls).toHaveLength(3);
    checkPaid.last().resolve(true);
    await flush();
    expect(state()).toBe('paid');
    expect(log.types()).toEqual(['goSuccess']);
    vi.advanceTimersByTime(POLL_MS * 5);
    expect(checkPaid.calls).toHaveLength(3);
  });

  it('closing the dialog stops asking; paying again shows a new QR', async () => {
    const { actor, checkPaid, pay, context, state } = await showQr('wechat');
    actor.send({ type: 'QR.CLOSE' });
    expect(state()).toEqual({ active: 'choosing' });
    expect(context().qr).toBeNull();
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(checkPaid.calls).toHaveLength(0);
    actor.send({ type: 'PAY' });
    pay.last().resolve({ ...QR, testMode: false, payNo: 'P2' });
    await flush();
    expect(context().qr).toMatchObject({ payNo: 'P2', testMode: false, method: 'wechat' });
  });

  it('gives up when the reservation ends', async () => {
    const { checkPaid, state, remaining, actor } = await showQr();
    vi.advanceTimersByTime(1749 * 1000);
    expect(remaining()).toBe(1);
    const asked = checkPaid.calls.length;
    for (const call of checkPaid.calls) call.resolve(false);
    await flush();
    vi.advanceTimersByTime(1000);
    await flush();
    expect(state()).toBe('expired');
    expect(actor.getSnapshot().status).toBe('done');
    vi.advanceTimersByTime(POLL_MS * 5);
    expect(checkPaid.calls.length).toBeLessThanOrEqual(asked + 1);
  });

  it('a reservation ending while paying is decided by the answer', async () => {
    const paidAnyway = await setupPayment({ orders: [order(31, 1, 2)], balanceCents: 100000 });
    paidAnyway.actor.send({ type: 'METHOD.CHOOSE', method: 'balance' });
    paidAnyway.actor.send({ type: 'PAY', password: '123456' });
    vi.advanceTimersByTime(2000);
    expect(paidAnyway.state()).toEqual({ active: 'paying' });
    expect(paidAnyway.context().ended).toBe(true);
    paidAnyway.pay.last().resolve({ payNo: 'P1', paid: true });
    await flush();
    expect(paidAnyway.state()).toBe('paid');

    const qrTooLate = await setupPayment({ orders: [order(31, 1, 1)], balanceCents: 0 });
    qrTooLate.actor.send({ type: 'METHOD.CHOOSE', method: 'wechat' });
    qrTooLate.actor.send({ type: 'PAY' });
    vi.advanceTimersByTime(1000);
    qrTooLate.pay.last().resolve(QR);
    await flush();
    expect(qrTooLate.state()).toBe('expired');

    const refused = await setupPayment({ orders: [order(31, 1, 1)], balanceCents: 0 });
    refused.actor.send({ type: 'METHOD.CHOOSE', method: 'balance' });
    refused.actor.send({ type: 'PAY', password: '123456' });
    vi.advanceTimersByTime(1000);
    refused.pay.last().reject({ kind: 'fail', code: 422, msg: '余额不足', data: { field: 'money' } });
    await flush();
    expect(refused.state()).toBe('expired');
  });
});
