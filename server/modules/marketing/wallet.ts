import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { coupon_logs, coupons, full_reductions, stores } from '../../db/schema';
import { callerOf, requireAuth } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { idParam, paginator, pagingOf, pathIds, storeIsOpen, type Executor } from '../shop/shared';
import { runningNow } from './promotions';
import { takeCoupon } from './take';
import './messages';

/**
 * The shopper's side of coupons (docs/marketing-api.md): take one, list one's own by tab, and the
 * public list of what a store offers now (the goods page and the store front).
 */

export const COUPON_TABS = ['unused', 'used', 'expired'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

/** unused: not used and not past its end; used: used by an order; expired: never used and past its end. */
const tabWhere = (tab: CouponTab): SQL =>
  tab === 'used'
    ? eq(coupon_logs.status, 1)
    : tab === 'unused'
      ? and(eq(coupon_logs.status, 0), gt(coupon_logs.end_time, sql`now()`))!
      : and(eq(coupon_logs.status, 0), lte(coupon_logs.end_time, sql`now()`))!;

/** GET /api/user/coupons?status=unused|used|expired&page&per_page → paginator of the caller's coupons. */
async function myCoupons(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  const raw = input.status ?? 'unused';
  if (typeof raw !== 'string' || !(COUPON_TABS as readonly string[]).includes(raw)) throw fail('marketing.badTab', undefined, 422, { field: 'status' });
  const tab = raw as CouponTab;
  const paging = pagingOf(input, 100, 20);
  const where = and(eq(coupon_logs.user_id, userId), isNull(coupon_logs.deleted_at), tabWhere(tab));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: coupon_logs.id,
        coupon_id: coupon_logs.coupon_id,
        store_id: coupon_logs.store_id,
        store_name: stores.store_name,
        order_id: coupon_logs.order_id,
        name: coupon_logs.name,
        money: coupon_logs.money,
        use_money: coupon_logs.use_money,
        status: coupon_logs.status,
        start_time: coupon_logs.start_time,
        end_time: coupon_logs.end_time,
        created_at: coupon_logs.created_at,
      })
      .from(coupon_logs)
      .leftJoin(stores, eq(stores.id, coupon_logs.store_id))
      .where(where)
      .orderBy(tab === 'unused' ? asc(coupon_logs.end_time) : desc(coupon_logs.id), desc(coupon_logs.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(coupon_logs).where(where),
  ]);
  return ok(c, paginator(rows.map((r) => ({ ...r, store_name: r.store_name ?? '' })), Number(n), paging));
}

/** POST /api/user/coupon/receive {id} → {id (the shopper's coupon), coupon_id}. */
async function receive(c: Context<AppEnv>) {
  const input = await readInput(c);
  const couponId = idParam(input.id, 'id');
  return ok(c, await takeCoupon(c.get('services').db, { userId: callerOf(c).accountId, couponId }));
}

/** Most coupon ids one /user/coupon/taken call asks about (a store offers at most 20). */
const TAKEN_IDS_MAX = 50;

/**
 * GET /api/user/coupon/taken?ids=1,2,3 → {"<coupon id>": 'unused' | 'used'} for the ones the caller
 * took (one per shopper per coupon, as a second take would report): the goods page and the store
 * front label them before the shopper tries. Coupons the caller never took are absent.
 */
async function takenCoupons(c: Context<AppEnv>) {
  const { db } = c.get('services');
  const input = await readInput(c);
  const ids = pathIds(typeof input.ids === 'string' ? input.ids : '', 'ids');
  if (ids.length > TAKEN_IDS_MAX) throw fail('shop.badIds', { field: 'ids' }, 422, { field: 'ids' });
  const rows = await db
    .select({ coupon_id: coupon_logs.coupon_id, status: coupon_logs.status })
    .from(coupon_logs)
    .where(and(eq(coupon_logs.user_id, callerOf(c).accountId), inArray(coupon_logs.coupon_id, ids)));
  const taken: Record<string, 'unused' | 'used'> = {};
  for (const row of rows) if (taken[row.coupon_id] !== 'used') taken[row.coupon_id] = row.status === 1 ? 'used' : 'unused';
  return ok(c, taken);
}

/**
 * What an open store offers now: coupons that can be taken (running, not stopped, stock left) and
 * its running full reductions, smallest threshold first.
 */
export async function storePromotionsOf(db: Executor, storeId: number) {
  const open = db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, storeId), storeIsOpen));
  const [couponRows, reductionRows] = await Promise.all([
    db
      .select({ id: coupons.id, name: coupons.name, money: coupons.money, use_money: coupons.use_money, stock: coupons.stock, content: coupons.content, start_time: coupons.start_time, end_time: coupons.end_time })
      .from(coupons)
      .where(and(eq(coupons.store_id, storeId), sql`${coupons.store_id} in (${open})`, eq(coupons.stopped, 0), isNull(coupons.deleted_at), gt(coupons.stock, 0), runningNow(coupons)))
      .orderBy(asc(coupons.use_money), asc(coupons.id))
      .limit(20),
    db
      .select({ id: full_reductions.id, name: full_reductions.name, money: full_reductions.money, use_money: full_reductions.use_money, start_time: full_reductions.start_time, end_time: full_reductions.end_time })
      .from(full_reductions)
      .where(and(eq(full_reductions.store_id, storeId), sql`${full_reductions.store_id} in (${open})`, eq(full_reductions.stopped, 0), isNull(full_reductions.deleted_at), runningNow(full_reductions)))
      .orderBy(asc(full_reductions.use_money), asc(full_reductions.id))
      .limit(20),
  ]);
  return { coupons: couponRows, full_reductions: reductionRows };
}

/** GET /api/store_promotions/:storeId (public) → {coupons, full_reductions}. */
async function storePromotions(c: Context<AppEnv>) {
  return ok(c, await storePromotionsOf(c.get('services').db, idParam(c.req.param('storeId'), 'store_id')));
}

export function mountWallet(api: Hono<AppEnv>) {
  const auth = requireAuth('user');
  api.get('/store_promotions/:storeId', storePromotions);
  api.get('/user/coupons', auth, myCoupons);
  api.post('/user/coupon/receive', auth, receive);
  api.get('/user/coupon/taken', auth, takenCoupons);
}
