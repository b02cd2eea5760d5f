import type { FullReduction, TakeableCoupon } from './marketing';
/**
 * Storefront catalogue calls (docs/catalogue-api.md, "Public" and "Shopper"). Every call is in the
 * shopper area (2); failures are returned typed, pages show their own states.
 */
import { request, type ApiResult } from './client';
import type { GoodsBrand } from './common';

export interface Paginated<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

export interface GoodsCard {
  id: number;
  goods_name: string;
  goods_subname?: string;
  goods_master_image: string;
  goods_price: string;
  goods_market_price?: string;
  goods_sale?: number;
  order_comment_count?: number;
  store_id?: number;
  store_name?: string;
}

export interface Advert { id: number; name: string; url: string; image: string }
export interface HomeFloor { id: number; name: string; ename?: string; goods: GoodsCard[] }

export interface StoreRate { scoreAll: number; agreeAll: number; serviceAll: number; speedAll: number }

export interface StoreInfo {
  id: number;
  user_id?: number;
  store_name: string;
  store_logo?: string;
  store_face_image?: string;
  store_description?: string;
  store_slide?: string[];
  store_company_name?: string;
  area_info?: string;
  store_address?: string;
  /** The store's point (decimal text), when it set one. */
  store_lat?: string | null;
  store_lng?: string | null;
  after_sale_service?: string;
  rate?: StoreRate;
  sale_list?: GoodsCard[];
}

export interface StoreRow {
  id: number;
  store_name: string;
  store_logo?: string;
  store_company_name?: string;
  area_info?: string;
  store_address?: string;
  store_description?: string;
  distance?: number | null;
  rate?: number;
  goods_count?: number;
}

export interface SkuRow {
  id: number;
  spec_id: number[];
  sku_name?: string[];
  goods_image?: string;
  goods_price: string;
  goods_market_price?: string;
  goods_stock: number;
}

export interface GoodsDetail {
  id: number;
  goods_name: string;
  goods_subname?: string;
  store_id: number;
  goods_master_image: string;
  goods_price: string;
  goods_market_price?: string;
  goods_stock: number;
  goods_sale?: number;
  goods_content?: string;
  goods_images?: string[];
  goods_images_thumb_400?: string[];
  goods_images_thumb_150?: string[];
  classList?: { id: number; name: string; ename?: string; pid: number }[];
  brand?: GoodsBrand | null;
  attrList?: { id: number; name: string; specs: { id: number; name: string }[] }[];
  skuList?: SkuRow[];
  store_info?: StoreInfo;
  rate?: StoreRate;
  comment_statistics?: { all: number; good: number; commonly: number; bad: number; rate: number };
  sale_list?: GoodsCard[];
  /** The store's coupons that can be taken now and its running full reductions. */
  coupons?: TakeableCoupon[];
  full_reductions?: FullReduction[];
}

export interface Review {
  id: number;
  nickname?: string;
  avatar?: string;
  score: number;
  content?: string;
  image?: string[];
  reply?: string;
  /** 1: the default good review the shop gave an order left unreviewed. */
  is_system?: number;
  created_at?: string;
}

const quiet = { quiet: true };

export const loadAdverts = (name: string) => request<Advert[]>(2, 'GET', '/adv', { name }, quiet);
export const loadHome = () => request<{ goods: HomeFloor[] }>(2, 'GET', '/home', undefined, quiet);

export const searchGoods = (query: { params: string; page: number; per_page: number }) =>
  request<Paginated<GoodsCard>>(2, 'GET', '/goods', query, quiet);

export const loadGoods = (id: number) => request<GoodsDetail>(2, 'GET', `/goods/${id}`, undefined, quiet);

export const loadReviews = (id: number, query: { is_type: number; page: number; per_page: number }) =>
  request<Paginated<Review>>(2, 'GET', `/goods_comments/${id}`, query, quiet);

export const loadStores = (query: { params: string; page: number; per_page: number; lat?: string; lng?: string }) =>
  request<Paginated<StoreRow>>(2, 'GET', '/stores', query, quiet);

export const loadStore = (id: number) => request<StoreInfo>(2, 'GET', `/store/${id}`, undefined, quiet);

/** is_type 0 goods, 1 store. */
export const isFavourite = (isType: 0 | 1, outId: number) => request<boolean>(2, 'GET', '/is_fav', { is_type: isType, out_id: outId }, quiet);
export const toggleFavourite = (isType: 0 | 1, outId: number) =>
  request<{ is_fav: boolean }>(2, 'POST', '/user/favorites', { is_type: isType, out_id: outId });

export const addCartLine = (line: { goods_id: number; sku_id: number; buy_num: number }) =>
  request<{ cart_count: number }>(2, 'POST', '/user/carts', line, quiet);

export type { ApiResult };
