import { and, asc, inArray, eq, isNull, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { orders } from '../../db/schema';
import { callerOf } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { paramsOf } from '../shop/shared';
import { MAX_LINES } from './checkoutInput';
import { orderList } from './shopperRead';
import { readTaskConfig } from './taskConfig';

/**
 * POST /api/user/order/after {params} (reference §1.5 "OrderAfterHomeCollection"): the orders a
 * checkout just made, as the reference's pay page reads them. `params` = base64 of JSON
 * `{order_id: [ids]}` or `{order_no: [numbers]}` (the reference's page sends the whole create
 * answer, which has both). Only the caller's own orders are answered (the reference answered
 * anyone's): another shopper's ids give nothing. → a bare array, oldest first: the list row
 * (`total_price`, `freight_money`, `coupon_money`, `order_status`, `order_goods`, …) plus the
 * delivery address and remark.
 */

const badParams = (detail: string) => fail('orders.badParams', { detail }, 422, { field: 'params' });

function listOf<T>(raw: unknown, name: string, item: (value: unknown) => T | null): T[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : null;
  if (values === null || values.length > MAX_LINES) throw badParams(name);
  return values.map((value) => {
    const parsed = item(typeof value === 'string' ? value.trim() : value);
    if (parsed === null) throw badParams(name);
    return parsed;
  });
}

const orderIdOf = (value: unknown) => {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= 2147483647 ? Number(text) : null;
};
const orderNoOf = (value: unknown) => {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return /^[A-Za-z0-9]{1,40}$/.test(text) ? text : null;
};

export async function ordersAfterCreate(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  if (input.params === undefined || input.params === '') throw fail('fieldRequired', { field: 'params' }, 422, { field: 'params' });
  const params = paramsOf(input.params);
  const ids = listOf(params.order_id, 'order_id', orderIdOf);
  const numbers = listOf(params.order_no, 'order_no', orderNoOf);
  if (ids.length === 0 && numbers.length === 0) return ok(c, []);
  const where = and(
    eq(orders.user_id, userId),
    isNull(orders.deleted_at),
    or(ids.length ? inArray(orders.id, ids) : undefined, numbers.length ? inArray(orders.order_no, numbers) : undefined),
  );
  const task = await readTaskConfig(db);
  const [rows, more] = await Promise.all([
    orderList(db, where, { lang: langOf(c), cancelMinutes: task.cancelMinutes, limit: 2 * MAX_LINES }),
    db
      .select({
        id: orders.id,
        receive_name: orders.receive_name,
        receive_tel: orders.receive_tel,
        receive_area: orders.receive_area,
        receive_address: orders.receive_address,
        remark: orders.remark,
        delivery_code: orders.delivery_code,
        delivery_no: orders.delivery_no,
      })
      .from(orders)
      .where(where)
      .orderBy(asc(orders.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ok(
    c,
    more.flatMap(({ id, ...detail }) => {
      const row = byId.get(id);
      return row ? [{ ...row, ...detail }] : [];
    }),
  );
}
