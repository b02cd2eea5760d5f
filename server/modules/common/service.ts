import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configs } from '../../db/schema';

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
  return { ...settings, amap: { key: asText(amap.key), jsapi: asText(amap.jsapi) } };
}

/**
 * Items in the shopper's cart. The cart tables arrive with the cart module; until then every
 * cart is empty, for anonymous and logged-in shoppers alike.
 */
export async function cartCount(_db: Db, _userId: number | null): Promise<number> {
  return 0;
}
