import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carts, configs } from '../../db/schema';
import { smsTestMode } from '../sms/provider';
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
  amap: { key: string; jsapi: string };
  /** True while SMS codes only go to the server log (dev provider); the pages say so. */
  sms_test_mode: boolean;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** `common` of GET /api/common: the public scalar settings plus the map's browser key (not its security code). */
export async function publicSettings(db: Db): Promise<PublicSettings> {
  const rows = await db
    .select({ name: configs.name, content: configs.content })
    .from(configs)
    .where(and(inArray(configs.name, [...PUBLIC_KEYS, 'amap']), isNull(configs.deleted_at)));
  const byName = new Map(rows.map((row) => [row.name, row.content]));
  const settings = Object.fromEntries(PUBLIC_KEYS.map((key) => [key, byName.get(key) ?? ''])) as Record<(typeof PUBLIC_KEYS)[number], string>;
  const amap = parseJson(byName.get('amap') ?? '{}');
  return { ...settings, amap: { key: asText(amap.key), jsapi: asText(amap.jsapi) }, sms_test_mode: smsTestMode() };
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
