/**
 * Request encodings with qs (PHP bracket nesting, as the server's qs.parse expects). qs is
 * loaded on first use so the storefront's first paint (GET /common, no payload) does not pay for it.
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

/** Form-encoded body: `a[b]=1`, `list[0]=x`. */
export async function encodeForm(payload: Record<string, unknown>): Promise<string> {
  const qs = await loadQs();
  return qs.stringify(normalizeFormPayload(payload), { arrayFormat: 'indices' });
}

/** Query string for GET / DELETE: `key[]=a&key[]=b`, nested objects with brackets. */
export async function encodeQuery(payload: Record<string, unknown> | undefined): Promise<string> {
  if (!payload || Object.keys(payload).length === 0) return '';
  const qs = await loadQs();
  return qs.stringify(payload, { arrayFormat: 'brackets', skipNulls: true });
}
