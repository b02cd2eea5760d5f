import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountGoodsAttrs } from './attrs';
import { mountGoodsBrands } from './brands';
import { mountGoodsClasses } from './classes';
import { mountFreights } from './freights';
import { mountGoods } from './goods';
import { mountAdminStores } from './stores';

/**
 * The catalogue in the consoles: /api/Seller/{goods, goods_attrs, goods_brands, store_classes, freights}, /api/Admin/{goods, goods_classes, goods_brands, stores}.
 * Their writes reach the shop's memos through shop/shopChanges.ts.
 */
export function mountCatalogue(api: Hono<AppEnv>) {
  mountGoodsClasses(api);
  mountGoodsBrands(api);
  mountGoodsAttrs(api);
  mountGoods(api);
  mountAdminStores(api);
  mountFreights(api);
}
