import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { fromCents } from '../../../server/db/money';
import { configs, orders, stores, user_checks } from '../../../server/db/schema';
import { makeOrder, stockedSku, type FixtureOrder } from '../payment/fixtures';

/** Orders and settings for the settlement and withdrawal tests. */

/** A completed order (status 6) of `userId` on the first stocked SKU's store, received `daysAgo` days ago. */
export async function completedOrder(db: Db, userId: number, opts: { daysAgo?: number; refundCents?: number; qty?: number } = {}): Promise<FixtureOrder> {
  const sku = await stockedSku(db, opts.qty ?? 1);
  const order = await makeOrder(db, userId, [{ goodsId: sku.goodsId, skuId: sku.skuId, qty: opts.qty ?? 1 }]);
  if (!order) throw new Error('no stock for a completed order');
  const days = opts.daysAgo ?? 10;
  await db
    .update(orders)
    .set({
      order_status: 6,
      payment_name: 'balance',
      pay_time: sql`now() - ${days + 2} * interval '1 day'`,
      delivery_time: sql`now() - ${days + 1} * interval '1 day'`,
      receipt_time: sql`now() - ${days} * interval '1 day'`,
      comment_time: sql`now() - ${days} * interval '1 day'`,
      refund_money: fromCents(opts.refundCents ?? 0),
    })
    .where(eq(orders.id, order.id));
  return order;
}

/** Sets the withdrawal fee and platform commission (percent strings) of the `store` config row. */
export async function setRates(db: Db, rates: { cash?: string; commission?: string }) {
  const [row] = await db.select({ content: configs.content }).from(configs).where(eq(configs.name, 'store'));
  const value = { ...JSON.parse(row?.content || '{}'), ...rates };
  await db.update(configs).set({ content: JSON.stringify(value) }).where(eq(configs.name, 'store'));
}

export async function storeMoney(db: Db, storeId: number) {
  const [row] = await db.select({ money: stores.store_money, frozen: stores.store_frozen_money }).from(stores).where(eq(stores.id, storeId));
  return row;
}

/** A real-name check for `userId` (withdrawals are paid to its name, bank and card) → the payee a withdrawal row shows. */
export async function giveRealName(db: Db, userId: number, payee = { name: '陈晓明', bank_name: '招商银行', card_no: '6225880123456789' }) {
  await db
    .insert(user_checks)
    .values({ user_id: userId, name: payee.name, card_no: '110105199001011234', bank_name: payee.bank_name, bank_no: payee.card_no })
    .onConflictDoUpdate({ target: user_checks.user_id, targetWhere: sql`${user_checks.deleted_at} is null`, set: { name: payee.name, bank_name: payee.bank_name, bank_no: payee.card_no } });
  return payee;
}
