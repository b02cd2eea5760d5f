import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { favorites, goods, stores } from '../../db/schema';
import { callerOf, requireAuth, resolveCaller } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { thumbUrl } from '../catalogue/images';
import { goodsVisible, idParam, intParam, paginator, pagingOf, pathIds, storeIsOpen, type Executor } from './shared';

/**
 * Favourite goods (is_type 0) and followed stores (is_type 1), docs/catalogue-api.md "Shopper".
 * POST toggles; goods_collect follows the goods' live favourites.
 */
export type FavType = 0 | 1;

const typeOf = (raw: unknown): FavType => (intParam(raw, 'is_type', 0, 1) ?? 0) as FavType;

async function targetIsVisible(db: Executor, type: FavType, outId: number): Promise<boolean> {
  const rows =
    type === 0
      ? await db.select({ id: goods.id }).from(goods).where(and(eq(goods.id, outId), goodsVisible(db)))
      : await db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, outId), storeIsOpen));
  return rows.length > 0;
}

const mine = (userId: number, type: FavType, outId: number) =>
  and(eq(favorites.user_id, userId), eq(favorites.is_type, type), eq(favorites.out_id, outId), isNull(favorites.deleted_at));

/** goods_collect = number of live favourites of the goods (recounted, so it can never drift). */
async function recountCollect(tx: Executor, goodsIds: number[]) {
  if (goodsIds.length === 0) return;
  await tx
    .update(goods)
    .set({
      goods_collect: sql`(select count(*)::int from ${favorites} where ${favorites.out_id} = "goods"."id"
        and ${favorites.is_type} = 0 and ${favorites.deleted_at} is null)`,
      updated_at: sql`${goods.updated_at}`,
    })
    .where(inArray(goods.id, goodsIds));
}

/** GET /api/is_fav?is_type&out_id → boolean (false when anonymous). */
async function isFav(c: Context<AppEnv>) {
  const input = await readInput(c);
  const type = typeOf(input.is_type);
  const outId = idParam(input.out_id, 'out_id');
  const caller = await resolveCaller(c, { areas: ['user'] });
  if (!caller) return ok(c, false);
  const rows = await c.get('services').db.select({ id: favorites.id }).from(favorites).where(mine(caller.accountId, type, outId)).limit(1);
  return ok(c, rows.length > 0);
}

/** POST /api/user/favorites {is_type, out_id}: toggles → {is_fav}. */
async function toggle(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  const type = typeOf(input.is_type);
  const outId = idParam(input.out_id, 'out_id');
  const isFavNow = await db.transaction(async (tx) => {
    const removed = await tx
      .update(favorites)
      .set({ deleted_at: sql`now()` })
      .where(mine(userId, type, outId))
      .returning({ id: favorites.id });
    if (removed.length === 0) {
      if (!(await targetIsVisible(tx, type, outId))) throw fail(type === 0 ? 'shop.goodsNotFound' : 'shop.storeNotFound', undefined, 404);
      await tx.insert(favorites).values({ user_id: userId, is_type: type, out_id: outId }).onConflictDoNothing();
    }
    if (type === 0) await recountCollect(tx, [outId]);
    return removed.length === 0;
  });
  return ok(c, { is_fav: isFavNow });
}

/** FavoriteHomeCollection row (reference §2.6): flat, the goods' 150 px thumbnail. */
const goodsFavorite = {
  id: favorites.id,
  out_id: favorites.out_id,
  is_type: favorites.is_type,
  goods_name: goods.goods_name,
  goods_master_image: goods.goods_master_image,
  goods_price: goods.goods_price,
  created_at: favorites.created_at,
};

/** FollowHomeCollection row (reference §2.6). */
const storeFavorite = {
  id: favorites.id,
  out_id: favorites.out_id,
  is_type: favorites.is_type,
  store_name: stores.store_name,
  store_logo: stores.store_logo,
  area_info: stores.area_info,
  created_at: favorites.created_at,
};

const ownFavorites = (userId: number, type: FavType) => and(eq(favorites.user_id, userId), eq(favorites.is_type, type), isNull(favorites.deleted_at));

/**
 * A page of the caller's favourite goods / followed stores, newest first, in the reference's flat
 * shapes (FavoriteHomeCollection / FollowHomeCollection). Rows whose goods or store was deleted
 * are left out (a goods off the shelf stays listed). `GET /api/user/default` can show its `fav`
 * with favoriteGoodsRows(db, userId, 5).
 */
export async function favoriteGoodsRows(db: Executor, userId: number, limit: number, offset = 0) {
  const rows = await db
    .select(goodsFavorite)
    .from(favorites)
    .innerJoin(goods, and(eq(goods.id, favorites.out_id), isNull(goods.deleted_at)))
    .where(ownFavorites(userId, 0))
    .orderBy(desc(favorites.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, goods_master_image: thumbUrl(row.goods_master_image, 150) }));
}

export function favoriteStoreRows(db: Executor, userId: number, limit: number, offset = 0) {
  return db
    .select(storeFavorite)
    .from(favorites)
    .innerJoin(stores, and(eq(stores.id, favorites.out_id), isNull(stores.deleted_at)))
    .where(ownFavorites(userId, 1))
    .orderBy(desc(favorites.id))
    .limit(limit)
    .offset(offset);
}

/** GET /api/user/favorites?is_type&page&per_page */
async function list(c: Context<AppEnv>) {
  const db = c.get('services').db as Db;
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  const type = typeOf(input.is_type);
  const paging = pagingOf(input, 100, 30);
  const target = type === 0 ? and(eq(goods.id, favorites.out_id), isNull(goods.deleted_at)) : and(eq(stores.id, favorites.out_id), isNull(stores.deleted_at));
  const counted = db.select({ n: sql<string>`count(*)` }).from(favorites);
  const [{ n }] = await (type === 0 ? counted.innerJoin(goods, target) : counted.innerJoin(stores, target)).where(ownFavorites(userId, type));
  const offset = (paging.page - 1) * paging.perPage;
  const data: unknown[] = type === 0 ? await favoriteGoodsRows(db, userId, paging.perPage, offset) : await favoriteStoreRows(db, userId, paging.perPage, offset);
  return ok(c, paginator(data, Number(n), paging));
}

/** DELETE /api/user/favorites/:ids — own rows only (none of them → 404). */
async function remove(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  const ids = pathIds(c.req.param('ids') ?? '');
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(favorites)
      .set({ deleted_at: sql`now()` })
      .where(and(inArray(favorites.id, ids), eq(favorites.user_id, userId), isNull(favorites.deleted_at)))
      .returning({ out_id: favorites.out_id, is_type: favorites.is_type });
    await recountCollect(
      tx,
      rows.filter((r) => r.is_type === 0).map((r) => r.out_id),
    );
    return rows.length;
  });
  if (removed === 0) throw fail('shop.favNotFound', undefined, 404);
  return ok(c, removed);
}

export function mountFavorites(api: Hono<AppEnv>) {
  api.get('/is_fav', isFav);
  api.use('/user/favorites', requireAuth('user'));
  api.use('/user/favorites/*', requireAuth('user'));
  api.get('/user/favorites', list);
  api.post('/user/favorites', toggle);
  api.delete('/user/favorites/:ids', remove);
}
