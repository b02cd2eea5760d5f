import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, money, stamp, str, timestamps, uint } from './_columns';

/**
 * After-sales (reference §5.6 `refunds`, §6.5 with B12/B13 fixed) and the money a refund sends
 * back (`payment_refunds`). Every step of an after-sale goes through modules/refunds/steps.ts;
 * every refund of money through modules/payment/refund.ts.
 */
const live = (t: { deleted_at: unknown }) => sql`${t.deleted_at} is null`;

/**
 * An after-sale request of an order. `refund_type` 0 refund only, 1 return (goods back, then the
 * store refunds or re-ships). `refund_verify` 0 pending, 1 agreed, 2 refused, 3 withdrawn by the
 * buyer. `refund_step` 0 waiting for the buyer's waybill, 1 waiting for the store, 2 the store
 * received the goods (with `re_delivery_no` set: it re-shipped them and the buyer confirms
 * receipt), 3 finished. At most one open request (verify 0/1, step
 * < 3) per order: a partial unique index, not only a check in code.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    user_id: uint(),
    store_id: uint(),
    order_id: uint(),
    /** The refund number the payment provider knows (unique, stable across retries). */
    refund_no: str(32),
    refund_type: flag(0),
    refund_verify: flag(0),
    refund_step: flag(0),
    /** The buyer's return waybill. */
    delivery_no: str(30),
    delivery_code: str(20),
    /** The store's re-shipment waybill. */
    re_delivery_no: str(30),
    re_delivery_code: str(20),
    refund_remark: text().notNull().default(''),
    /** Image URLs, comma-joined (≤ 6). */
    images: text().notNull().default(''),
    refuse_remark: text().notNull().default(''),
    /** The order's state when the request was made: a refused or withdrawn request goes back to it. */
    from_status: flag(0),
    /** What this request refunded (cents as numeric). */
    refund_money: money(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('refunds_no_uq').on(t.refund_no),
    uniqueIndex('refunds_open_uq').on(t.order_id).where(sql`${t.refund_verify} in (0, 1) and ${t.refund_step} < 3 and ${t.deleted_at} is null`),
    index('refunds_order_idx').on(t.order_id, t.id),
    index('refunds_store_idx').on(t.store_id, t.id).where(live(t)),
    index('refunds_user_idx').on(t.user_id, t.id).where(live(t)),
  ],
);

/**
 * Money going back to a buyer: one row per refund of an order's payment. Balance refunds are
 * done (status 1) in the transaction that makes them; gateway refunds (alipay / wechat / dev)
 * start pending (0) and are sent to the provider after the commit, retried by a timed task until
 * the provider accepts them (providers are idempotent on `refund_no`).
 */
export const payment_refunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    refund_no: str(32),
    order_id: uint(),
    user_id: uint(),
    /** order_pays.id that paid the order. */
    pay_id: uint(),
    /** balance / alipay / wechat. */
    payment_name: str(20),
    pay_no: str(32),
    trade_no: str(64),
    /** The whole payment's total (gateways want it beside the refund). */
    pay_total: money(),
    money: money(),
    reason: str(80),
    /** admin, seller, user or system. */
    actor: str(10),
    /** 0 pending, 1 done. */
    status: flag(0),
    attempts: integer().notNull().default(0),
    next_try_at: stamp().notNull().defaultNow(),
    last_error: text().notNull().default(''),
    /** The provider's refund id. */
    provider_refund_id: str(64),
    done_at: stamp(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_refunds_no_uq').on(t.refund_no),
    index('payment_refunds_order_idx').on(t.order_id, t.id),
    index('payment_refunds_pending_idx').on(t.next_try_at).where(sql`${t.status} = 0`),
    check('payment_refunds_money_pos', sql`${t.money} > 0`),
  ],
);
