import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, money, stamp, str, timestamps, uint } from './_columns';

/**
 * Addresses, freight templates, orders and payments (reference §5.5, §5.6). Money is numeric(12,2)
 * (cents in TypeScript); every state change of an order goes through modules/orders/states.ts and
 * leaves an `order_logs` row.
 */
const live = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;
const weight = () => numeric({ precision: 9, scale: 2 }).notNull().default('0.00');

/** A shopper's delivery addresses; at most one default per user. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    user_id: uint(),
    receive_name: str(30),
    receive_tel: str(20),
    /** 'province city district' names, built from the three area ids on write. */
    area_info: str(140),
    address: str(120),
    province_id: uint(),
    city_id: uint(),
    region_id: uint(),
    is_default: flag(0),
    ...timestamps(),
  },
  (t) => [
    index('addresses_user_idx').on(t.user_id, t.id).where(live(t)),
    uniqueIndex('addresses_default_uq').on(t.user_id).where(sql`${t.is_default} = 1 and ${t.deleted_at} is null`),
  ],
);

/**
 * Freight templates of a store (reference §6.12): `is_type` 0 the default template (one per store),
 * 1 a template for the provinces listed in `area_id` (comma-joined province area ids).
 */
export const freights = pgTable(
  'freights',
  {
    id: id(),
    store_id: uint(),
    name: str(30),
    /** First weight (kg) and its price; 0 and 0 = free shipping. */
    f_weight: weight(),
    f_price: money(),
    /** Each further `o_weight` kg (or part of it) costs `o_price`. */
    o_weight: weight(),
    o_price: money(),
    area_id: text().notNull().default(''),
    is_type: flag(0),
    ...timestamps(),
  },
  (t) => [
    index('freights_store_idx').on(t.store_id, t.is_type, t.id).where(live(t)),
    uniqueIndex('freights_default_uq').on(t.store_id).where(sql`${t.is_type} = 0 and ${t.deleted_at} is null`),
    check('freights_nonneg', sql`${t.f_weight} >= 0 and ${t.f_price} >= 0 and ${t.o_weight} >= 0 and ${t.o_price} >= 0`),
  ],
);

/**
 * One checkout attempt of a shopper: the page sends an idempotency key, and a repeated key answers
 * the orders the first attempt made (`order_ids`, comma-joined) instead of making new ones.
 */
export const order_checkouts = pgTable(
  'order_checkouts',
  {
    id: id(),
    user_id: uint(),
    idem_key: str(64),
    order_ids: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('order_checkouts_key_uq').on(t.user_id, t.idem_key)],
);

