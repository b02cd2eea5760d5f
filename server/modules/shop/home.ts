import { and, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { goods, stores } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { memoFor } from '../../http/memo';
import { catalogueOf, withDescendants } from './classes';
import { goodsIsPublic, storeIsOpen } from './shared';

/**
 * GET /api/home: one floor per top class with visible goods — up to 8 goods of its classes,
 * `is_master desc, goods_sale desc, id desc`. One statement (a window per top class), read at
 * most once per HOME_TTL_MS per instance: it is the same for everyone.
 */
export const HOME_TTL_MS = 5000;
const PER_FLOOR = 8;

interface HomeGoods {
  id: number;
  goods_name: string;
  goods_subname: string;
  goods_master_image: string;
  goods_price: string;
  goods_market_price: string;
}
export interface HomeFloor {
  id: number;
  name: string;
  /** The top class's English name ('' when it has none). */
  ename: string;
  goods: HomeGoods[];
}

async function loadHome(db: Db): Promise<{ goods: HomeFloor[] }> {
  const catalogue = await catalogueOf(db);
  const topOf = new Map<number, number>();
  for (const top of catalogue.tree) for (const id of withDescendants(catalogue, [top.id])) topOf.set(id, top.id);
  if (topOf.size === 0) return { goods: [] };
  // class → top class as a VALUES list joined in, so the window can partition by floor
  const pairs = sql.join(
    [...topOf].map(([classId, topId]) => sql`(${classId}::int, ${topId}::int)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select top_id, id, goods_name, goods_subname, goods_master_image, goods_price, goods_market_price from (
      select f.top_id, ${goods.id} as id, ${goods.goods_name} as goods_name, ${goods.goods_subname} as goods_subname,
        ${goods.goods_master_image} as goods_master_image, ${goods.goods_price} as goods_price,
        ${goods.goods_market_price} as goods_market_price,
        row_number() over (partition by f.top_id order by ${goods.is_master} desc, ${goods.goods_sale} desc, ${goods.id} desc) as n
      from ${goods}
      join (values ${pairs}) as f(class_id, top_id) on f.class_id = ${goods.class_id}
      where ${and(goodsIsPublic, sql`${goods.store_id} in (select ${stores.id} from ${stores} where ${storeIsOpen})`)}
    ) ranked where n <= ${PER_FLOOR} order by top_id, n`);
  const rows = (result as unknown as { rows: (HomeGoods & { top_id: number })[] }).rows;
  const byTop = new Map<number, HomeGoods[]>();
  for (const { top_id, ...row } of rows) {
    const list = byTop.get(Number(top_id)) ?? [];
    list.push({ ...row, id: Number(row.id) });
    byTop.set(Number(top_id), list);
  }
  return {
    goods: catalogue.tree
      .filter((top) => byTop.has(top.id))
      .map((top) => ({ id: top.id, name: top.name, ename: top.ename, goods: byTop.get(top.id)! })),
  };
}

const memos = new WeakMap<Db, ReturnType<typeof memoFor<{ goods: HomeFloor[] }>>>();

export function homeOf(db: Db) {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = memoFor(HOME_TTL_MS, () => loadHome(db))));
  return memo.get();
}

/** Forget the memoised home page of this instance (tests, or after a bulk catalogue change). */
export function forgetHome(db: Db): void {
  memos.get(db)?.clear();
}

async function home(c: Context<AppEnv>) {
  return ok(c, await homeOf(c.get('services').db));
}

export function mountHome(api: Hono<AppEnv>) {
  api.get('/home', home);
}
