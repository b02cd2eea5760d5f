/**
 * Request encodings with qs (PHP bracket nesting, as the server's qs.parse expects). qs (16 KB
 * gzip with its polyfills) is loaded only for payloads that nest arrays or objects; flat ones,
 * which is every storefront read, encode the same with URLSearchParams.
 */
type Qs = typeof import('qs');
let qsModule: Promise<Qs> | null = null;
const loadQs = () => (qsModule ??= import('qs').then((m) => ((m as { default?: Qs }).default ?? m) as Qs));

/** Spec §5: an empty is_type / is_sort becomes 0 — on a copy, never on the caller's object. */
export function normalizeFormPayload(payload: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...payload };
  if (copy.is_type === '') copy.is_type = 0;
  if (copy.is_sort === '') copy.is_sort = 0;
  return copy;
}

type Scalar = string | number | boolean | null | undefined;
const isFlat = (payload: Record<string, unknown>): payload is Record<string, Scalar> =>
  Object.values(payload).every((v) => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v));

/** As qs.stringify for a flat object: undefined skipped, null skipped (`skipNulls`) or empty. */
function flatEncode(payload: Record<string, Scalar>, skipNulls: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || (value === null && skipNulls)) continue;
    params.append(key, value === null ? '' : String(value));
  }
  return params.toString();
}

/** Form-encoded body: `a[b]=1`, `list[0]=x`. */
export async function encodeForm(payload: Record<string, unknown>): Promise<string> {
  const normalized = normalizeFormPayload(payload);
  if (isFlat(normalized)) return flatEncode(normalized, false);
  const qs = await loadQs();
  return qs.stringify(normalized, { arrayFormat: 'indices' });
}

/** Query string for GET / DELETE: `key[]=a&key[]=b`, nested objects with brackets. */
export async function encodeQuery(payload: Record<string, unknown> | undefined): Promise<string> {
  if (!payload || Object.keys(payload).length === 0) return '';
  if (isFlat(payload)) return flatEncode(payload, true);
  const qs = await loadQs();
  return qs.stringify(payload, { arrayFormat: 'brackets', skipNulls: true });
}
