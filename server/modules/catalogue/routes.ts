import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { dbOf } from '../admin-system/shared';
import { forgetCatalogue } from '../shop/classes';
import { forgetSearch } from '../shop/goodsSearch';
import { forgetHome } from '../shop/home';
import { mountGoodsAttrs } from './attrs';
import { mountGoodsBrands } from './brands';
import { mountGoodsClasses } from './classes';
import { mountFreights } from './freights';
import { mountGoods } from './goods';
import { mountAdminStores } from './stores';

/**
 * Class and brand writes show at once in /api/common, the home floors and goods search on this
 * instance (others within the memo time).
 */
const forgetShopMemos: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET') {
    forgetCatalogue(dbOf(c));
    forgetHome(dbOf(c));
    forgetSearch(dbOf(c));
  }
};

/** Goods and store writes change the home floors and search answers. */
const forgetGoodsMemos: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'GET') {
    forgetHome(dbOf(c));
    forgetSearch(dbOf(c));
  }
};

/** The catalogue in the consoles: /api/Seller/{goods, goods_attrs, goods_brands, store_classes, freights}, /api/Admin/{goods, goods_classes, goods_brands, stores}. */
export function mountCatalogue(api: Hono<AppEnv>) {
  for (const path of ['/Admin/goods_classes', '/Admin/goods_brands']) {
    api.use(path, forgetShopMemos);
    api.use(`${path}/*`, forgetShopMemos);
  }
  for (const path of ['/Admin/goods', '/Seller/goods', '/Admin/stores']) {
    api.use(path, forgetGoodsMemos);
    api.use(`${path}/*`, forgetGoodsMemos);
  }
  mountGoodsClasses(api);
  mountGoodsBrands(api);
  mountGoodsAttrs(api);
  mountGoods(api);
  mountAdminStores(api);
  mountFreights(api as unknown as Hono);
}
