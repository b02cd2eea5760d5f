import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carts, configs } from '../../db/schema';
import { mapScriptUrl } from '../maps/settings';
import { OAUTH_APPS, oauthAppLive } from '../oauth/settings';
import { smsLive, smsSettings } from '../sms/providers';
import { parseConfigJson, settingSection, settingText } from './configJson';
import { memoFor } from '../../http/memo';

/** The site settings anyone may read; no secret is ever among them. */
const PUBLIC_KEYS = [
  'web_name',
  'logo',
  'index_name',
  'keyword',
  'description',
  'mobile',
  'email',
  'icp',
  'close_status',
  'close_reason',
] as const;

export interface PublicSettings extends Record<(typeof PUBLIC_KEYS)[number], string> {
  /**
   * The AMap JS API: its browser key and the script to load (AMAP_JS_URL overrides it); '' key: no
   * map. The web-service key and the security code are never here (modules/maps).
   */
  amap: { jsapi: string; script: string };
  /** The WeChat logins the operator configured (weixin: official account, weixinweb: QR on PC). */
  oauth: string[];
  /** True while SMS codes only go to the server log (dev provider); the pages say so. */
  sms_test_mode: boolean;
}

/** `common` of GET /api/common: the public scalar settings, the map's browser key, the SMS mode and the WeChat logins on offer. */
export async function publicSettings(db: Db): Promise<PublicSettings> {
  const rows = await db
    .select({ name: configs.name, content: configs.content })
    .from(configs)
    .where(and(inArray(configs.name, [...PUBLIC_KEYS, 'amap', 'sms', 'oauth']), isNull(configs.deleted_at)));
  const byName = new Map(rows.map((row) => [row.name, row.content]));
  const settings = Object.fromEntries(PUBLIC_KEYS.map((key) => [key, byName.get(key) ?? ''])) as Record<(typeof PUBLIC_KEYS)[number], string>;
  const amap = parseConfigJson(byName.get('amap'));
  const oauth = parseConfigJson(byName.get('oauth'));
  return {
    ...settings,
    amap: { jsapi: settingText(amap.jsapi), script: mapScriptUrl() },
    oauth: OAUTH_APPS.filter((name) => oauthAppLive(settingSection(oauth[name]))),
    sms_test_mode: !smsLive(smsSettings(parseConfigJson(byName.get('sms')))),
  };
}

/** Lines in the shopper's cart (docs/catalogue-api.md `cart_count`); 0 for anonymous callers. */
export async function cartCount(db: Db, userId: number | null): Promise<number> {
  if (userId === null) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(carts)
    .where(and(eq(carts.user_id, userId), isNull(carts.deleted_at)));
  return Number(row?.n ?? 0);
}

/** How long a settings change may take to show on /api/common (on other instances too). */
export const SETTINGS_TTL_MS = 5000;
const memos = new WeakMap<Db, ReturnType<typeof memoFor<PublicSettings>>>();

/** publicSettings, read from the database at most once per SETTINGS_TTL_MS. */
export function publicSettingsOf(db: Db): Promise<PublicSettings> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = memoFor(SETTINGS_TTL_MS, () => publicSettings(db))));
  return memo.get();
}

/** Call after writing configs, so this instance shows the change at once. */
export function forgetPublicSettings(db: Db): void {
  memos.get(db)?.clear();
}
