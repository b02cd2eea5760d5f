import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { configs } from '../../db/schema';

export type ConfigObject = Record<string, unknown>;

/** The JSON object of a configs row (`sms`, `oauth`, `amap`, …); {} when absent or malformed. */
export async function readConfigJson(db: Db | Tx, name: string): Promise<ConfigObject> {
  const [row] = await db
    .select({ content: configs.content })
    .from(configs)
    .where(and(eq(configs.name, name), isNull(configs.deleted_at)));
  return parseConfigJson(row?.content);
}

export function parseConfigJson(content: string | null | undefined): ConfigObject {
  try {
    const value = content ? JSON.parse(content) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** A setting as trimmed text ('' for anything else). */
export const settingText = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A nested section of a config object ({} when absent). */
export const settingSection = (value: unknown): ConfigObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as ConfigObject) : {};
