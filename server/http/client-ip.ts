import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The client IP the trusted proxies saw, from an X-Forwarded-For value: each of the `proxies`
 * trusted proxies appends the address it was called from, so the client is the `proxies`-th
 * hop from the right; anything left of it was written by the client and is ignored. Null when
 * no proxy is trusted or the header is absent (fewer hops than proxies: the leftmost one).
 */
export function forwardedClient(header: string | undefined, proxies: number): string | null {
  if (proxies < 1 || !header) return null;
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return null;
  return hops[Math.max(0, hops.length - proxies)];
}

/**
 * The caller's IP: with TRUST_PROXY=<n> the hop the outermost of the n trusted proxies appended
 * to X-Forwarded-For, otherwise the socket address (@hono/node-server puts the request in
 * `c.env.incoming`).
 */
export function clientIp(c: Context<AppEnv>): string {
  const { config } = c.get('services');
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), config.trustProxy);
  if (forwarded) return forwarded.replace(/^::ffff:/, '').slice(0, 45);
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return (env?.incoming?.socket?.remoteAddress ?? '0.0.0.0').replace(/^::ffff:/, '').slice(0, 45);
}
