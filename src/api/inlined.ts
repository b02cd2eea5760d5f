/**
 * API answers the server put in index.html for the first paint (`<script id="souk-data">`,
 * server/http/pagePreloads.ts), by key (`adv:<space>`, `home`, `common`, `goods:<id>`): the
 * answers the server rendered the page with. Each is taken once: the first render of that page
 * starts from it; later visits ask the API.
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

/** The answer inlined under `key`, if it was not forgotten. */
export function inlinedAnswer<T>(key: string): T | undefined {
  if (inlined === undefined) inlined = read();
  return inlined && Object.hasOwn(inlined, key) ? (inlined[key] as T) : undefined;
}

/** Once a page has shown an answer, a later visit asks the API. */
export function forgetInlined(key: string) {
  if (inlined) delete inlined[key];
}

/** Tests: read the page's data element again at the next take. */
export function rereadInlined() {
  inlined = undefined;
}
