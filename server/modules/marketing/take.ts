import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupon_logs, coupons, stores, users } from '../../db/schema';
import { fail } from '../../http/envelope';
import './messages';

/**
 * A shopper takes a coupon (POST /api/user/coupon/receive, reference §6.7 with B5 fixed): one per
 * shopper and coupon, while the stock lasts, only while it runs. One transaction: the shopper's
 * copy (name, value, threshold, validity) is inserted first (the unique (coupon_id, user_id) index makes a second take of the same
 * shopper wait for the first and then find it), then the stock is taken with
 * `stock = stock - 1 where stock > 0` (the coupon row's lock queues the takers; stock never goes
 * below zero). When the stock is gone the insert rolls back with it.
 */
export interface TakenCoupon {
  id: number;
  coupon_id: number;
}

async function whyRefused(tx: Pick<Db, 'select'>, couponId: number): Promise<string> {
  const [row] = await tx
    .select({
      stopped: coupons.stopped,
      stock: coupons.stock,
      notStarted: sql<boolean>`${coupons.start_time} > now()`,
      ended: sql<boolean>`${coupons.end_time} <= now()`,
    })
    .from(coupons)
    .where(and(eq(coupons.id, couponId), isNull(coupons.deleted_at)));
  if (!row) return 'marketing.take.notFound';
  if (row.stopped === 1) return 'marketing.take.stopped';
  if (row.notStarted) return 'marketing.take.notStarted';
  if (row.ended) return 'marketing.take.ended';
  return 'marketing.take.soldOut';
}

/**
 * One per shopper per coupon: a second take says whether the shopper's copy is still to be used
 * or was used by an order already (`data.taken`: 'unused' | 'used', the page's label follows it).
 */
async function alreadyTaken(tx: Pick<Db, 'select'>, couponId: number, userId: number) {
  const [mine] = await tx
    .select({ status: coupon_logs.status })
    .from(coupon_logs)
    .where(and(eq(coupon_logs.coupon_id, couponId), eq(coupon_logs.user_id, userId)));
  const used = mine?.status === 1;
  return fail(used ? 'marketing.take.used' : 'marketing.take.already', undefined, 409, { field: 'id', taken: used ? 'used' : 'unused' });
}

export async function takeCoupon(db: Db, input: { userId: number; couponId: number }): Promise<TakenCoupon> {
  const { userId, couponId } = input;
  const [coupon] = await db
    .select({
      id: coupons.id,
      storeId: coupons.store_id,
      name: coupons.name,
      money: coupons.money,
      useMoney: coupons.use_money,
      startTime: coupons.start_time,
      endTime: coupons.end_time,
      owner: stores.user_id,
      belongId: users.belong_id,
    })
    .from(coupons)
    .leftJoin(stores, eq(stores.id, coupons.store_id))
    .leftJoin(users, eq(users.id, userId))
    .where(and(eq(coupons.id, couponId), isNull(coupons.deleted_at)));
  if (!coupon) throw fail('marketing.take.notFound', undefined, 404, { field: 'id' });
  if ((coupon.belongId ?? 0) > 0) throw fail('marketing.take.subAccount', undefined, 403);
  if (coupon.owner === userId) throw fail('marketing.take.ownStore', undefined, 422, { field: 'id' });

  return db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(coupon_logs)
      .values({
        coupon_id: couponId,
        user_id: userId,
        store_id: coupon.storeId,
        name: coupon.name,
        money: coupon.money,
        use_money: coupon.useMoney,
        start_time: coupon.startTime,
        end_time: coupon.endTime,
      })
      .onConflictDoNothing({ target: [coupon_logs.coupon_id, coupon_logs.user_id] })
      .returning({ id: coupon_logs.id });
    if (!copy) throw await alreadyTaken(tx, couponId, userId);
    const taken = await tx
      .update(coupons)
      .set({ stock: sql`${coupons.stock} - 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          sql`${coupons.stock} > 0`,
          eq(coupons.stopped, 0),
          isNull(coupons.deleted_at),
          sql`${coupons.start_time} <= now() and ${coupons.end_time} > now()`,
        ),
      )
      .returning({ id: coupons.id });
    if (taken.length === 0) throw fail(await whyRefused(tx, couponId), undefined, 422, { field: 'id' });
    return { id: copy.id, coupon_id: couponId };
  });
}
