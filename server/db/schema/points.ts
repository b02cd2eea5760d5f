import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, money, stamp, str, timestamps, uint } from './_columns';

/**
 * The points mall (reference §5.8, with its bug B11 fixed): classes, goods priced in points, and
 * the orders that spend them. Points are `users.integral` (numeric(12,2), whole points in
 * practice) and change only through the ledger (money_logs is_type 2).
 */
const live = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;

export const integral_goods_classes = pgTable(
  'integral_goods_classes',
  {
    id: id(),
    name: str(20),
    /** The English name ('' = none: the English points mall shows `name`), as goods classes' `ename`. */
    ename: str(20),
    ...timestamps(),
  },
  (t) => [index('integral_goods_classes_live_idx').on(t.id).where(live(t))],
);

export const integral_goods = pgTable(
  'integral_goods',
  {
    id: id(),
    /** integral_goods_classes.id */
    cid: uint(),
    goods_name: str(120),
    goods_subname: str(120),
    /** Price in points (whole points). */
    goods_price: money(),
    /** Market price in money, for comparison. */
    goods_market_price: money(),
    goods_stock: uint(),
    /** Comma-joined image URLs; the first is the master image. */
    goods_images: text().notNull().default(''),
    goods_master_image: str(150),
    goods_sale: uint(),
    /** 1 on the shelf, 0 off. */
    goods_status: flag(0),
    is_recommend: flag(0),
    goods_content: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('integral_goods_shelf_idx').on(t.goods_status, t.cid, t.id).where(live(t)),
    check('integral_goods_nonneg', sql`${t.goods_stock} >= 0 and ${t.goods_sale} >= 0 and ${t.goods_price} >= 0 and ${t.goods_market_price} >= 0`),
  ],
);

/**
 * A redemption: one goods, `buy_num` of it, paid in points when it is made (order_status 2, awaiting
 * shipment); the operator ships it with a waybill (3). `idem_key` makes a repeated submit answer
 * the first order instead of spending twice.
 */
export const integral_orders = pgTable(
  'integral_orders',
  {
    id: id(),
    user_id: uint(),
    order_no: str(30),
    idem_key: str(64),
    goods_id: uint(),
    order_name: str(120),
    order_image: str(150),
    buy_num: uint(),
    /** Unit price in points. */
    goods_price: money(),
    /** Points spent: goods_price × buy_num. */
    total_price: money(),
    /** 0 cancelled, 2 paid (awaiting shipment), 3 shipped. */
    order_status: flag(2),
    delivery_no: str(30),
    delivery_code: str(20),
    receive_name: str(30),
    receive_tel: str(20),
    receive_area: str(140),
    receive_address: str(120),
    pay_time: stamp(),
    delivery_time: stamp(),
    remark: str(150),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('integral_orders_no_uq').on(t.order_no),
    uniqueIndex('integral_orders_key_uq').on(t.user_id, t.idem_key),
    index('integral_orders_user_idx').on(t.user_id, t.id).where(live(t)),
    check('integral_orders_pos', sql`${t.buy_num} >= 1 and ${t.total_price} >= 0`),
  ],
);

/** Points earned by a completed order: one row per order, so an order earns once. */
export const integral_earnings = pgTable(
  'integral_earnings',
  {
    id: id(),
    order_id: uint(),
    user_id: uint(),
    /** Points credited (0 when the rate gave none). */
    points: money(),
    /** The rate applied (percent of the paid goods amount). */
    rate: uint(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('integral_earnings_order_uq').on(t.order_id)],
);
