import { clientIp } from '../../http/client-ip';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { enforce } from '../../http/rate-limit';
import { loadMapSettings, restBase, vectormapBase, webapiBase } from './settings';

/**
 * The JS API security proxy AMap documents (`_AMapSecurityConfig.serviceHost`): the browser's JS
 * API sends its service calls to /api/_AMapService/…; we forward them with `jscode` = the security
 * code added: v4/map/styles → webapi.amap.com, v3/vectormap → fmap01.amap.com, the rest →
 * restapi.amap.com. GET only, at most PROXY_PER_IP_PER_HOUR calls per IP (they spend our quota).
 */
export const PROXY_PREFIX = '/_AMapService/';
export const PROXY_PER_IP_PER_HOUR = 1200;
const PROXY_TIMEOUT_MS = 10_000;

export function upstreamOf(path: string): string {
  if (path.startsWith('v4/map/styles')) return `${webapiBase()}/${path}`;
  if (path.startsWith('v3/vectormap')) return `${vectormapBase()}/${path}`;
  return `${restBase()}/${path}`;
}

export async function amapProxy(c: Context<AppEnv>): Promise<Response> {
  const { db } = c.get('services');
  const url = new URL(c.req.url);
  const at = url.pathname.indexOf(PROXY_PREFIX);
  const path = url.pathname.slice(at + PROXY_PREFIX.length);
  if (!/^[A-Za-z0-9/_.-]{1,200}$/.test(path) || path.includes('..')) return c.text('bad path', 400);
  const settings = await loadMapSettings(db);
  if (!settings.security) return c.text('map not configured', 404);
  await enforce(db, `amap-proxy:${clientIp(c)}`, PROXY_PER_IP_PER_HOUR, 3600);
  const target = new URL(upstreamOf(path));
  target.search = url.search;
  target.searchParams.set('jscode', settings.security);
  try {
    const upstream = await fetch(target, { signal: AbortSignal.timeout(PROXY_TIMEOUT_MS) });
    const body = await upstream.arrayBuffer();
    return new Response(body, {
      status: upstream.status,
      headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream', 'cache-control': 'no-store' },
    });
  } catch {
    return c.text('map service unreachable', 502);
  }
}
