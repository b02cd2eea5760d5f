/**
 * What a shopper sees of one group buy (pure; groupBuy.machine.ts and the views use it). The
 * server's group status: 2 open, 1 filled, 0 failed (expired unfilled, refunded).
 */
export interface GroupMember {
  nickname: string;
  avatar: string;
  paid: boolean;
}

export interface GroupView {
  id: number;
  goods_id: number;
  status: number;
  need: number;
  joined: number;
  paid: number;
  /** Seconds until the group closes (computed by the server). */
  ends_in: number;
  members: GroupMember[];
  /** The shopper asking holds a seat in it (the server says so for a logged-in shopper). */
  mine?: boolean;
}

export type GroupPhase = 'open' | 'full' | 'filled' | 'expired';

/** open: seats left and time left; full: every seat taken, waiting for payments; filled; expired. */
export function groupPhase(group: Pick<GroupView, 'status' | 'need' | 'joined' | 'ends_in'>): GroupPhase {
  if (group.status === 1) return 'filled';
  if (group.status !== 2 || group.ends_in <= 0) return 'expired';
  return group.joined >= group.need ? 'full' : 'open';
}

/** Seats still free. */
export const seatsLeft = (group: Pick<GroupView, 'need' | 'joined'>) => Math.max(0, group.need - group.joined);

/** The line a checkout sends for a group buy: -1 opens a new group, an id joins that group. */
export const groupLine = (goodsId: number, skuId: number, buyNum: number, collectiveId: number) => ({ goods_id: goodsId, sku_id: skuId, buy_num: buyNum, collective_id: collectiveId });
