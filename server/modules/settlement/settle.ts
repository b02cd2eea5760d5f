import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fromCents, toCents } from '../../db/money';
import { order_settlements, orders, refunds } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { applyLedger } from '../money/ledger';
import { readTaskConfig } from '../orders/taskConfig';
import './messages';
import { bpToPercent, percentOfCents, readMoneyRates, type MoneyRates } from './rates';

/**
 * Settlement of finished orders to their stores (reference §6.13 with B1 fixed; docs/settlement.md).
 *
 * A run takes the completed orders (order_status 6) not yet settled (is_settlement 0) with
 * `for update skip locked`, in ONE transaction, and settles each in its own savepoint (one order
 * that cannot be settled waits for the next run without undoing the others). Per order:
 * the conditional UPDATE is_settlement 0 → 1 claims it, an `order_settlements` row (unique
 * order_id) records what was paid, and `applyLedger` credits the store. Three guards, so two runs
 * at the same time (two instances, the schedule and an operator's "settle now") pay each order
 * once. An order in after-sale (order_status 5, or any open `refunds` request: pending or agreed,
 * not finished) waits until its after-sale is finished.
 *
 * The split (docs/settlement.md "Who gets what"; this is the one place it is decided): of what the
 * buyer kept paid, base = total_price − refund_money, the platform commission comes first
 * (`store.commission` percent of base, to the nearest cent, halves up, rates.ts; never above base),
 * then the referral commissions, capped at what is left (the payer gets the cap and pays its levels
 * in order, each capped at what is left), and the store gets the rest, never below 0. What was
 * actually paid is recorded, so an order whose rates add up to more than 100 % still settles. The scheduled run settles orders received at least
 * `task.settlement` days ago (the after-sale window); an operator's "settle now" settles every
 * completed order at once.
 */

/** The order as a referral payer sees it. */
export interface SettledOrder {
  id: number;
  order_no: string;
  user_id: number;
  store_id: number;
}

/**
 * Pays the referral commissions of one order in the settlement's transaction (applyLedger to the
 * inviters) and answers the cents paid, which come out of the store's share. It never pays more
 * than `capCents` (what is left of the order after the platform commission); a payer answering
 * more breaks the rule and the order waits (its savepoint, payouts included, is undone). The [points] lane's
 * `payReferralCommissions(tx, order)` (server/modules/distribution/commission.ts) has exactly this
 * shape: the lead passes it as `referral` where settleOrders is called (jobs/settlement.ts and
 * routes.ts, `settlementDeps`). Without it, no referral commissions are paid.
 */
export type ReferralPayer = (tx: Tx, order: SettledOrder, capCents: number) => Promise<number>;
export const NO_REFERRALS: ReferralPayer = async () => 0;

export interface SettleRun {
  /** true: an operator's "settle now" (every completed order, info 手动结算); false: the schedule. */
  manual?: boolean;
  /** Who ran it (info of the settlements). */
  operator?: string;
  /** The clock of the run (tests move it forward); the database's now() when absent. */
  now?: Date;
  /** Orders per run (default 500; the rest wait for the next run). */
  batch?: number;
  referral?: ReferralPayer;
  log?: (line: string) => void;
}

export interface SettleResult {
  settlementNo: string;
  settled: number;
  /** Orders that could not be settled this run (they wait). */
  failed: number;
  /** Σ credited to stores, cents. */
  cents: number;
}

export interface SettleContext {
  settlementNo: string;
  rates: MoneyRates;
  info: string;
  referral: ReferralPayer;
}

