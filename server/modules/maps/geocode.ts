import { restBase } from './settings';

/**
 * Address → point through AMap's web-service geocoding (`GET /v3/geocode/geo?key&address&city`):
 * answers {status "1", geocodes: [{location "lng,lat", formatted_address}]}, or status "0" with
 * `info` / `infocode` (INVALID_USER_KEY 10001, DAILY_QUERY_OVER_LIMIT 10003, …).
 */
export interface GeoPoint {
  lng: string;
  lat: string;
  address: string;
}

export type GeocodeFailure = 'notFound' | 'rejected' | 'unreachable';

export class GeocodeError extends Error {
  constructor(
    readonly kind: GeocodeFailure,
    readonly providerCode: string,
  ) {
    super(`${kind}: ${providerCode}`);
  }
}

export const GEOCODE_TIMEOUT_MS = 5000;

export async function geocode(key: string, address: string, city = '', options: { base?: string; timeoutMs?: number } = {}): Promise<GeoPoint> {
  const url = new URL(`${options.base ?? restBase()}/v3/geocode/geo`);
  url.search = new URLSearchParams({ key, address, ...(city ? { city } : {}), output: 'JSON' }).toString();
  let body: Record<string, unknown>;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? GEOCODE_TIMEOUT_MS) });
    if (!response.ok) throw new GeocodeError('unreachable', `http ${response.status}`);
    body = (await response.json()) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof GeocodeError) throw err;
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new GeocodeError('unreachable', timeout ? 'timeout' : 'network');
  }
  if (body.status !== '1') throw new GeocodeError('rejected', `${String(body.infocode ?? '')} ${String(body.info ?? '')}`.trim());
  const first = Array.isArray(body.geocodes) ? (body.geocodes[0] as Record<string, unknown> | undefined) : undefined;
  const match = typeof first?.location === 'string' ? /^(-?\d{1,3}\.\d+),(-?\d{1,2}\.\d+)$/.exec(first.location) : null;
  if (!match) throw new GeocodeError('notFound', String(body.count ?? '0'));
  return { lng: match[1], lat: match[2], address: typeof first?.formatted_address === 'string' ? first.formatted_address : address };
}
