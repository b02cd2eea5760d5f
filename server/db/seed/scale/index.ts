import { sql } from 'drizzle-orm';
import type { Db } from '../../client';
import { hashPassword } from '../../../http/password';
import { readTaskConfig } from '../../../modules/orders/taskConfig';
import { readPointsRate } from '../../../modules/points/config';
import { refreshGoodsRating } from '../../../modules/reviews/rating';
import { readMoneyRates } from '../../../modules/settlement/rates';
import { DEMO_PASSWORD } from '../accounts';
import { demoImagesFor, ensureBrands, ensureClasses, type ScaleBrand, type ScaleClasses } from './classes';
import { sampleGoods, writeGoods } from './goods';
import { loadMarket } from './market';
import { applyTotals, orderTimes, writeOrders } from './orders';
import { prng } from './random';
import { DAY, wallNow } from './rows';
import { nextRun } from './run';
import { planShoppers, writeShoppers } from './shoppers';
import { loadPlaces, writeStores } from './stores';

/**
 * `npm run seed -- --goods N --orders N`: adds a mid-size marketplace to an existing database
 * (docs/benchmarks.md measures lists and hot paths on it). One transaction per call; a second
 * call adds another run beside the first (server/db/seed/scale/run.ts). The demo accounts keep
 * their own data: bulk orders are placed by new shoppers in bulk stores.
 */
export interface ScaleOptions {
  goods: number;
  orders: number;
  /** Stores for the goods (default: one per ~330 goods, at least 20, at most 600). */
  stores?: number;
  /** Shoppers for the orders (default: one per 6 orders, at least 10). */
  shoppers?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface ScaleResult {
  run: number;
  goods: number;
  visible: number;
  stores: { total: number; open: number };
  orders: number;
  shoppers: number;
  classes: ScaleClasses;
  brands: ScaleBrand[];
  /** Classes and brands this run created (the rest existed). */
  createdClasses: number[];
  createdBrands: number[];
  /** A few visible goods of this run (goods pages for benches). */
  sampleIds: number[];
  ms: number;
}

/** When a call asks for orders and no bulk goods exist yet, this many goods come first. */
export const GOODS_FOR_ORDERS = 2_000;

export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const phase = (what: string) => log(`[seed] ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const result = await db.transaction(async (tx) => {
    // one merge of the search index's pending entries at the end (vacuum below), not one every 4 MB
    await tx.execute(sql`set local gin_pending_list_limit = '256MB'`);
    const run = await nextRun(tx);
    const r = prng((opts.seed ?? 20261121) + run * 7919);
    const nowMs = await wallNow(tx);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const places = await loadPlaces(tx);
    const classes = await ensureClasses(tx);
    const { brands, created: createdBrands } = await ensureBrands(tx);
    let goodsCount = opts.goods;
    if (opts.orders > 0 && goodsCount === 0) {
      const existing = await tx.execute(sql`select exists (select 1 from goods where goods_no like 'BN%' and deleted_at is null) as any`);
      if (!(existing as unknown as { rows: { any: boolean }[] }).rows[0].any) goodsCount = GOODS_FOR_ORDERS;
    }
    let visible = 0;
    let storeList: Awaited<ReturnType<typeof writeStores>> = [];
    if (goodsCount > 0) {
      const storeCount = opts.stores ?? Math.min(600, Math.max(20, Math.round(goodsCount / 330)));
      storeList = await writeStores(tx, { run, count: storeCount, r, classes, brands, places, passwordHash, nowMs });
      phase(`run ${run}: ${storeCount} stores with their owners`);
      visible = await writeGoods(tx, { run, count: goodsCount, r, classes, brands, stores: storeList, images: await demoImagesFor(tx, classes), nowMs, log });
      phase(`${goodsCount} goods (${visible} visible)`);
    }
    let shopperCount = 0;
    if (opts.orders > 0) {
      const market = await loadMarket(tx);
      const windowMs = 365 * DAY;
      shopperCount = opts.shoppers ?? Math.max(10, Math.ceil(opts.orders / 6));
      const shoppers = await planShoppers(tx, { run, count: shopperCount, r, places, nowMs, windowMs });
      const [task, rates, pointsRate] = [await readTaskConfig(tx), await readMoneyRates(tx), await readPointsRate(tx)];
      phase(`${market.wares.length} goods on sale in ${market.stores.size} stores`);
      const { storeMoney, sold } = await writeOrders(tx, {
        run, r, market, shoppers, nowMs, task, commissionBp: rates.commissionBp, pointsRate, log,
        times: orderTimes(r, opts.orders, nowMs, windowMs),
      });
      phase(`${opts.orders} orders`);
      await writeShoppers(tx, shoppers, { r, passwordHash, nowMs });
      await applyTotals(tx, storeMoney, sold);
      await refreshGoodsRating(tx);
      phase(`${shopperCount} shoppers, balances, sales and review counts`);
    }
    return {
      run,
      goods: goodsCount,
      visible,
      stores: { total: storeList.length, open: storeList.filter((s) => s.open).length },
      orders: opts.orders,
      shoppers: shopperCount,
      classes,
      brands,
      createdClasses: classes.created,
      createdBrands,
      sampleIds: goodsCount > 0 ? await sampleGoods(tx, run) : [],
    };
  });
  // statistics and the search index's pending list, as on a settled database
  for (const table of ['goods', 'goods_skus', 'stores', 'users', 'orders', 'order_goods', 'order_logs', 'order_pays', 'order_comments', 'money_logs', 'refunds', 'order_settlements']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  phase('vacuum analyze');
  return { ...result, ms: Date.now() - started };
}
