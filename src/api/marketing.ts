/** The shopper's coupon calls (docs/marketing-api.md, area 2). */
import { request, type ApiResult } from './client';

export interface TakeableCoupon {
  id: number;
  name: string;
  money: string;
  use_money: string;
  stock: number;
  content?: string;
  start_time: string;
  end_time: string;
}

export interface FullReduction {
  id: number;
  name: string;
  money: string;
  use_money: string;
  start_time: string;
  end_time: string;
}

export interface StorePromotions {
  coupons: TakeableCoupon[];
  full_reductions: FullReduction[];
}

export type CouponTab = 'unused' | 'used' | 'expired';

/** A row of GET /api/user/coupons. */
export interface MyCoupon {
  id: number;
  coupon_id: number;
  store_id: number;
  store_name: string;
  order_id: number;
  name: string;
  money: string;
  use_money: string;
  status: number;
  start_time: string;
  end_time: string;
  created_at: string;
}

export interface CouponPage {
  data: MyCoupon[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

export const loadStorePromotions = (storeId: number): Promise<ApiResult<StorePromotions>> =>
  request<StorePromotions>(2, 'GET', `/store_promotions/${storeId}`, undefined, { quiet: true });

/** POST /api/user/coupon/receive {id}. */
export const takeCoupon = (id: number): Promise<ApiResult<{ id: number; coupon_id: number }>> => request(2, 'POST', '/user/coupon/receive', { id }, { quiet: true });

/** GET /api/user/coupon/taken?ids → which of these coupons the shopper took: {"<id>": 'unused' | 'used'}. */
export const loadTakenCoupons = (ids: readonly number[]): Promise<ApiResult<Record<string, 'unused' | 'used'>>> =>
  request<Record<string, 'unused' | 'used'>>(2, 'GET', '/user/coupon/taken', { ids: ids.join(',') }, { quiet: true });

export const loadMyCoupons = (status: CouponTab, page: number, perPage: number): Promise<ApiResult<CouponPage>> =>
  request<CouponPage>(2, 'GET', '/user/coupons', { status, page, per_page: perPage }, { quiet: true });
