import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import { carts, goods, goods_skus, stores, users } from '../../db/schema';
import { callerOf, requireAuth } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../../http/crud/listQuery';
import { cartCount } from '../common/service';
import { goodsIsPublic, goodsVisible, idParam, intParam, pathIds, storeIsOpen, type Executor } from './shared';

/**
 * The shopper's cart (docs/catalogue-api.md "Shopper", reference §6.1). Prices and stock are
 * read live; a quantity never exceeds the stock of the SKU (or of the goods without SKUs), and
 * that check is part of the writing statement itself, so concurrent adds cannot overshoot.
 */
const MAX_BUY = 99_999;

/** buy_num: a whole number 1..MAX_BUY (`fallback` when absent); else a 422 naming buy_num. */
function buyNumOf(raw: unknown, fallback?: number): number {
  if ((raw === undefined || raw === '') && fallback !== undefined) return fallback;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw fail('shop.buyNum', undefined, 422, { field: 'buy_num' });
  if (Number(text) > MAX_BUY) throw fail('fieldTooLarge', { field: 'buy_num', max: MAX_BUY }, 422, { field: 'buy_num' });
  return Number(text);
}

/** Stock of the line's SKU (or of the goods when sku_id is 0), as SQL over the carts row or given ids. */
const stockOf = (goodsId: unknown, skuId: unknown) => sql`(case when ${skuId} = 0
  then (select ${goods.goods_stock} from ${goods} where ${goods.id} = ${goodsId})
  else (select s.goods_stock from ${goods_skus} s where s.id = ${skuId} and s.goods_id = ${goodsId} and s.deleted_at is null) end)`;

const overStock = (stock: number) => fail('shop.overStock', { stock }, 422, { field: 'buy_num', stock });

const sku = alias(goods_skus, 'sku');

/** Line presentation: live name, image, price, stock, and whether it can still be bought. */
async function cartLines(db: Executor, userId: number, lineIds?: number[]) {
  const hasSkus = sql`exists (select 1 from ${goods_skus} s2 where s2.goods_id = "carts"."goods_id" and s2.deleted_at is null)`;
  return db
    .select({
      cart_id: carts.id,
      goods_id: carts.goods_id,
      sku_id: carts.sku_id,
      store_id: carts.store_id,
      store_name: sql<string>`coalesce(${stores.store_name}, '')`,
      goods_name: sql<string>`coalesce(${goods.goods_name}, '')`,
      goods_image: sql<string>`coalesce(nullif(${sku.goods_image}, ''), ${goods.goods_master_image}, '')`,
      sku_name: sql<string>`coalesce(${sku.sku_name}, '')`,
      goods_price: sql<string>`coalesce(${sku.goods_price}, ${goods.goods_price}, 0.00)::text`,
      goods_stock: sql<number>`coalesce(case when ${carts.sku_id} = 0 then ${goods.goods_stock} else ${sku.goods_stock} end, 0)::int`,
      buy_num: carts.buy_num,
      available: sql<boolean>`(${goods.id} is not null and ${goodsIsPublic} and ${stores.id} is not null and ${storeIsOpen}
        and (case when ${carts.sku_id} = 0 then not ${hasSkus} else ${sku.id} is not null end))`,
    })
    .from(carts)
    .leftJoin(goods, eq(goods.id, carts.goods_id))
    .leftJoin(stores, eq(stores.id, carts.store_id))
    .leftJoin(sku, and(eq(sku.id, carts.sku_id), eq(sku.goods_id, carts.goods_id), isNull(sku.deleted_at)))
    .where(and(eq(carts.user_id, userId), isNull(carts.deleted_at), lineIds ? inArray(carts.id, lineIds) : undefined))
    .orderBy(desc(carts.id));
}

const present = (line: Awaited<ReturnType<typeof cartLines>>[number]) => {
  const { store_id: _s, store_name: _n, ...rest } = line;
  return { ...rest, goods_price: Number(rest.goods_price).toFixed(2), available: Boolean(rest.available) };
};

/** GET /api/user/carts: lines grouped by store (most recently added first). */
async function list(c: Context<AppEnv>) {
  const input = await readInput(c);
  // pages of store groups, as the reference's paginated collection (its clients read the paging keys)
  const page = intParam(input.page, 'page', 1, 100_000) ?? 1;
  const perPage = intParam(input.per_page, 'per_page', 1, PER_PAGE_MAX) ?? PER_PAGE_DEFAULT;
  const lines = await cartLines(c.get('services').db, callerOf(c).accountId);
  const groups = new Map<number, { store_id: number; store_name: string; cart_list: ReturnType<typeof present>[] }>();
  for (const line of lines) {
    const group = groups.get(line.store_id) ?? { store_id: line.store_id, store_name: line.store_name, cart_list: [] };
    group.cart_list.push(present(line));
    groups.set(line.store_id, group);
  }
  const all = [...groups.values()];
  return ok(c, {
    data: all.slice((page - 1) * perPage, page * perPage),
    // the number of lines (docs/catalogue-api.md); the pages count store groups
    total: lines.length,
    per_page: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
  });
}

