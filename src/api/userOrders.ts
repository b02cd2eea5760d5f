import { request, type ApiResult } from './client';

/** The shopper's orders (docs/orders-api.md "Orders"): list rows, detail, and the buyer's state changes. */
export interface OrderLine {
  id: number;
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_image: string;
  sku_name: string;
  goods_price: string;
  buy_num: number;
  total_price: string;
}

export interface OrderRow {
  id: number;
  order_no: string;
  order_name: string;
  order_image: string;
  order_price: string;
  total_price: string;
  freight_money: string;
  coupon_money: string;
  order_status: number;
  order_status_cn?: string;
  refund_status: number;
  payment_name: string;
  store: { id: number; store_name: string; store_logo: string; user_id?: number } | null;
  created_at: string;
  expires_at?: string | null;
  order_goods: OrderLine[];
}

export interface OrderLog {
  action: string;
  from_status: number;
  to_status: number;
  actor: string;
  actor_name: string;
  note: string;
  created_at: string;
}

export interface OrderDetail extends OrderRow {
  receive_name: string;
  receive_tel: string;
  receive_area: string;
  receive_address: string;
  remark: string;
  delivery_code: string;
  delivery_name: string;
  delivery_no: string;
  pay_time: string | null;
  delivery_time: string | null;
  receipt_time: string | null;
  comment_time: string | null;
  cancel_time: string | null;
  pay: { pay_no: string; payment_name: string; total: string } | null;
  logs: OrderLog[];
  /** Every discount of the order, line by line (kind: coupon, fullReduction…). */
  discounts?: { kind: string; label: string; money: string }[];
}

/** Counts per state ("1".."6", "0") and "all". */
export type OrderCounts = Record<string, number>;

export interface OrderPage {
  data: OrderRow[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  counts?: OrderCounts;
}

export interface OrderQuery {
  order_status: number;
  keywords?: string;
  page: number;
  per_page: number;
}

export function loadOrders(query: OrderQuery): Promise<ApiResult<OrderPage>> {
  const payload: Record<string, string | number> = { order_status: query.order_status, page: query.page, per_page: query.per_page };
  if (query.keywords?.trim()) payload.keywords = query.keywords.trim();
  return request<OrderPage>(2, 'GET', '/user/orders', payload, { quiet: true });
}

export function loadOrder(id: number): Promise<ApiResult<OrderDetail>> {
  return request<OrderDetail>(2, 'GET', `/user/order/${id}`, undefined, { quiet: true });
}

/** PUT /api/user/order/{id} `order_status` 0 (cancel) or 4 (confirm receipt) → `[new status]`. */
export function changeOrderStatus(id: number, status: number): Promise<ApiResult<number[]>> {
  return request<number[]>(2, 'PUT', `/user/order/${id}`, { order_status: status }, { quiet: true });
}

/** A goods favourite as `GET /api/user/favorites?is_type=0` answers (FavoriteHomeCollection). */
export interface FavoriteGoods {
  id: number;
  out_id: number;
  is_type: 0;
  goods_name: string;
  goods_master_image: string;
  goods_price: string;
  created_at: string;
}

/** A followed store (`is_type=1`, FollowHomeCollection). */
export interface FavoriteStore {
  id: number;
  out_id: number;
  is_type: 1;
  store_name: string;
  store_logo: string;
  area_info: string;
  created_at: string;
}

/** GET /api/user/default → counts of states 1..5, the newest orders and favourites (reference shape). */
export interface UserDefault {
  count: number[];
  order: OrderRow[] | { data: OrderRow[] };
  fav: FavoriteGoods[] | { data: FavoriteGoods[] };
}

export function loadUserDefault(): Promise<ApiResult<UserDefault>> {
  return request<UserDefault>(2, 'GET', '/user/default', { per_page: 5 }, { quiet: true });
}

/** A list the server may send bare or paged (`{data}`). */
export { rowsOf } from './rows';

/**
 * A goods favourite in the flat reference shape (FavoriteHomeCollection), also from a row that
 * nests the goods (`{id, out_id, goods: {goods_name, goods_master_image, goods_price}}`).
 */
export function favoriteGoodsOf(row: FavoriteGoods | (Omit<FavoriteGoods, 'goods_name' | 'goods_master_image' | 'goods_price'> & { goods?: Partial<FavoriteGoods> })): FavoriteGoods {
  if (!('goods' in row) || !row.goods) return row as FavoriteGoods;
  const { goods, ...rest } = row;
  return { ...rest, is_type: 0, goods_name: goods.goods_name ?? '', goods_master_image: goods.goods_master_image ?? '', goods_price: goods.goods_price ?? '0.00' } as FavoriteGoods;
}

export interface FavoritePage<T> {
  data: T[];
  total: number;
  current_page: number;
  last_page: number;
}

export function loadFavorites<T extends FavoriteGoods | FavoriteStore>(isType: T['is_type'], page: number): Promise<ApiResult<FavoritePage<T>>> {
  return request<FavoritePage<T>>(2, 'GET', '/user/favorites', { is_type: isType, page, per_page: 20 }, { quiet: true });
}

export function removeFavorites(ids: readonly number[]): Promise<ApiResult<number>> {
  return request<number>(2, 'DELETE', `/user/favorites/${ids.join(',')}`, undefined, { quiet: true });
}
