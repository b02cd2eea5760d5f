import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, money, stamp, str, timestamps, uint } from './_columns';

/**
 * Coupons and full reductions (reference §5.7, §6.7 with B5 and B6 fixed). A store's coupon has a
 * stock that shoppers take one by one (a conditional update, never below zero); each take copies
 * the coupon into the shopper's `coupon_logs` row, one per shopper and coupon (unique). An order
 * uses at most one coupon log (`status` 1 with its `order_id`), released when it is cancelled or
 * fully refunded. `stopped` 1: the operator stopped the promotion (no more takes, no more uses).
 */
const live = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    store_id: uint(),
    name: str(30),
    /** Amount off. */
    money: money(),
    /** Goods amount of the store's order needed to use it. */
    use_money: money(),
    /** How many can still be taken. */
    stock: integer().notNull().default(0),
    content: str(60),
    start_time: stamp().notNull(),
    end_time: stamp().notNull(),
    stopped: flag(0),
    ...timestamps(),
  },
  (t) => [
    index('coupons_store_idx').on(t.store_id, t.id).where(live(t)),
    check('coupons_stock_nonneg', sql`${t.stock} >= 0`),
    check('coupons_money_pos', sql`${t.money} > 0 and ${t.use_money} >= 0`),
  ],
);

export const coupon_logs = pgTable(
  'coupon_logs',
  {
    id: id(),
    coupon_id: uint(),
    user_id: uint(),
    store_id: uint(),
    /** The order that used it (0: none). */
    order_id: uint(),
    name: str(30),
    money: money(),
    use_money: money(),
    /** 0 unused, 1 used. */
    status: flag(0),
    start_time: stamp().notNull(),
    end_time: stamp().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('coupon_logs_taker_uq').on(t.coupon_id, t.user_id),
    index('coupon_logs_user_idx').on(t.user_id, t.status, t.id).where(live(t)),
    index('coupon_logs_order_idx').on(t.order_id).where(sql`${t.order_id} > 0`),
    check('coupon_logs_used_has_order', sql`(${t.status} = 0 and ${t.order_id} = 0) or (${t.status} = 1 and ${t.order_id} > 0)`),
  ],
);

export const full_reductions = pgTable(
  'full_reductions',
  {
    id: id(),
    store_id: uint(),
    name: str(30),
    /** Amount off. */
    money: money(),
    /** Goods amount of the store's order from which it applies. */
    use_money: money(),
    start_time: stamp().notNull(),
    end_time: stamp().notNull(),
    stopped: flag(0),
    ...timestamps(),
  },
  (t) => [
    index('full_reductions_store_idx').on(t.store_id, t.id).where(live(t)),
    check('full_reductions_money_pos', sql`${t.money} > 0 and ${t.use_money} >= 0`),
  ],
);

/** The discounts of an order, line by line, as priced when it was made (coupon, full reduction…). */
export const order_discounts = pgTable(
  'order_discounts',
  {
    id: id(),
    order_id: uint(),
    /** coupon, fullReduction, … (pricing.ts Discount.kind). */
    kind: str(20),
    /** The coupon log or rule that gave it. */
    ref_id: uint(),
    label: str(60),
    money: money(),
    ...timestamps(),
  },
  (t) => [index('order_discounts_order_idx').on(t.order_id)],
);
