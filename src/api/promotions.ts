/**
 * Flash sales and group buys on the storefront (docs/seckill.md "Shop"). Seconds to a start or an
 * end come from the server (`starts_in`, `ends_in`), so a timer does not depend on the device clock.
 */
import type { GroupMember, GroupView } from '../../machines/groupBuy';
import { request } from './client';

const quiet = { quiet: true };

/** 0 upcoming, 1 running, 2 ended, 3 stopped. */
export type SaleState = 0 | 1 | 2 | 3;

export interface SaleCard {
  id: number;
  goods_id: number;
  goods_name: string;
  goods_master_image: string;
  goods_price: string;
  goods_market_price: string;
  seckill_price: string;
  discount: string;
  /** Units left at the flash price: the sale's cap, or (`capped` false) the goods' own stock. */
  stock: number;
  /** Whether the sale has a cap of its own. */
  capped: boolean;
  sold: number;
  start_time: string;
  end_time: string;
  starts_in: number;
  ends_in: number;
  state: SaleState;
}

export interface GroupOffer {
  id: number;
  goods_id: number;
  goods_name: string;
  goods_master_image: string;
  goods_price: string;
  group_price: string;
  discount: string;
  need: number;
  fill_hours: number;
}

export interface GroupCard extends Omit<GroupView, "members"> {
  members?: GroupMember[];
  nickname: string;
  avatar: string;
  goods_name: string;
  goods_master_image: string;
  goods_price: string;
  group_price: string;
  discount: string;
  expires_at: string;
}

export type { GroupMember };

/** The promotion fields of GET /api/goods/:id. */
export interface GoodsPromotions {
  seckills?: SaleCard | false;
  collectives?: GroupOffer | false;
  collective_list?: GroupCard[];
}

export const loadSeckills = () => request<{ now: string; list: SaleCard[] }>(2, 'GET', '/seckills', undefined, quiet);
export const loadCollectives = () => request<{ groups: GroupCard[]; offers: GroupOffer[] }>(2, 'GET', '/collectives', undefined, quiet);
export const loadGroup = (id: number) => request<GroupCard>(2, 'GET', `/collective_groups/${id}`, undefined, quiet);
