import type { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { mountPointsAdmin } from './admin';
import { mountPointsShop } from './shop';

/** The points mall: the storefront and buyer routes, and the operator's pages. */
export function mountPoints(api: Hono<AppEnv>) {
  mountPointsShop(api);
  mountPointsAdmin(api);
}
