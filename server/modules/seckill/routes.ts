import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountPromotionTables } from './resources';
import { mountPromotionShop } from './shop';

/** Flash sales and group buying (docs/seckill.md): back-office tables and storefront reads. */
export function mountSeckill(api: Hono<AppEnv>) {
  mountPromotionTables(api);
  mountPromotionShop(api);
}
