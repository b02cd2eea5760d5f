import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, str, timestamps, uint } from './_columns';

/**
 * Referral commission (reference §5.7, §6.14, with its bug B3 fixed: the rates are percent). A
 * store sets three rates per goods; when an order is settled its buyer's inviters on up to three
 * levels are credited once (modules/distribution/commission.ts).
 */
const rate = () => numeric({ precision: 5, scale: 2 }).notNull().default('0.00');

export const distributions = pgTable(
  'distributions',
  {
    id: id(),
    store_id: uint(),
    goods_id: uint(),
    /** Percent of the line amount for the buyer's inviter (level 1), its inviter (2) and the next (3). */
    lev_1: rate(),
    lev_2: rate(),
    lev_3: rate(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('distributions_goods_uq').on(t.goods_id).where(sql`${t.deleted_at} is null`),
    index('distributions_store_idx').on(t.store_id, t.id).where(sql`${t.deleted_at} is null`),
    check('distributions_rates', sql`${t.lev_1} >= 0 and ${t.lev_2} >= 0 and ${t.lev_3} >= 0 and ${t.lev_1} + ${t.lev_2} + ${t.lev_3} <= 100`),
  ],
);

/** One order's referral payout: the row that makes "once per order" hold (unique order_id). */
export const distribution_orders = pgTable(
  'distribution_orders',
  {
    id: id(),
    order_id: uint(),
    order_no: str(30),
    store_id: uint(),
    buyer_id: uint(),
    /** Σ commissions paid for the order. */
    commission: money(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('distribution_orders_order_uq').on(t.order_id)],
);

/** One commission paid: a level of one order line to one inviter. */
export const distribution_logs = pgTable(
  'distribution_logs',
  {
    id: id(),
    /** 一级分销 / 二级分销 / 三级分销 */
    name: str(30, '分销'),
    /** The beneficiary (an inviter of the buyer). */
    user_id: uint(),
    buyer_id: uint(),
    store_id: uint(),
    order_id: uint(),
    order_no: str(30),
    order_goods_id: uint(),
    goods_id: uint(),
    distribution_id: uint(),
    /** 1, 2 or 3. */
    level: smallint().notNull().default(1),
    /** The line amount the rate applied to. */
    money: money(),
    /** The rate, percent. */
    lev: rate(),
    commission: money(),
    /** 1 paid (credited with the payout). */
    status: smallint().notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('distribution_logs_line_uq').on(t.order_goods_id, t.level),
    index('distribution_logs_user_idx').on(t.user_id, t.id),
    index('distribution_logs_store_idx').on(t.store_id, t.id),
    index('distribution_logs_order_idx').on(t.order_id),
  ],
);
