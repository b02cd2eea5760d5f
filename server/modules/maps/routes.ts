import type { Hono } from 'hono';
import { z } from 'zod';
import { resolveCaller } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { formText } from '../../http/crud';
import { validateIn } from '../../http/crud/validate';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { enforce } from '../../http/rate-limit';
import { geocode, GeocodeError } from './geocode';
import { amapProxy } from './proxy';
import { loadMapSettings } from './settings';
import './messages';

/**
 * POST /api/map/geocode {address, city?} → {lng, lat, address}: for a logged-in shopper (store
 * application) or store (store settings), GEOCODE_PER_HOUR per account. GET /api/_AMapService/*:
 * the JS API's security proxy (./proxy.ts).
 */
export const GEOCODE_PER_HOUR = 60;

const geocodeSchema = z.object({ address: formText({ min: 2, max: 120 }), city: formText({ max: 40 }).optional() });

export function mountMaps(api: Hono<AppEnv>) {
  api.post('/map/geocode', async (c) => {
    const caller = await resolveCaller(c, { areas: ['user', 'seller'] });
    if (!caller?.allowed) throw fail('unauthorized', undefined, 401);
    const input = validateIn(geocodeSchema, await readInput(c), langOf(c));
    const { db } = c.get('services');
    const settings = await loadMapSettings(db);
    if (!settings.key) throw fail('map.notConfigured', undefined, 422, { field: 'address' });
    await enforce(db, `geocode:${caller.accountId}`, GEOCODE_PER_HOUR, 3600);
    try {
      return ok(c, await geocode(settings.key, input.address, input.city ?? ''));
    } catch (err) {
      if (!(err instanceof GeocodeError)) throw err;
      console.warn(`[map:amap] geocode refused: ${err.providerCode}`);
      if (err.kind === 'notFound') throw fail('map.notFound', undefined, 422, { field: 'address' });
      throw fail(err.kind === 'rejected' ? 'map.rejected' : 'map.unreachable', undefined, 503);
    }
  });
  api.get('/_AMapService/*', amapProxy);
}