/** Settles one locked order inside the caller's transaction → the cents credited, or null when it was settled meanwhile. */
export async function settleOrder(tx: Tx, orderId: number, ctx: SettleContext): Promise<number | null> {
  const [order] = await tx
    .update(orders)
    .set({ is_settlement: 1, updated_at: sql`${orders.updated_at}` })
    .where(and(eq(orders.id, orderId), eq(orders.is_settlement, 0), eq(orders.order_status, 6), isNull(orders.deleted_at), noOpenAfterSale))
    .returning({
      id: orders.id,
      order_no: orders.order_no,
      user_id: orders.user_id,
      store_id: orders.store_id,
      total_price: orders.total_price,
      refund_money: orders.refund_money,
    });
  if (!order) return null;
  const totalCents = toCents(order.total_price);
  const refundCents = Math.min(toCents(order.refund_money), totalCents);
  const baseCents = totalCents - refundCents;
  const split = await splitOrder(baseCents, ctx.rates.commissionBp, (capCents) =>
    ctx.referral(tx, { id: order.id, order_no: order.order_no, user_id: order.user_id, store_id: order.store_id }, capCents),
  );
  const { commissionCents, referralCents, settlementCents } = split;
  await tx.insert(order_settlements).values({
    order_id: order.id,
    order_no: order.order_no,
    user_id: order.user_id,
    store_id: order.store_id,
    settlement_no: ctx.settlementNo,
    total_price: fromCents(totalCents),
    refund_money: fromCents(refundCents),
    commission_rate: bpToPercent(ctx.rates.commissionBp),
    commission: fromCents(commissionCents),
    referral_money: fromCents(referralCents),
    settlement_price: fromCents(settlementCents),
    status: 1,
    info: ctx.info,
  });
  if (settlementCents > 0)
    await applyLedger(tx, { owner: 'store', id: order.store_id, type: 0, cents: settlementCents, name: '订单结算', info: `${ctx.settlementNo} 订单 ${order.order_no}` });
  return settlementCents;
}

export interface OrderSplit {
  commissionCents: number;
  referralCents: number;
  settlementCents: number;
}

/**
 * Who gets what of an order's base (total_price − refund_money, cents): the platform commission
 * first, capped at the base; then the referral commissions, given what is left as their cap; the
 * store the rest. Paid out in total never exceeds the base, the store's share never goes below 0.
 */
export async function splitOrder(baseCents: number, commissionBp: number, payReferrals: (capCents: number) => Promise<number>): Promise<OrderSplit> {
  const commissionCents = Math.min(baseCents, percentOfCents(baseCents, commissionBp));
  const capCents = baseCents - commissionCents;
  const referralCents = await payReferrals(capCents);
  if (!Number.isSafeInteger(referralCents) || referralCents < 0 || referralCents > capCents)
    throw new Error(`settlement: the referral payer answered ${referralCents} cents with ${capCents} left`);
  return { commissionCents, referralCents, settlementCents: capCents - referralCents };
}

/** No open after-sale request (pending or agreed, not finished) on the order: one still open waits. */
const noOpenAfterSale = sql`not exists (select 1 from ${refunds} where ${refunds.order_id} = ${orders.id} and ${refunds.refund_verify} in (0, 1) and ${refunds.refund_step} < 3 and ${refunds.deleted_at} is null)`;

const clock = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** One settlement run (schedule or "settle now"). */
export async function settleOrders(db: Db, run: SettleRun = {}): Promise<SettleResult> {
  const rates = await readMoneyRates(db);
  const { settlementDays } = await readTaskConfig(db);
  const due = and(
    eq(orders.order_status, 6),
    eq(orders.is_settlement, 0),
    isNull(orders.deleted_at),
    noOpenAfterSale,
    run.manual ? undefined : sql`coalesce(${orders.receipt_time}, ${orders.comment_time}, ${orders.updated_at}) <= ${clock(run.now)} - ${settlementDays} * interval '1 day'`,
  );
  const result = await db.transaction(async (tx) => {
    const stamp = (await tx.execute(sql`select to_char(${clock(run.now)}, 'YYYYMMDDHH24MISS') as s`)) as unknown as { rows: { s: string }[] };
    const digits = stamp.rows[0].s;
    const settlementNo = `S${digits}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const ctx: SettleContext = {
      settlementNo,
      rates,
      info: `${run.manual ? '手动结算' : '系统结算'}${run.operator ? `（${run.operator}）` : ''}`,
      referral: run.referral ?? NO_REFERRALS,
    };
    const rows = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(due)
      .orderBy(asc(orders.id))
      .limit(run.batch ?? 500)
      .for('update', { skipLocked: true });
    const out: SettleResult = { settlementNo, settled: 0, failed: 0, cents: 0 };
    for (const { id } of rows) {
      try {
        const cents = await tx.transaction((sp) => settleOrder(sp as unknown as Tx, id, ctx));
        if (cents !== null) {
          out.settled++;
          out.cents += cents;
        }
      } catch (err) {
        out.failed++;
        if (!(err instanceof ApiError)) console.error(`[settlement] order ${id}:`, err);
      }
    }
    return out;
  });
  (run.log ?? console.log)(
    `[jobs] settlement ${result.settlementNo}${run.manual ? ' (manual)' : ''}: ${result.settled} order(s), ${fromCents(result.cents)}${result.failed ? `, ${result.failed} waiting` : ''}`,
  );
  return result;
}
