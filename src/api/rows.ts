/**
 * The rows of a list answer: a plain array or a paginator's `data` (reference lists answer
 * either). One helper for the shop, the user centre and the consoles (it was written twice).
 */
export function rowsOf<T>(value: T[] | { data: T[] } | null | undefined): T[];
export function rowsOf<T = Record<string, unknown>>(value: unknown): T[];
export function rowsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Array.isArray((value as { data?: unknown }).data)) return (value as { data: unknown[] }).data;
  return [];
}
