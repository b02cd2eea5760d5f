import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, money, stamp, str, timestamps, uint } from './_columns';

/**
 * Settlement of finished orders to their stores and withdrawals (reference §5.9, §6.10, §6.13,
 * with B1 and B2 fixed; docs/settlement.md). Money is numeric(12,2), cents in TypeScript; every
 * balance change of either goes through modules/money/ledger.ts.
 */

/**
 * One row per settled order (unique `order_id`: an order is paid to its store once, whatever
 * runs race). `settlement_price` = `total_price` − `refund_money` − `commission` (platform) −
 * `referral_money` (3-level referral commissions), credited to the store's balance with a
 * 订单结算 money log in the same transaction.
 */
export const order_settlements = pgTable(
  'order_settlements',
  {
    id: id(),
    order_id: uint(),
    order_no: str(30),
    /** The buyer. */
    user_id: uint(),
    store_id: uint(),
    /** One number per run: 'S' + YYYYMMDDHHMMSS + 4 digits. */
    settlement_no: str(30),
    /** What the buyer paid for the order. */
    total_price: money(),
    /** What was refunded to the buyer (orders.refund_money at settlement). */
    refund_money: money(),
    /** The platform's commission rate in percent (configs store.commission at settlement). */
    commission_rate: str(10, '0'),
    /** The platform's commission. */
    commission: money(),
    /** Referral commissions paid out of the order. */
    referral_money: money(),
    /** What the store received. */
    settlement_price: money(),
    /** Always 1 (success), as the reference. */
    status: flag(1),
    /** 系统结算 (the schedule) or 手动结算 (an operator's "settle now"), with the run's operator. */
    info: text().notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('order_settlements_order_uq').on(t.order_id),
    index('order_settlements_store_idx').on(t.store_id, t.id),
    index('order_settlements_no_idx').on(t.settlement_no),
    check(
      'order_settlements_money_nonneg',
      sql`${t.settlement_price} >= 0 and ${t.commission} >= 0 and ${t.referral_money} >= 0 and ${t.refund_money} >= 0`,
    ),
  ],
);

/**
 * Withdrawals (reference §6.10): a user's (`user_id` > 0, `store_id` 0) or a store's (`store_id` > 0,
 * `user_id` 0). The requested amount (`money` + `commission`) moves from the balance to the frozen
 * balance when applied, then leaves the frozen balance when paid out, or goes back to the balance
 * when refused or cancelled. `cash_status`: 0 applied, 1 paid out, 2 refused, 3 cancelled by the
 * applicant; each change is a conditional UPDATE from 0, so it happens once.
 */
export const cashes = pgTable(
  'cashes',
  {
    id: id(),
    user_id: uint(),
    store_id: uint(),
    /** Net amount paid out (requested − fee). */
    money: money(),
    /** The withdrawal fee. */
    commission: money(),
    /** The fee rate in percent when applied (configs store.cash). */
    commission_rate: str(10, '0'),
    cash_status: flag(0),
    refuse_info: str(200),
    /** Account holder, bank and card number. */
    name: str(30),
    bank_name: str(30),
    card_no: str(30),
    remark: str(100),
    /** When it was paid out, refused or cancelled. */
    audit_time: stamp(),
    ...timestamps(),
  },
  (t) => [
    index('cashes_user_idx').on(t.user_id, t.id).where(sql`${t.user_id} > 0`),
    index('cashes_store_idx').on(t.store_id, t.id).where(sql`${t.store_id} > 0`),
    index('cashes_pending_idx').on(t.id).where(sql`${t.cash_status} = 0`),
    check('cashes_money_pos', sql`${t.money} > 0 and ${t.commission} >= 0`),
    check('cashes_owner', sql`(${t.user_id} > 0) <> (${t.store_id} > 0)`),
  ],
);
