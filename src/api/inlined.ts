import type { ApiResult } from './client';

/**
 * API answers the server put in index.html for the first paint (`<script id="souk-data">`,
 * server/http/pagePreloads.ts), by key (`adv:<space>`, `goods:<id>`). Each is taken once: the
 * first load of that page uses it instead of a request; later loads ask the API.
 */
let inlined: Record<string, unknown> | null | undefined;

function read(): Record<string, unknown> | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('souk-data');
  if (!element?.textContent) return null;
  try {
    const value: unknown = JSON.parse(element.textContent);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function takeInlined<T>(key: string): T | undefined {
  if (inlined === undefined) inlined = read();
  if (!inlined || !Object.hasOwn(inlined, key)) return undefined;
  const value = inlined[key] as T;
  delete inlined[key];
  return value;
}

/** The answer inlined under `key` as a successful result, else the request's. */
export function inlinedOr<T>(key: string, ask: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const value = takeInlined<T>(key);
  return value === undefined ? ask() : Promise.resolve({ kind: 'ok', data: value, msg: '' });
}
