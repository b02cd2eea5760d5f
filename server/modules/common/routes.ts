import type { Hono } from 'hono';
import { resolveCaller } from '../../http/auth';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/envelope';
import { cartCount, publicSettingsOf } from './service';

/** Public site data: GET /api/common and GET /api/cart_count (anonymous callers get 0). */
export function mountCommon(api: Hono<AppEnv>) {
  api.get('/common', async (c) => {
    const { db } = c.get('services');
    // anonymous visitors (most of the traffic) cost no query at all
    const caller = c.req.header('authorization') ? await resolveCaller(c, { areas: ['user'] }) : null;
    return ok(c, {
      classes: [],
      brands: [],
      common: await publicSettingsOf(db),
      ip: clientIp(c),
      cart: await cartCount(db, caller?.accountId ?? null),
    });
  });
  api.get('/cart_count', async (c) => {
    const caller = await resolveCaller(c, { areas: ['user'] });
    return ok(c, await cartCount(c.get('services').db, caller?.accountId ?? null));
  });
}
