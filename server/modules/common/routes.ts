import type { Hono } from 'hono';
import { resolveCaller } from '../../http/auth';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import { langOf, ok } from '../../http/envelope';
import { t } from '../../http/messages';
import { catalogueOf } from '../shop/classes';
import { cartCount, publicSettingsOf } from './service';

const serialised = new WeakMap<object, { common: object; json: string }>();

function sharedJson(catalogue: Awaited<ReturnType<typeof catalogueOf>>, common: object): string {
  const hit = serialised.get(catalogue);
  if (hit && hit.common === common) return hit.json;
  const json = JSON.stringify({ classes: catalogue.tree, brands: catalogue.brands, common }).slice(1, -1);
  serialised.set(catalogue, { common, json });
  return json;
}

/** Public site data: GET /api/common and GET /api/cart_count (anonymous callers get 0). */
export function mountCommon(api: Hono<AppEnv>) {
  api.get('/common', async (c) => {
    const { db } = c.get('services');
    // anonymous visitors (most of the traffic) cost no query at all: settings, classes and
    // brands are memoised; only the per-user cart count reads the database
    const caller = c.req.header('authorization') ? await resolveCaller(c, { areas: ['user'] }) : null;
    const [common, catalogue, cart] = await Promise.all([publicSettingsOf(db), catalogueOf(db), cartCount(db, caller?.accountId ?? null)]);
    // the shared part (class tree, brands, settings: ~7 KB) is serialised once per memo
    // version, not per request; only the caller's ip and cart count are added
    const shared = sharedJson(catalogue, common);
    const body = `{"code":200,"msg":${JSON.stringify(t('ok', langOf(c)))},"data":{${shared},"ip":${JSON.stringify(clientIp(c))},"cart":${JSON.stringify(cart)}}}`;
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });
  api.get('/cart_count', async (c) => {
    const caller = await resolveCaller(c, { areas: ['user'] });
    return ok(c, await cartCount(c.get('services').db, caller?.accountId ?? null));
  });
}
