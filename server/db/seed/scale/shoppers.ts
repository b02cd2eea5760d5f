import type { Tx } from '../../client';
import { addresses, money_logs, users } from '../../schema';
import { avatar } from '../media';
import type { Random } from './random';
import { DAY, HOUR, insertAll, reserveIds, stamp, yuan } from './rows';
import { shopperName } from './run';
import type { Place } from './stores';
import { GIVEN, STREETS, SURNAMES } from './vocabulary';

/** A bulk shopper: where orders are sent, and what its balance and points add up to. */
export interface Shopper {
  id: number;
  username: string;
  nickname: string;
  createdMs: number;
  place: Place;
  receiveName: string;
  address: string;
  /** Cents paid from the balance, refunded to it, and points earned (points cents). */
  paidFromBalance: number;
  refundedToBalance: number;
  points: number;
}

/**
 * `count` shoppers, oldest first: a third registered before the year of orders, the rest during
 * it, more of them lately. Each has one default address. Written after the orders
 * (`writeShoppers`), with balances and points equal to what their money logs add up to.
 */
export async function planShoppers(tx: Tx, o: { run: number; count: number; r: Random; places: Place[]; nowMs: number; windowMs: number }): Promise<Shopper[]> {
  const { r, count, nowMs, windowMs } = o;
  const ids = await reserveIds(tx, users, count);
  const times = Array.from({ length: count }, () =>
    r.chance(1 / 3) ? nowMs - windowMs - r.int(400) * DAY - r.int(24) * HOUR : nowMs - windowMs * Math.pow(r.next(), 1.3),
  ).sort((a, b) => a - b);
  return ids.map((id, seq) => {
    const name = `${r.pick(SURNAMES)}${r.pick(GIVEN)}${r.chance(0.6) ? r.pick(GIVEN) : ''}`;
    const username = shopperName(o.run, seq + 1);
    return {
      id,
      username,
      nickname: r.chance(0.5) ? name : `用户${username.slice(-6)}`,
      createdMs: Math.floor(times[seq] / 1000) * 1000,
      place: r.pick(o.places),
      receiveName: name,
      address: `${r.pick(STREETS)} ${r.between(1, 999)} 号 ${r.between(1, 30)} 栋 ${r.between(101, 2808)} 室`,
      paidFromBalance: 0,
      refundedToBalance: 0,
      points: 0,
    };
  });
}

/**
 * The shoppers, their addresses and the opening credit of those who paid from their balance (a
 * 系统处理 log when they registered, covering those payments and leaving some change): balances
 * and points equal the sum of their money logs, as `npm run ledger:check` checks.
 */
export async function writeShoppers(tx: Tx, list: Shopper[], o: { r: Random; passwordHash: string; nowMs: number }): Promise<void> {
  const userRows = [];
  const addressRows = [];
  const credits = [];
  for (const s of list) {
    const created = stamp(s.createdMs);
    const change = s.paidFromBalance > 0 ? o.r.int(500) * 100 : 0;
    const balance = change + s.refundedToBalance;
    const login = stamp(Math.min(o.nowMs, s.createdMs + o.r.int(300) * DAY));
    userRows.push({
      id: s.id,
      username: s.username,
      phone: s.username,
      password: o.passwordHash,
      pay_password: s.paidFromBalance > 0 ? o.passwordHash : '',
      nickname: s.nickname.slice(0, 15),
      sex: o.r.chance(0.5) ? 1 : 2,
      avatar: o.r.chance(0.2) ? avatar(12 + (s.id % 3)) : '',
      money: yuan(balance),
      integral: yuan(s.points),
      login_time: login,
      last_login_time: login,
      created_at: created,
      updated_at: login,
    });
    addressRows.push({
      user_id: s.id,
      receive_name: s.receiveName,
      receive_tel: s.username,
      area_info: s.place.info,
      address: s.address,
      province_id: s.place.provinceId,
      city_id: s.place.cityId,
      region_id: s.place.regionId,
      is_default: 1,
      created_at: created,
      updated_at: created,
    });
    if (s.paidFromBalance > 0) credits.push({ user_id: s.id, name: '系统处理', money: yuan(s.paidFromBalance + change), is_type: 0, is_belong: 0, info: '开户余额', created_at: created, updated_at: created });
  }
  await insertAll(tx, users, userRows);
  await insertAll(tx, addresses, addressRows);
  await insertAll(tx, money_logs, credits);
}
