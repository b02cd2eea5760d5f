/**
 * Pure rules of the pay page (screens §3.9, docs/orders-api.md "Payment"): which orders are paid,
 * what they cost, how long they stay reserved, what a pay answer means. Money is integer cents.
 * Fixes reference §6.3 item 31: the pay password is checked (6 digits) before it is sent, the QR
 * wait checks every order and stops when the reservation ends.
 */

export type PayMethod = 'balance' | 'wechat' | 'alipay';
export const PAY_METHODS: readonly PayMethod[] = ['balance', 'wechat', 'alipay'];

/** Order states (docs/orders-api.md): 1 awaiting payment, 0 cancelled, 2.. paid and later. */
export const AWAITING_PAYMENT = 1;
export const CANCELLED = 0;

export interface PayOrderLine {
  name: string;
  image: string;
  skuName: string;
  priceCents: number;
  qty: number;
  totalCents: number;
}

export interface PayOrder {
  id: number;
  orderNo: string;
  status: number;
  storeName: string;
  totalCents: number;
  freightCents: number;
  couponCents: number;
  lines: PayOrderLine[];
  /** Seconds the order stays reserved, from when it was loaded; null when unknown. */
  secondsLeft: number | null;
}

export interface PaymentLoad {
  orders: PayOrder[];
  /** The caller's balance; null when unknown. */
  balanceCents: number | null;
}

/** `POST /api/user/order/pay`: paid at once (balance), or a QR to show (WeChat Pay, Alipay). */
export interface PayAnswer {
  payNo: string;
  paid: boolean;
  codeUrl?: string;
  /** No keys are configured: the development provider stands in. */
  testMode?: boolean;
}

export interface PayInput { orderIds: number[]; method: PayMethod; password: string }
export interface CheckPaidInput { orderIds: number[]; payNo: string }

export interface QrCode { payNo: string; codeUrl: string; testMode: boolean; method: PayMethod }

/** Errors the payment machine keeps besides a server message. */
export const CHOOSE_METHOD = 'chooseMethod';
export const PASSWORD_FORMAT = 'payPasswordFormat';
export const PAY_FAILED = 'payFailed';

export const PAY_PASSWORD = /^\d{6}$/;
/** The QR wait asks the server once a second (screens §3.9). */
export const POLL_MS = 1000;

export const payable = (orders: readonly PayOrder[]) => orders.filter((order) => order.status === AWAITING_PAYMENT);
export const payableIds = (orders: readonly PayOrder[]) => payable(orders).map((order) => order.id);

/** Every order is past payment (paid, shipped…): nothing left to pay, the payment is done. */
export const allPaid = (orders: readonly PayOrder[]) => orders.length > 0 && orders.every((order) => order.status > AWAITING_PAYMENT);

/** What the payable orders cost together, freight included. */
export function payTotal(orders: readonly PayOrder[]): { totalCents: number; freightCents: number } {
  const due = payable(orders);
  return {
    totalCents: due.reduce((sum, order) => sum + order.totalCents, 0),
    freightCents: due.reduce((sum, order) => sum + order.freightCents, 0),
  };
}

/**
 * How much the balance falls short of the payable orders (cents), 0 when it is enough or unknown.
 * A short balance cannot be chosen (the server refuses it too: 422 on `money`).
 */
export function balanceShortfall(balanceCents: number | null, orders: readonly PayOrder[]): number {
  if (balanceCents === null) return 0;
  return Math.max(0, payTotal(orders).totalCents - balanceCents);
}

/** The method to start with: another one than the balance when the balance is short. */
export function preselectedMethod(method: PayMethod | null, balanceCents: number | null, orders: readonly PayOrder[]): PayMethod | null {
  if (balanceShortfall(balanceCents, orders) === 0) return method;
  return method === null || method === 'balance' ? PAY_METHODS.find((name) => name !== 'balance') ?? null : method;
}

/** The reservation of the payable orders ends with the first of them; null when none says. */
export function reservationSeconds(orders: readonly PayOrder[]): number | null {
  const known = payable(orders).map((order) => order.secondsLeft).filter((left): left is number => left !== null && Number.isFinite(left));
  return known.length ? Math.max(0, Math.floor(Math.min(...known))) : null;
}

/** The field a refusal names (`data.field`), or null. */
export function refusalField(error: unknown): string | null {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : null;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : null;
  return typeof field === 'string' && field ? field : null;
}
