/**
 * The points mall and referral calls (server/modules/points, server/modules/distribution), all in
 * the shopper area (2). Points travel as 2-decimal strings, like money.
 */
import { request, type ApiResult } from './client';
import type { Paginated } from './shop';

export interface PointsCard {
  id: number;
  cid: number;
  goods_name: string;
  goods_subname: string;
  goods_master_image: string;
  goods_price: string;
  goods_market_price: string;
  goods_stock: number;
  goods_sale: number;
}

export interface PointsGoodsDetail extends PointsCard {
  goods_images: string[];
  goods_content: string;
  class_name: string;
  class_ename?: string;
}

/** A points goods class; `ename` its English name ('' when none). */
export interface PointsClass { id: number; name: string; ename?: string }
export interface PointsHome { recommend: PointsCard[]; list: (PointsClass & { integral_goods: PointsCard[] })[] }

export interface PointsOrder {
  id: number;
  order_no: string;
  goods_id: number;
  order_name: string;
  order_image: string;
  buy_num: number;
  goods_price: string;
  total_price: string;
  /** 0 cancelled, 2 awaiting shipment, 3 shipped. */
  order_status: number;
  delivery_code: string;
  /** The courier's name from the platform list ('' before shipping). */
  delivery_name: string;
  delivery_no: string;
  receive_name: string;
  receive_tel: string;
  receive_area: string;
  receive_address: string;
  pay_time: string | null;
  delivery_time: string | null;
  remark: string;
  created_at: string;
}

export interface RedeemAnswer { order_id: number; order_no: string; total_price: string; integral: string; repeated: boolean }

export interface ReferralSummary { user_id: number; invite_path: string; counts: [number, number, number]; commission_total: string; commission_count: number }
export interface Invitee { id: number; nickname: string; avatar: string; created_at: string }
export interface CommissionLog { id: number; name: string; order_no: string; level: number; money: string; lev: string; commission: string; created_at: string }

const quiet = { quiet: true };

export const loadPointsHome = () => request<PointsHome>(2, 'GET', '/integral/home', undefined, quiet);
export const loadPointsClasses = () => request<PointsClass[]>(2, 'GET', '/integral/class', undefined, quiet);
export const searchPointsGoods = (query: { params: string; page: number; per_page: number }) =>
  request<Paginated<PointsCard>>(2, 'GET', '/integral/goods', query, quiet);
export const loadPointsGoods = (id: number) => request<PointsGoodsDetail>(2, 'GET', `/integral/goods/${id}`, undefined, quiet);

export function redeemPoints(input: { goodsId: number; qty: number; addressId: number; remark: string; idemKey: string }): Promise<ApiResult<RedeemAnswer>> {
  return request<RedeemAnswer>(2, 'POST', '/integral/pay', { id: input.goodsId, buy_num: input.qty, address_id: input.addressId, remark: input.remark, idem_key: input.idemKey }, quiet);
}

export const loadPointsOrders = (query: { page: number; per_page: number }) => request<Paginated<PointsOrder>>(2, 'GET', '/user/integral_orders', query, quiet);
export const loadPointsOrder = (id: number) => request<PointsOrder>(2, 'GET', `/user/integral_orders/${id}`, undefined, quiet);

export const loadReferral = () => request<ReferralSummary>(2, 'GET', '/user/distribution', undefined, quiet);
export const loadInvitees = (query: { lev: number; page: number; per_page: number }) => request<Paginated<Invitee>>(2, 'GET', '/user/distributions', query, quiet);
export const loadCommissions = (query: { page: number; per_page: number }) => request<Paginated<CommissionLog>>(2, 'GET', '/user/distribution_logs', query, quiet);

/** '300.00' → '300'; '12.50' stays. */
export const pointsText = (value: string | number | null | undefined) => {
  const text = String(value ?? '0');
  return text.endsWith('.00') ? text.slice(0, -3) : text;
};
