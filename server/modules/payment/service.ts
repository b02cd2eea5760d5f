import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { shopNumber } from '../../db/numbers';
import { order_pays, orders } from '../../db/schema';
import { fail } from '../../http/envelope';
import { readTaskConfig, secondsUntil } from '../orders/taskConfig';
import { checkPayPassword } from './providers/balance';
import { DEVICE, gatewayFor } from './providers';
import type { checkSchema, Method, paySchema } from './schemas';
import { paySuccess } from './success';
import './messages';
import { assertPromotionsPayable } from '../seckill/orderHooks';

export interface PayContext {
  db: Db;
  config: Config;
  origin: string;
  userId: number;
}

export type PayAnswer =
  | { pay_no: string; paid: true }
  | { pay_no: string; paid: false; code_url: string; test_mode: boolean; expires_at: string; expires_in: number };

interface OrderRow {
  id: number;
  status: number;
  total: string;
  name: string;
}

/** The caller's orders among `ids` (locked in id order inside a transaction); another user's id is a 404. */
async function ownOrders(db: Db | Tx, userId: number, ids: number[], lock: boolean): Promise<OrderRow[]> {
  const query = db
    .select({ id: orders.id, status: orders.order_status, total: orders.total_price, name: orders.order_name })
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.user_id, userId), isNull(orders.deleted_at)))
    .orderBy(asc(orders.id));
  const rows = lock ? await query.for('update') : await query;
  if (rows.length !== ids.length) throw fail('orders.notFound', undefined, 404, { field: 'order_id' });
  const unpaid = rows.filter((o) => o.status === 1);
  if (unpaid.length === 0) throw fail('payment.nothingToPay', undefined, 422, { field: 'order_id' });
  return unpaid;
}

/** A new order_pays row with a fresh pay_no (`P` + the order-number format on the shop's clock), retried on a clash. */
async function insertPay(db: Db | Tx, values: { userId: number; method: Method; orders: OrderRow[]; timeZone: string }): Promise<{ id: number; payNo: string; totalCents: number }> {
  const totalCents = values.orders.reduce((sum, o) => sum + toCents(o.total), 0);
  const name = (values.orders.find((o) => o.name)?.name ?? '').slice(0, 60);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await db
      .insert(order_pays)
      .values({
        belong_id: values.userId,
        name,
        order_ids: values.orders.map((o) => o.id).join(','),
        pay_no: shopNumber('P', values.timeZone),
        payment_name: values.method,
        device: DEVICE,
        total: fromCents(totalCents),
      })
      .onConflictDoNothing()
      .returning({ id: order_pays.id, payNo: order_pays.pay_no });
    if (row) return { ...row, totalCents };
  }
  throw new Error('order_pays: no free pay_no after 5 attempts');
}

/** POST /api/user/order/pay. */
export async function createPayment(ctx: PayContext, input: z.infer<typeof paySchema>): Promise<PayAnswer> {
  const method = input.payment_name as Method;
  if (method === 'balance') {
    // fail fast on a foreign or settled order before spending a password try on it
    await assertPromotionsPayable(ctx.db, (await ownOrders(ctx.db, ctx.userId, input.order_id, false)).map((o) => o.id));
    await checkPayPassword(ctx.db, ctx.userId, input.pay_password ?? '');
    return ctx.db.transaction(async (tx) => {
      const unpaid = await ownOrders(tx, ctx.userId, input.order_id, true);
      await assertPromotionsPayable(tx, unpaid.map((o) => o.id));
      const pay = await insertPay(tx, { userId: ctx.userId, method, orders: unpaid, timeZone: ctx.config.timeZone });
      await paySuccess(tx, { payNo: pay.payNo, tradeNo: '-', paidCents: pay.totalCents });
      return { pay_no: pay.payNo, paid: true as const };
    });
  }

  const unpaid = await ownOrders(ctx.db, ctx.userId, input.order_id, false);
  await assertPromotionsPayable(ctx.db, unpaid.map((o) => o.id));
  const { cancelMinutes: minutes } = await readTaskConfig(ctx.db);
  const end = sql`min(${orders.created_at}) + make_interval(mins => ${minutes})`;
  const [expiry] = await ctx.db
    .select({
      text: sql<string>`to_char(${end}, 'YYYY-MM-DD HH24:MI:SS')`,
      epoch: sql<string>`extract(epoch from (${end})::timestamptz)`,
      secondsLeft: secondsUntil(end),
    })
    .from(orders)
    .where(inArray(orders.id, unpaid.map((o) => o.id)));
  const gateway = await gatewayFor({ db: ctx.db, config: ctx.config, origin: ctx.origin }, method);
  const pay = await insertPay(ctx.db, { userId: ctx.userId, method, orders: unpaid, timeZone: ctx.config.timeZone });
  if (pay.totalCents === 0) {
    // nothing to charge (discounts covered it all): paid at once, no gateway involved
    await ctx.db.transaction((tx) => paySuccess(tx, { payNo: pay.payNo, tradeNo: '-', paidCents: 0 }));
    return { pay_no: pay.payNo, paid: true };
  }
  let codeUrl: string;
  try {
    ({ codeUrl } = await gateway.provider.createQr({
      payNo: pay.payNo,
      subject: (unpaid.find((o) => o.name)?.name ?? pay.payNo).slice(0, 60),
      totalCents: pay.totalCents,
      notifyUrl: gateway.notifyUrl,
      expiresAt: new Date(Number(expiry.epoch) * 1000),
    }));
  } catch (err) {
    console.error(`[payment] ${gateway.provider.name} could not start ${pay.payNo}:`, err instanceof Error ? err.message : err);
    // the gateway never took it: closed (pay_status 2), it can never be paid
    await ctx.db.update(order_pays).set({ pay_status: 2 }).where(and(eq(order_pays.id, pay.id), eq(order_pays.pay_status, 0)));
    throw fail('payment.gatewayFailed', undefined, 502, { field: 'payment_name' });
  }
  return { pay_no: pay.payNo, paid: false, code_url: codeUrl, test_mode: gateway.provider.testMode, expires_at: expiry.text, expires_in: Number(expiry.secondsLeft) };
}

/**
 * POST /api/user/order/check (reference shape): `[]` when every listed order (or every order of
 * the payment `pay_no`) is paid (state > 1), else `{code: 'fail', msg: ''}`. Own orders only.
 */
export async function checkPaid(db: Db, userId: number, input: z.infer<typeof checkSchema>): Promise<[] | { code: 'fail'; msg: '' }> {
  let ids = input.order_id ?? [];
  if (input.pay_no) {
    const [pay] = await db
      .select({ orderIds: order_pays.order_ids })
      .from(order_pays)
      .where(and(eq(order_pays.pay_no, input.pay_no), eq(order_pays.belong_id, userId), isNull(order_pays.deleted_at)));
    if (!pay) throw fail('payment.payNotFound', undefined, 404, { field: 'pay_no' });
    ids = [...new Set([...ids, ...pay.orderIds.split(',').map(Number).filter((n) => n > 0)])];
  }
  const rows = ids.length
    ? await db
        .select({ status: orders.order_status })
        .from(orders)
        .where(and(inArray(orders.id, ids), eq(orders.user_id, userId), isNull(orders.deleted_at)))
    : [];
  if (rows.length !== ids.length || rows.length === 0) throw fail('orders.notFound', undefined, 404, { field: 'order_id' });
  return rows.every((r) => r.status > 1) ? [] : { code: 'fail', msg: '' };
}
