import type { Context } from 'hono';
import type { AppEnv } from '../../../http/context';
import { ok } from '../../../http/envelope';
import { readConfigJson, settingSection } from '../../common/configJson';
import { loadTrackingSettings, trackingLive } from '../../express/providers';
import { loadMapSettings } from '../../maps/settings';
import { OAUTH_APPS, oauthAppLive } from '../../oauth/settings';
import { loadSmsSettings, smsLive } from '../../sms/providers';
import { dbOf } from '../shared';

/**
 * GET /api/Admin/configs/providers: which provider of each kind is live and which runs in test
 * mode, by the same rules the modules use, for the console's settings pages (no key is in it).
 */
export async function providerStatus(c: Context<AppEnv>): Promise<Response> {
  const db = dbOf(c);
  const [sms, tracking, map, oauth] = await Promise.all([loadSmsSettings(db), loadTrackingSettings(db), loadMapSettings(db), readConfigJson(db, 'oauth')]);
  return ok(c, {
    sms: { provider: sms.provider, live: smsLive(sms) },
    tracking: { provider: tracking.provider, live: trackingLive(tracking) },
    map: { provider: 'amap', live: map.jsapi !== '', geocode: map.key !== '', security: map.security !== '' },
    oauth: Object.fromEntries(OAUTH_APPS.map((name) => [name, { provider: 'wechat', live: oauthAppLive(settingSection(oauth[name])) }])),
  });
}
