import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The caller's IP: the first X-Forwarded-For hop when the server is configured to trust its
 * proxy, otherwise the socket address (@hono/node-server puts the request in `c.env.incoming`).
 */
export function clientIp(c: Context<AppEnv>): string {
  const { config } = c.get('services');
  if (config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 45);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return (env?.incoming?.socket?.remoteAddress ?? '0.0.0.0').replace(/^::ffff:/, '').slice(0, 45);
}
