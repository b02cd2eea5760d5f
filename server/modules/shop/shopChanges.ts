import { sql } from 'drizzle-orm';
import type { Hono, MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { forgetAreaTree } from '../content/areaTree';
import { forgetCatalogue } from './classes';
import { forgetSearch } from './goodsSearch';
import { forgetHome } from './home';

/**
 * The shop's memos (class tree, home floors, search answers) follow catalogue writes on every
 * instance: a write forgets this instance's memos and bumps the `shop_changes` sequence after it
 * committed; every instance reads the sequence at most once per CHECK_MS while shoppers search
 * and forgets its memos when it moved. So a search answer may be kept long (SEARCH_CACHE_MS)
 * and still show a change everywhere within about a second.
 */
export const CHECK_MS = 1000;

interface Seen { version: bigint | null; checkedAt: number; checking: boolean }
const seen = new WeakMap<Db, Seen>();

function seenOf(db: Db): Seen {
  let s = seen.get(db);
  if (!s) seen.set(db, (s = { version: null, checkedAt: 0, checking: false }));
  return s;
}

const generations = new WeakMap<Db, number>();

function forgetHere(db: Db) {
  forgetCatalogue(db);
  forgetHome(db);
  forgetSearch(db);
  forgetAreaTree(db);
  generations.set(db, shopGeneration(db) + 1);
}

/** How many times this instance forgot its shop memos: what was built from them is outdated when it moved. */
export function shopGeneration(db: Db): number {
  return generations.get(db) ?? 0;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The sequence's value: 0 until its first bump. */
async function versionOf(db: Db): Promise<bigint> {
  const [row] = rowsOf(await db.execute(sql`select case when is_called then last_value else 0 end as v from shop_changes`));
  return BigInt(String(row.v));
}

/** After a committed write that changes what the shop shows. A failed bump is logged: the write stands, others catch up by time. */
export async function shopChanged(db: Db): Promise<void> {
  forgetHere(db);
  const s = seenOf(db);
  try {
    const [row] = rowsOf(await db.execute(sql`select nextval('shop_changes') as v`));
    const bumped = BigInt(String(row.v));
    // our own bump needs no second forgetting; a gap means another instance wrote too
    if (s.version !== null && bumped === s.version + 1n) s.version = bumped;
  } catch (err) {
    console.error('[souk] shop_changes not bumped', err);
  }
}

/** Compare the sequence if CHECK_MS passed since the last look; never makes the caller wait. */
export function followShopChanges(db: Db): void {
  const s = seenOf(db);
  const now = Date.now();
  if (s.checking || now - s.checkedAt < CHECK_MS) return;
  s.checking = true;
  s.checkedAt = now;
  versionOf(db)
    .then((version) => {
      if (s.version !== null && version !== s.version) forgetHere(db);
      s.version = version;
    })
    .catch((err) => console.error('[souk] shop_changes not read', err))
    .finally(() => {
      s.checking = false;
    });
}

/** The public reads that serve shop memos. */
const FOLLOWING = ['/goods', '/home', '/common', '/load_areas'];
/** Console resources whose writes change what the shop shows: goods, classes, brands, stores (approvals, settings), adverts, promotions, areas (the cached area tree). */
const ANNOUNCING = ['/Admin/goods_classes', '/Admin/goods_brands', '/Admin/goods', '/Seller/goods', '/Seller/goods_attrs', '/Admin/stores', '/Seller/stores', '/Admin/advs', '/Seller/seckills', '/Admin/seckills', '/Seller/collectives', '/Admin/collectives', '/Seller/coupons', '/Admin/coupons', '/Seller/full_reductions', '/Admin/full_reductions', '/Admin/areas'];

/** Mounted before every route (a middleware only runs for handlers registered after it). */
export function mountShopChanges(api: Hono<AppEnv>) {
  const follow: MiddlewareHandler<AppEnv> = async (c, next) => {
    followShopChanges(c.get('services').db);
    await next();
  };
  const announce: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await shopChanged(c.get('services').db);
  };
  for (const path of FOLLOWING) api.get(path, follow);
  for (const path of ANNOUNCING) {
    api.use(path, announce);
    api.use(`${path}/*`, announce);
  }
}