/** POST /api/user/carts {goods_id, sku_id=0, buy_num=1} → {cart_count}. */
async function add(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  const [user] = await db.select({ belong_id: users.belong_id }).from(users).where(eq(users.id, userId));
  if (!user || user.belong_id > 0) throw fail('shop.subAccount', undefined, 403);
  const input = await readInput(c);
  const goodsId = idParam(input.goods_id, 'goods_id');
  const skuId = intParam(input.sku_id, 'sku_id', 0, 2147483647) ?? 0;
  const buyNum = buyNumOf(input.buy_num, 1);

  const [target] = await db
    .select({ id: goods.id, store_id: goods.store_id, stock: goods.goods_stock })
    .from(goods)
    .where(and(eq(goods.id, goodsId), goodsVisible(db)));
  if (!target) throw fail('shop.goodsNotFound', undefined, 404);
  const skus = await db
    .select({ id: goods_skus.id, stock: goods_skus.goods_stock })
    .from(goods_skus)
    .where(and(eq(goods_skus.goods_id, goodsId), isNull(goods_skus.deleted_at)));
  let stock = target.stock;
  if (skus.length > 0) {
    if (skuId === 0) throw fail('shop.skuRequired', undefined, 422, { field: 'sku_id' });
    const sku = skus.find((s) => s.id === skuId);
    if (!sku) throw fail('shop.badSku', undefined, 422, { field: 'sku_id' });
    stock = sku.stock;
  } else if (skuId !== 0) throw fail('shop.noSku', undefined, 422, { field: 'sku_id' });
  if (buyNum > stock) throw overStock(stock);

  // insert or add to the live line, in one statement that refuses to pass the stock
  const written = await db.execute(sql`
    insert into ${carts} (user_id, goods_id, sku_id, store_id, buy_num)
    select ${userId}, ${goodsId}, ${skuId}, ${target.store_id}, ${buyNum}
    where ${buyNum} <= ${stockOf(sql`${goodsId}::int`, sql`${skuId}::int`)}
    on conflict (user_id, goods_id, sku_id) where deleted_at is null
    do update set buy_num = ${carts}.buy_num + excluded.buy_num, store_id = excluded.store_id, updated_at = now()
      where ${carts}.buy_num + excluded.buy_num <= ${stockOf(sql`excluded.goods_id`, sql`excluded.sku_id`)}
    returning id`);
  const rows = (written as unknown as { rows: unknown[] }).rows;
  if (rows.length === 0) {
    const [line] = await db
      .select({ buy_num: carts.buy_num })
      .from(carts)
      .where(and(eq(carts.user_id, userId), eq(carts.goods_id, goodsId), eq(carts.sku_id, skuId), isNull(carts.deleted_at)));
    throw overStock(Math.max(0, stock - (line?.buy_num ?? 0)));
  }
  return ok(c, { cart_count: await cartCount(db, userId) });
}

/** PUT /api/user/carts/:id {buy_num}: sets the quantity (1..stock) of an own line → the line. */
async function update(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  const id = idParam(c.req.param('id'), 'id');
  const input = await readInput(c);
  const own = and(eq(carts.id, id), eq(carts.user_id, userId), isNull(carts.deleted_at));
  const [line] = await db.select({ goods_id: carts.goods_id, sku_id: carts.sku_id }).from(carts).where(own);
  if (!line) throw fail('shop.cartNotFound', undefined, 404);
  const buyNum = buyNumOf(input.buy_num);
  const updated = await db
    .update(carts)
    .set({ buy_num: buyNum })
    .where(and(own, sql`${buyNum} <= ${stockOf(sql.raw('"carts"."goods_id"'), sql.raw('"carts"."sku_id"'))}`))
    .returning({ id: carts.id });
  if (updated.length === 0) {
    const [row] = await db.select({ stock: sql<number>`coalesce(${stockOf(sql.raw('"carts"."goods_id"'), sql.raw('"carts"."sku_id"'))}, 0)::int` }).from(carts).where(eq(carts.id, id));
    throw overStock(Number(row?.stock ?? 0));
  }
  const [fresh] = await cartLines(db, userId, [id]);
  return ok(c, present(fresh));
}

/** DELETE /api/user/carts/:ids — own lines only (none of them → 404). */
async function remove(c: Context<AppEnv>) {
  const db = c.get('services').db;
  const userId = callerOf(c).accountId;
  const ids = pathIds(c.req.param('ids') ?? '');
  const removed = await db
    .update(carts)
    .set({ deleted_at: sql`now()` })
    .where(and(inArray(carts.id, ids), eq(carts.user_id, userId), isNull(carts.deleted_at)))
    .returning({ id: carts.id });
  if (removed.length === 0) throw fail('shop.cartNotFound', undefined, 404);
  return ok(c, { deleted: removed.length, cart_count: await cartCount(db, userId) });
}

export function mountCarts(api: Hono<AppEnv>) {
  api.use('/user/carts', requireAuth('user'));
  api.use('/user/carts/*', requireAuth('user'));
  api.get('/user/carts', list);
  api.post('/user/carts', add);
  api.put('/user/carts/:id', update);
  api.delete('/user/carts/:ids', remove);
}
