import type { Hono } from 'hono';
import { resolveCaller } from '../../http/auth';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { catalogueOf } from '../shop/classes';
import { cartCount, publicSettingsOf } from './service';

/** Public site data: GET /api/common and GET /api/cart_count (anonymous callers get 0). */
export function mountCommon(api: Hono<AppEnv>) {
  api.get('/common', async (c) => {
    const { db } = c.get('services');
    // anonymous visitors (most of the traffic) cost no query at all: settings, classes and
    // brands are memoised; only the per-user cart count reads the database
    const caller = c.req.header('authorization') ? await resolveCaller(c, { areas: ['user'] }) : null;
    const [common, catalogue, cart] = await Promise.all([publicSettingsOf(db), catalogueOf(db), cartCount(db, caller?.accountId ?? null)]);
    return ok(c, {
      classes: catalogue.tree,
      brands: catalogue.brands,
      common,
      ip: clientIp(c),
      cart,
    });
  });
  api.get('/cart_count', async (c) => {
    const caller = await resolveCaller(c, { areas: ['user'] });
    return ok(c, await cartCount(c.get('services').db, caller?.accountId ?? null));
  });
}
