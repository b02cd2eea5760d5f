import { and, asc, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { integral_goods, integral_goods_classes, integral_orders } from '../../db/schema';
import { callerOf, requireAuth } from '../../http/auth';
import { escapeLike } from '../../http/crud';
import type { AppEnv } from '../../http/context';
import { fail, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { addressIdOf, clientIdemKeyOf, DERIVED_KEY_SECONDS, derivedKey } from '../orders/checkoutInput';
import { idParam, intParam, keywordsOf, paginator, pagingOf, paramsOf } from '../shop/shared';
import { goodsCard, goodsDetail, orderColumns, presentDetail } from './present';
import { MAX_BUY_NUM, redeem } from './redeem';
import './messages';

/**
 * The storefront's points mall (reference §1.4, §1.5, screens §3.13–§3.16) and the buyer's points
 * orders: GET /integral/home, /integral/class, /integral/goods, /integral/goods/{id};
 * POST /integral/pay; GET /user/integral_orders, /user/integral_orders/{id} (own orders only,
 * the reference's unscoped list is bug S4).
 */
const dbOf = (c: Context<AppEnv>) => c.get('services').db;
const onShelf = and(eq(integral_goods.goods_status, 1), isNull(integral_goods.deleted_at))!;
const HOME_PER_CLASS = 4;
const SORTS = { goods_price: integral_goods.goods_price, goods_sale: integral_goods.goods_sale, created_at: integral_goods.id } as const;

async function classes(db: Db) {
  return db.select({ id: integral_goods_classes.id, name: integral_goods_classes.name, ename: integral_goods_classes.ename }).from(integral_goods_classes).where(isNull(integral_goods_classes.deleted_at)).orderBy(asc(integral_goods_classes.id));
}

/** GET /integral/home → {recommend, list: [{id, name, integral_goods}], banner: []}; up to 4 goods per class. */
async function home(c: Context<AppEnv>) {
  const db = dbOf(c);
  const recommend = await db.select(goodsCard).from(integral_goods).where(and(onShelf, eq(integral_goods.is_recommend, 1))).orderBy(desc(integral_goods.id)).limit(8);
  const list = await Promise.all(
    (await classes(db)).map(async (cls) => ({
      ...cls,
      integral_goods: await db.select(goodsCard).from(integral_goods).where(and(onShelf, eq(integral_goods.cid, cls.id))).orderBy(desc(integral_goods.id)).limit(HOME_PER_CLASS),
    })),
  );
  return ok(c, { recommend, list: list.filter((cls) => cls.integral_goods.length > 0), banner: [] });
}

/** GET /integral/goods?params=base64({cid, sort_type, sort_order, keywords})&page&per_page */
async function search(c: Context<AppEnv>) {
  const db = dbOf(c);
  const input = await readInput(c);
  const params = paramsOf(input.params);
  const paging = pagingOf(input, 60, 30);
  const cid = intParam(params.cid, 'cid', 0, 2147483647);
  const keywords = keywordsOf(params.keywords);
  const sortType = params.sort_type === undefined || params.sort_type === '' ? 'created_at' : String(params.sort_type);
  if (!Object.hasOwn(SORTS, sortType)) throw fail('shop.badParam', { field: 'sort_type' }, 422, { field: 'sort_type' });
  const sortOrder = params.sort_order === 'asc' ? asc : params.sort_order === undefined || params.sort_order === '' || params.sort_order === 'desc' ? desc : null;
  if (!sortOrder) throw fail('shop.badParam', { field: 'sort_order' }, 422, { field: 'sort_order' });
  const where: SQL = and(onShelf, cid ? eq(integral_goods.cid, cid) : undefined, keywords ? ilike(integral_goods.goods_name, `%${escapeLike(keywords)}%`) : undefined)!;
  const [{ n }] = await db.select({ n: count() }).from(integral_goods).where(where);
  const rows = await db
    .select(goodsCard)
    .from(integral_goods)
    .where(where)
    .orderBy(sortOrder(SORTS[sortType as keyof typeof SORTS]), desc(integral_goods.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return ok(c, paginator(rows, Number(n), paging));
}

/** GET /integral/goods/{id} — an on-shelf goods with its gallery and class name (and English name); else 404. */
async function show(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'), 'id');
  const [row] = await dbOf(c)
    .select({ ...goodsDetail, class_name: integral_goods_classes.name, class_ename: integral_goods_classes.ename })
    .from(integral_goods)
    .leftJoin(integral_goods_classes, eq(integral_goods_classes.id, integral_goods.cid))
    .where(and(onShelf, eq(integral_goods.id, id)));
  if (!row) throw fail('points.goodsNotFound', undefined, 404, { field: 'id' });
  return ok(c, { ...presentDetail(row), class_name: row.class_name ?? '', class_ename: row.class_ename ?? '' });
}

function remarkOf(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw fail('fieldInvalid', { field: 'remark' }, 422, { field: 'remark' });
  const text = raw.trim();
  if ([...text].length > 150) throw fail('fieldTooLong', { field: 'remark', max: 150 }, 422, { field: 'remark' });
  return text;
}

/**
 * POST /integral/pay {id, buy_num, address_id, remark, idem_key?} → {order_id, order_no, total_price, integral}.
 * Without idem_key (the reference's clients send none) the key is derived from the shopper and the
 * request and holds for a few seconds (orders/checkoutInput.ts).
 */
async function pay(c: Context<AppEnv>) {
  const { db, config } = c.get('services');
  const input = await readInput(c);
  const goodsId = idParam(input.id, 'id');
  const buyNum = intParam(input.buy_num ?? '1', 'buy_num', 1, MAX_BUY_NUM);
  const addressId = addressIdOf(input.address_id, true)!;
  const remark = remarkOf(input.remark);
  const userId = callerOf(c).accountId;
  const idemKey =
    input.idem_key === undefined || input.idem_key === ''
      ? { key: derivedKey(['integral', userId, goodsId, buyNum ?? 1, addressId, remark]), windowSeconds: DERIVED_KEY_SECONDS }
      : { key: clientIdemKeyOf(input.idem_key) };
  const done = await redeem(db, { userId, goodsId, buyNum: buyNum ?? 1, addressId, remark, idemKey, timeZone: config.timeZone });
  return ok(c, done);
}

const own = (c: Context<AppEnv>) => and(eq(integral_orders.user_id, callerOf(c).accountId), isNull(integral_orders.deleted_at))!;

/** GET /user/integral_orders?page&per_page → the caller's points orders, newest first. */
async function orders(c: Context<AppEnv>) {
  const db = dbOf(c);
  const paging = pagingOf(await readInput(c), 100, 10);
  const where = own(c);
  const [{ n }] = await db.select({ n: count() }).from(integral_orders).where(where);
  const rows = await db.select(orderColumns).from(integral_orders).where(where).orderBy(desc(integral_orders.id)).limit(paging.perPage).offset((paging.page - 1) * paging.perPage);
  return ok(c, paginator(rows, Number(n), paging));
}

/** GET /user/integral_orders/{id} → one of the caller's points orders; another's is a 404. */
async function order(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'), 'id');
  const [row] = await dbOf(c).select(orderColumns).from(integral_orders).where(and(own(c), eq(integral_orders.id, id)));
  if (!row) throw fail('points.orderNotFound', undefined, 404, { field: 'id' });
  return ok(c, row);
}

export function mountPointsShop(api: Hono<AppEnv>) {
  api.get('/integral/home', home);
  api.get('/integral/class', async (c) => ok(c, await classes(dbOf(c))));
  api.get('/integral/goods', search);
  api.get('/integral/goods/:id', show);
  const auth = requireAuth('user');
  api.post('/integral/pay', auth, pay);
  api.get('/user/integral_orders', auth, orders);
  api.get('/user/integral_orders/:id', auth, order);
}
