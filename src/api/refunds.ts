import type { AreaIndex } from '../../machines/areas';
import type { ApplyValues, RefundRecord, StepRequest } from '../../machines/afterSale';
import { areaPath, request, type ApiResult } from './client';

/**
 * After-sale calls (docs/refunds.md), addressed by the order's id: the buyer's
 * (/api/user/refunds/{order_id}) and the consoles' (/api/Seller|Admin/refunds/{order_id}).
 */
export interface RefundDetail extends RefundRecord {
  order_no: string;
  order_name: string;
  order_image: string;
  total_price: string;
  order_status: number;
  order_status_cn: string;
  stage_cn: string;
  store_name: string;
  buyer_name: string;
  delivery_name: string;
  re_delivery_name: string;
  created_at: string;
  order_goods: { id: number; goods_name: string; goods_image: string; sku_name: string; goods_price: string; buy_num: number; total_price: string }[];
  logs: { action: string; actor: string; actor_name: string; note: string; created_at: string }[];
}

export interface Express {
  name: string;
  code: string;
}

const base = (area: AreaIndex) => (area === 2 ? '/user/refunds' : areaPath(area, 'refunds'));

/** The order's latest request; null when it has none (a 404). Other failures reject. */
export async function loadRefund(area: AreaIndex, orderId: number): Promise<RefundDetail | null> {
  const result = await request<RefundDetail>(area, 'GET', `${base(area)}/${orderId}`, undefined, { quiet: true });
  if (result.kind === 'ok') return result.data;
  if (result.kind === 'fail' && result.code === 404) return null;
  throw result.kind === 'transport' ? { msg: result.message } : result;
}

const unwrap = <T,>(result: ApiResult<T>): T => {
  if (result.kind === 'ok') return result.data;
  throw result.kind === 'transport' ? { msg: result.message } : result;
};

export async function applyRefund(orderId: number, values: ApplyValues): Promise<RefundDetail> {
  return unwrap(await request<RefundDetail>(2, 'POST', '/user/refunds', { order_id: orderId, refund_type: values.refund_type, refund_remark: values.refund_remark.trim(), images: values.images }, { quiet: true }));
}

/** One step: the buyer's ship-back (PUT), withdrawal (DELETE) and receipt of a re-shipment (POST …/confirm), the consoles' PUT {action, …}. */
export async function takeRefundStep(area: AreaIndex, orderId: number, step: StepRequest): Promise<RefundDetail> {
  const url = `${base(area)}/${orderId}`;
  if (area === 2) {
    if (step.step === 'cancel') return unwrap(await request<RefundDetail>(2, 'DELETE', url, undefined, { quiet: true }));
    if (step.step === 'confirm') return unwrap(await request<RefundDetail>(2, 'POST', `${url}/confirm`, undefined, { quiet: true }));
    if (step.step === 'shipBack') return unwrap(await request<RefundDetail>(2, 'PUT', url, { delivery_code: step.delivery_code, delivery_no: step.delivery_no.trim() }, { quiet: true }));
    throw { msg: '' };
  }
  const body: Record<string, string> = { action: step.step };
  if (step.step === 'refuse') body.refuse_remark = step.refuse_remark.trim();
  if (step.step === 'reship') Object.assign(body, { re_delivery_code: step.delivery_code, re_delivery_no: step.delivery_no.trim() });
  return unwrap(await request<RefundDetail>(area, 'PUT', url, body, { quiet: true }));
}

/** The platform's express companies (public list). */
export async function loadExpresses(area: AreaIndex): Promise<Express[]> {
  const result = await request<Express[] | { data: Express[] }>(area, 'GET', '/expresses', { isAll: 1 }, { quiet: true });
  if (result.kind !== 'ok') return [];
  return Array.isArray(result.data) ? result.data : (result.data?.data ?? []);
}
