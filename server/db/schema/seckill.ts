import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, stamp, timestamps, uint } from './_columns';

/**
 * Flash sales and group buying (reference §5.7, §6.7 with B8 and B9 fixed; docs/seckill.md).
 * `discount` is percent off (0.01–99.99) of the unit price; `status` 1 live, 0 stopped by the
 * operator. Units of a flash sale are its own stock (`stock` left, null without a cap; `sold`), taken by a conditional
 * update inside the order transaction; a group (collective_logs) has `need` seats, `joined` taken
 * by orders and `paid` by paid orders; it fills when every seat is paid, before `expires_at`.
 */
const live = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;
const percent = () => numeric({ precision: 6, scale: 2 }).notNull().default('0.00');

export const seckills = pgTable(
  'seckills',
  {
    id: id(),
    store_id: uint(),
    goods_id: uint(),
    discount: percent(),
    /** Units still for sale at the flash price; null: no cap (the goods' own stock). */
    stock: integer(),
    /** Units taken by orders (unpaid ones included; a cancel gives them back). */
    sold: uint(),
    start_time: stamp().notNull(),
    end_time: stamp().notNull(),
    /** 1 live, 0 stopped by the operator. */
    status: flag(1),
    ...timestamps(),
  },
  (t) => [
    index('seckills_store_idx').on(t.store_id, t.id).where(live(t)),
    index('seckills_window_idx').on(t.start_time, t.end_time).where(live(t)),
    index('seckills_goods_idx').on(t.goods_id).where(live(t)),
    check('seckills_stock_nonneg', sql`${t.stock} >= 0 and ${t.sold} >= 0`),
    check('seckills_discount_range', sql`${t.discount} > 0 and ${t.discount} < 100`),
    check('seckills_window', sql`${t.end_time} > ${t.start_time}`),
  ],
);

/** Which orders bought at a flash price, and how many units (given back when the order is cancelled). */
export const seckill_orders = pgTable(
  'seckill_orders',
  {
    id: id(),
    seckill_id: uint(),
    order_id: uint(),
    user_id: uint(),
    goods_id: uint(),
    buy_num: uint(),
    /** 1 holds the units, 0 given back (the order was cancelled). */
    status: flag(1),
    ...timestamps(),
  },
  (t) => [uniqueIndex('seckill_orders_uq').on(t.order_id, t.seckill_id), index('seckill_orders_sale_idx').on(t.seckill_id)],
);

/** A group-buy offer on one goods: `need` people within `fill_hours` of the group's opening. */
export const collectives = pgTable(
  'collectives',
  {
    id: id(),
    store_id: uint(),
    goods_id: uint(),
    discount: percent(),
    need: uint(),
    fill_hours: uint(),
    status: flag(1),
    ...timestamps(),
  },
  (t) => [
    index('collectives_store_idx').on(t.store_id, t.id).where(live(t)),
    // one live offer per goods: the goods page and the checkout find it by goods
    uniqueIndex('collectives_goods_uq').on(t.goods_id).where(live(t)),
    check('collectives_need', sql`${t.need} >= 2 and ${t.need} <= 50`),
    check('collectives_discount_range', sql`${t.discount} > 0 and ${t.discount} < 100`),
  ],
);

/**
 * One group (reference collective_logs): opened by `user_id`; `status` 2 open, 1 filled, 0 failed
 * (expired unfilled: its paid orders refunded, its unpaid ones cancelled).
 */
export const collective_logs = pgTable(
  'collective_logs',
  {
    id: id(),
    collective_id: uint(),
    user_id: uint(),
    store_id: uint(),
    goods_id: uint(),
    discount: percent(),
    need: uint(),
    joined: uint(),
    paid: uint(),
    status: flag(2),
    expires_at: stamp().notNull(),
    filled_at: stamp(),
    ...timestamps(),
  },
  (t) => [
    index('collective_logs_goods_idx').on(t.goods_id, t.status, t.id).where(live(t)),
    index('collective_logs_open_idx').on(t.expires_at).where(sql`${t.status} = 2 and ${t.deleted_at} is null`),
    check('collective_logs_seats', sql`${t.joined} >= 0 and ${t.joined} <= ${t.need} and ${t.paid} >= 0 and ${t.paid} <= ${t.joined}`),
  ],
);

/**
 * A seat in a group: one order of one shopper. `status` 1 holds the seat (unpaid), 2 paid,
 * 3 refunded (the group failed), 0 released (the unpaid order was cancelled).
 */
export const collective_members = pgTable(
  'collective_members',
  {
    id: id(),
    log_id: uint(),
    order_id: uint(),
    user_id: uint(),
    status: flag(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('collective_members_order_uq').on(t.order_id),
    // a shopper holds at most one seat of a group
    uniqueIndex('collective_members_user_uq').on(t.log_id, t.user_id).where(sql`${t.status} > 0`),
    index('collective_members_log_idx').on(t.log_id, t.status),
  ],
);
