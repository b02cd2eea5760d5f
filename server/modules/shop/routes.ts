import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountAddresses } from './addresses';
import { mountCarts } from './carts';
import { mountClasses } from './classes';
import { mountComments } from './comments';
import { mountFavorites } from './favorites';
import { mountGoodsDetail } from './goodsDetail';
import { mountGoodsSearch } from './goodsSearch';
import { mountHome } from './home';
import { mountStoreApply } from './storeApply';
import { mountStores } from './stores';

/** The storefront (public) and shopper endpoints of docs/catalogue-api.md. */
export function mountShop(api: Hono<AppEnv>) {
  mountClasses(api);
  mountHome(api);
  mountGoodsSearch(api);
  mountGoodsDetail(api);
  mountComments(api);
  mountStoreApply(api);
  mountStores(api);
  mountFavorites(api);
  mountCarts(api);
  mountAddresses(api);
}
