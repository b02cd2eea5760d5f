import type { OrderLine as BuyerOrderLine, OrderLog as BuyerOrderLog } from '../../api/userOrders';
import type { BackofficeArea } from '../table/types';
import { call, rowsOf } from '../views/Admin/shared/pageApi';

/** The consoles' order calls (docs/orders-api.md "Store", "Operator"); `area` 0 admin, 1 seller. */

/** A line as the consoles read it: the buyer's line (src/api/userOrders.ts) without the SKU id. */
export type OrderLine = Omit<BuyerOrderLine, 'sku_id'>;

/** A history row: the buyer's, with its id and the target state in words. */
export interface OrderLog extends BuyerOrderLog {
  id: number;
  to_status_cn: string;
}

export interface OrderDetail {
  id: number;
  order_no: string;
  order_name: string;
  store_name: string;
  buyer_name: string;
  order_status: number;
  order_status_cn: string;
  total_price: string;
  order_price: string;
  freight_money: string;
  coupon_money: string;
  payment_name: string;
  payment_name_cn: string;
  receive_name: string;
  receive_tel: string;
  receive_area: string;
  receive_address: string;
  remark: string;
  delivery_code: string;
  delivery_name: string;
  delivery_no: string;
  created_at: string;
  pay_time: string | null;
  delivery_time: string | null;
  receipt_time: string | null;
  cancel_time: string | null;
  order_goods: OrderLine[];
  logs: OrderLog[];
  pay: { pay_no: string; payment_name: string; payment_name_cn: string; total: string; pay_time: string | null } | null;
}

export interface Express {
  name: string;
  code: string;
}

export function fetchOrder(area: BackofficeArea, id: number) {
  return call<OrderDetail>(area, 'GET', `orders/${id}`);
}

/** The platform's express companies (public list). */
export async function fetchExpresses(area: BackofficeArea): Promise<Express[]> {
  const result = await call<unknown>(area, 'GET', '/expresses', { isAll: 1 });
  return result.kind === 'ok' ? rowsOf<Express>(result.data) : [];
}

/** Ship (status 3, with the waybill) or, operator only, cancel (status 0); answers the order. Failures are the caller's to show. */
export function changeStatus(area: BackofficeArea, body: { id: number; status: 0 | 3; delivery_code?: string; delivery_no?: string }) {
  return call<OrderDetail>(area, 'PUT', 'orders/status/edit', body, true);
}
