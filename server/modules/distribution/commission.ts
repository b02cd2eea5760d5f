import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { distribution_logs, distribution_orders, distributions, order_goods, orders, users } from '../../db/schema';
import { fromCents, toCents } from '../../db/money';
import { applyLedger } from '../money/ledger';
import { basisPoints, commissionable, commissionOf, lineShare } from './rates';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

export const LEVEL_NAMES = ['一级分销', '二级分销', '三级分销'] as const;

/**
 * Pays an order's referral commissions (reference §6.14, bug B3 fixed: rates are percent) inside
 * the caller's transaction (settlement's), and returns the cents paid — the store's settlement
 * subtracts them. The buyer's inviter (level 1), that one's inviter (2) and the next (3) each get
 * their level's rate of every line whose goods has a `distributions` row, through the ledger
 * (users.money, type 0, 分销佣金), with a `distribution_logs` row per line and level.
 *
 * Exactly once per order: the `distribution_orders` row (unique order_id) is claimed first; a
 * concurrent or later call for the same order waits for or finds it and pays nothing (returns 0).
 * Rounding: see rates.ts (always down; the total never exceeds the order's goods amount).
 *
 * `capCents` (settlement passes what is left of the order after the platform commission,
 * docs/settlement.md "Who gets what"): the levels are paid in order (level 1 on every line, then
 * level 2, then 3), each commission capped at what is left of the cap; a log records what was
 * actually paid, a commission capped to 0 is not written.
 */
export async function payReferralCommissions(
  tx: Tx,
  order: { id: number; order_no: string; user_id: number; store_id: number },
  capCents: number = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  const [claimed] = await tx
    .insert(distribution_orders)
    .values({ order_id: order.id, order_no: order.order_no, store_id: order.store_id, buyer_id: order.user_id })
    .onConflictDoNothing({ target: distribution_orders.order_id })
    .returning({ id: distribution_orders.id });
  if (!claimed) return 0;

  const inviters = await inviterChain(tx, order.user_id);
  if (inviters.length === 0) return 0;
  const [head] = await tx
    .select({ total: orders.total_price, freight: orders.freight_money, price: orders.order_price, refunded: orders.refund_money })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!head) return 0;
  const lines = await tx
    .select({ id: order_goods.id, goods_id: order_goods.goods_id, total: order_goods.total_price, dist: distributions.id, lev_1: distributions.lev_1, lev_2: distributions.lev_2, lev_3: distributions.lev_3 })
    .from(order_goods)
    .innerJoin(distributions, and(eq(distributions.goods_id, order_goods.goods_id), eq(distributions.store_id, order.store_id), isNull(distributions.deleted_at)))
    .where(eq(order_goods.order_id, order.id));
  if (lines.length === 0) return 0;

  const goodsTotal = toCents(head.price);
  const amount = commissionable({ totalCents: toCents(head.total), freightCents: toCents(head.freight), orderPriceCents: goodsTotal, refundCents: toCents(head.refunded) });
  const perUser = new Map<number, number>();
  let paid = 0;
  for (const [i, userId] of inviters.entries()) {
    for (const line of lines) {
      const share = lineShare(toCents(line.total), amount, goodsTotal);
      const rates = [line.lev_1, line.lev_2, line.lev_3];
      const commission = Math.min(capCents - paid, commissionOf(share, basisPoints(rates[i]) ?? 0));
      if (commission <= 0) continue;
      await tx.insert(distribution_logs).values({
        name: LEVEL_NAMES[i],
        user_id: userId,
        buyer_id: order.user_id,
        store_id: order.store_id,
        order_id: order.id,
        order_no: order.order_no,
        order_goods_id: line.id,
        goods_id: line.goods_id,
        distribution_id: line.dist,
        level: i + 1,
        money: fromCents(share),
        lev: rates[i],
        commission: fromCents(commission),
        status: 1,
      });
      perUser.set(userId, (perUser.get(userId) ?? 0) + commission);
      paid += commission;
    }
  }
  // one ledger entry per beneficiary, in id order (a stable lock order between concurrent payouts)
  for (const userId of [...perUser.keys()].sort((a, b) => a - b))
    await applyLedger(tx, { owner: 'user', id: userId, type: 0, cents: perUser.get(userId)!, name: '分销佣金', info: order.order_no });
  if (paid > 0) await tx.update(distribution_orders).set({ commission: fromCents(paid) }).where(eq(distribution_orders.id, claimed.id));
  return paid;
}

/**
 * The buyer's inviters, nearest first, up to three: live accounts only, the chain stops at a
 * missing account or at a loop (an account met twice, or the buyer itself).
 */
export async function inviterChain(tx: Tx, buyerId: number): Promise<number[]> {
  const chain: number[] = [];
  const seen = new Set([buyerId]);
  let current = buyerId;
  while (chain.length < 3) {
    const [row] = await tx.select({ inviter: users.inviter_id }).from(users).where(eq(users.id, current));
    const next = row?.inviter ?? 0;
    if (next <= 0 || seen.has(next)) break;
    const [live] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, next), isNull(users.deleted_at)));
    if (!live) break;
    chain.push(next);
    seen.add(next);
    current = next;
  }
  return chain;
}