/**
 * Orders, one per store of a checkout. `order_status`: 0 cancelled, 1 awaiting payment, 2 paid
 * (awaiting shipment), 3 shipped, 4 received (awaiting review), 5 after-sale, 6 completed.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    user_id: uint(),
    store_id: uint(),
    checkout_id: uint(),
    coupon_id: uint(),
    collective_id: integer().notNull().default(0),
    order_no: str(30),
    order_name: str(120),
    order_image: str(150),
    /** What the buyer pays: order_price + freight_money - coupon_money, never below 0. */
    total_price: money(),
    /** Σ line totals. */
    order_price: money(),
    order_balance: money(),
    freight_money: money(),
    /** Every discount together (flash sale, coupon, full reduction, group buy). */
    coupon_money: money(),
    /** What was refunded to the buyer so far (payment/refund.ts); never above total_price. */
    refund_money: money(),
    currency_id: uint(),
    order_status: flag(1),
    /** With order_status 5/6: 0 refund, 1 return, 2 after-sale finished. */
    refund_status: flag(0),
    is_settlement: flag(0),
    delivery_no: str(30),
    delivery_code: str(20),
    receive_name: str(30),
    receive_tel: str(20),
    receive_area: str(140),
    receive_address: str(120),
    /** Province of the address, for freight and reports. */
    receive_province_id: uint(),
    /** balance / wechat / alipay, set when paid. */
    payment_name: str(20),
    /** order_pays.id that paid the order. */
    pay_id: uint(),
    pay_time: stamp(),
    delivery_time: stamp(),
    receipt_time: stamp(),
    comment_time: stamp(),
    cancel_time: stamp(),
    remark: str(150),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.order_no),
    index('orders_user_idx').on(t.user_id, t.order_status, t.id).where(live(t)),
    index('orders_store_idx').on(t.store_id, t.order_status, t.id).where(live(t)),
    index('orders_checkout_idx').on(t.checkout_id),
    // the order lists, newest first (NEWEST_ORDERS_FIRST): the operator's, by state, and a store's;
    // without them a page of 300,000 orders joined and sorted every one of them (~400 ms)
    index('orders_created_idx').on(t.created_at, t.id).where(live(t)),
    index('orders_status_created_idx').on(t.order_status, t.created_at, t.id).where(live(t)),
    index('orders_store_created_idx').on(t.store_id, t.created_at, t.id).where(live(t)),
    // the timed tasks: unpaid orders by age, shipped orders by shipping time
    index('orders_unpaid_idx').on(t.created_at).where(sql`${t.order_status} = 1 and ${t.deleted_at} is null`),
    index('orders_shipped_idx').on(t.delivery_time).where(sql`${t.order_status} = 3 and ${t.deleted_at} is null`),
    check('orders_money_nonneg', sql`${t.total_price} >= 0 and ${t.order_price} >= 0 and ${t.freight_money} >= 0 and ${t.coupon_money} >= 0`),
    check('orders_refund_money_range', sql`${t.refund_money} >= 0 and ${t.refund_money} <= ${t.total_price}`),
  ],
);

/** The lines of an order, with the name, image, SKU and price as they were when it was made. */
export const order_goods = pgTable(
  'order_goods',
  {
    id: id(),
    order_id: uint(),
    sku_id: uint(),
    goods_id: uint(),
    user_id: uint(),
    store_id: uint(),
    goods_name: str(120),
    goods_image: str(150),
    sku_name: str(60),
    buy_num: uint(),
    total_price: money(),
    goods_price: money(),
    currency_id: uint(),
    total_weight: weight(),
    ...timestamps(),
  },
  (t) => [index('order_goods_order_idx').on(t.order_id), index('order_goods_goods_idx').on(t.goods_id), check('order_goods_buy_num_pos', sql`${t.buy_num} >= 1`)],
);

/**
 * A payment of one or more orders (`order_ids`, comma-joined). `pay_no` is the out_trade_no a
 * provider knows; `pay_status` 0 unpaid, 1 paid, 2 closed (never paid); a notify pays a row once.
 */
export const order_pays = pgTable(
  'order_pays',
  {
    id: id(),
    belong_id: uint(),
    name: str(150),
    order_ids: text().notNull().default(''),
    pay_no: str(32),
    trade_no: str(64),
    payment_name: str(20),
    device: str(20),
    is_recharge: flag(0),
    total: money(),
    balance: money(),
    /** What went back to the buyer's balance because the orders were already paid another way. */
    refunded: money(),
    currency_id: uint(),
    pay_status: flag(0),
    pay_time: stamp(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('order_pays_no_uq').on(t.pay_no), index('order_pays_user_idx').on(t.belong_id, t.id)],
);

/** What happened to an order and when: one row per state change (and per notable event). */
export const order_logs = pgTable(
  'order_logs',
  {
    id: id(),
    order_id: uint(),
    /** -1 when the order was created (no state before). */
    from_status: smallint().notNull().default(-1),
    to_status: smallint().notNull().default(0),
    /** admin, seller, user or system. */
    actor: str(10),
    actor_id: uint(),
    actor_name: str(30),
    /** The action's name in the state table (create, pay, cancel, ship, receive, …). */
    action: str(20),
    note: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('order_logs_order_idx').on(t.order_id, t.id)],
);
