import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountCheckout } from './checkout';
import { mountShopperOrders } from './shopperOrders';

/** The shopper's side of orders (docs/orders-api.md): checkout and own orders. */
export function mountOrders(api: Hono<AppEnv>) {
  mountCheckout(api);
  mountShopperOrders(api);
}
