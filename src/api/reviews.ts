import type { ExistingReview, LineSubmission, ReviewOrder } from '../../machines/review';
import { request, type ApiResult } from './client';

/** The shopper's reviews (docs/reviews-api.md): an order's lines with their reviews, add, own list. */

export interface MyReview extends ExistingReview {
  order_id: number;
  goods_id: number;
  goods_name: string;
  goods_master_image: string;
  sku_name: string;
  reply_time: string;
  is_system: number;
  created_at: string;
}

export interface Page<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

export const loadReviewOrder = (orderId: number) => request<ReviewOrder>(2, 'GET', `/user/comments/order/${orderId}`, undefined, { quiet: true });

/** POST /api/user/comments {order_id, lines[i][order_goods_id, score, agree, service, speed, content, image[]]}. */
export const addReviews = (orderId: number, lines: LineSubmission[]): Promise<ApiResult<{ order_id: number; order_status: number; comments: number[] }>> =>
  request(2, 'POST', '/user/comments', { order_id: orderId, lines }, { quiet: true });

export const loadMyReviews = (page: number, perPage: number) => request<Page<MyReview>>(2, 'GET', '/user/comments', { page, per_page: perPage }, { quiet: true });
