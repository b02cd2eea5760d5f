/**
 * Route params as `base64(JSON)` (screens §3.5): standard alphabet over UTF-8 JSON, written into
 * the path URI-encoded (base64 may contain `/` and `+`). Garbage decodes to null, never throws.
 */
export function encodeParam(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeParam<T>(param: string | undefined | null): T | null {
  if (!param) return null;
  try {
    let text = param;
    try {
      text = decodeURIComponent(param);
    } catch {
      /* already decoded */
    }
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

/** `/prefix/<param>` with the base64 made path-safe. */
export const paramPath = (prefix: string, value: unknown) => `${prefix}/${encodeURIComponent(encodeParam(value))}`;

/** Largest id a row can have (the id columns are PostgreSQL `integer`). */
export const MAX_ROW_ID = 2147483647;

/** The id in an address (`/goods/:id`, `/store/:id`), or 0 when no row can have it (0, text, too large). */
export function rowIdOf(text: string | undefined): number {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return 0;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : 0;
}
