import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { favorites, goods, stores } from '../../db/schema';
import { callerOf, requireAuth, resolveCaller } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { goodsCard, goodsVisible, idParam, intParam, paginator, pagingOf, pathIds, storeIsOpen, type Executor } from './shared';

/**
 * Favourite goods (is_type 0) and followed stores (is_type 1), docs/catalogue-api.md "Shopper".
 * POST toggles; goods_collect follows the goods' live favourites.
 */
type FavType = 0 | 1;

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

/** GET /api/user/favorites?is_type&page&per_page */
async function list(c: Context<AppEnv>) {
  const db = c.get('services').db as Db;
  const userId = callerOf(c).accountId;
  const input = await readInput(c);
  const type = typeOf(input.is_type);
  const paging = pagingOf(input, 100, 30);
  const where = and(eq(favorites.user_id, userId), eq(favorites.is_type, type), isNull(favorites.deleted_at));
  const offset = (paging.page - 1) * paging.perPage;
  const [{ n }] = await db.select({ n: sql<string>`count(*)` }).from(favorites).where(where);
  let data: unknown[];
  if (type === 0) {
    const rows = await db
      .select({ id: favorites.id, out_id: favorites.out_id, goods: goodsCard })
      .from(favorites)
      .innerJoin(goods, eq(goods.id, favorites.out_id))
      .where(where)
      .orderBy(desc(favorites.id))
      .limit(paging.perPage)
      .offset(offset);
    data = rows;
  } else {
    const rows = await db
      .select({ id: favorites.id, out_id: favorites.out_id, store: { id: stores.id, store_name: stores.store_name, store_logo: stores.store_logo } })
      .from(favorites)
      .innerJoin(stores, eq(stores.id, favorites.out_id))
      .where(where)
      .orderBy(desc(favorites.id))
      .limit(paging.perPage)
      .offset(offset);
    data = rows;
  }
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
