import { fail } from '../../http/envelope';
import './messages';

const MAX_IDS = 1000;

/**
 * A list of ids as forms send it (`role_id[]=1&role_id[]=2`, `role_id=1,2`, JSON `[1, 2]`):
 * undefined when the field is absent, a de-duplicated list otherwise; anything else is a 422.
 */
export function idsOf(input: Record<string, unknown>, field: string): number[] | undefined {
  if (!Object.hasOwn(input, field)) return undefined;
  const raw = input[field];
  let parts: unknown[];
  if (Array.isArray(raw)) parts = raw;
  else if (raw && typeof raw === 'object' && Object.keys(raw).every((k) => /^\d+$/.test(k))) parts = Object.values(raw);
  else if (typeof raw === 'string' || typeof raw === 'number') parts = String(raw).split(',').filter((p) => p.trim() !== '');
  else if (raw === null) parts = [];
  else throw fail('sellerAdmin.badIds', { field }, 422, { field });
  if (parts.length > MAX_IDS) throw fail('sellerAdmin.badIds', { field }, 422, { field });
  const ids = parts.map((part) => (typeof part === 'number' || typeof part === 'string' ? String(part).trim() : ''));
  if (ids.some((id) => !/^\d{1,9}$/.test(id) || Number(id) < 1)) throw fail('sellerAdmin.badIds', { field }, 422, { field });
  return [...new Set(ids.map(Number))];
}
