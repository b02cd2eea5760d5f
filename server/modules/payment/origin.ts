import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';

/**
 * This server's public origin as the caller reached it (behind a trusted proxy: its
 * X-Forwarded-Proto / X-Forwarded-Host), for the dev confirm page's URL and default notify URLs.
 */
export function originOf(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  if (c.get('services').config.trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0].trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0].trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host && /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host)) url.host = host;
  }
  return url.origin;
}
