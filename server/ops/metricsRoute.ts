import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/context';
import type { Metrics } from './metrics';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The Prometheus text of `metrics`. */
export async function metricsAnswer(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.registry.metrics(), { headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' } });
}

/**
 * GET /metrics on the main port, only with METRICS_TOKEN, answered to `Authorization: Bearer
 * <token>` alone (401 otherwise). Without a token it is not there (404): with METRICS_PORT the
 * metrics are served on that internal port instead (server/main.ts), never on the public one.
 */
export function mountMetrics(app: Hono<AppEnv>, token: string | undefined) {
  if (!token) return;
  app.get('/metrics', async (c: Context<AppEnv>) => {
    const metrics = c.get('services').ops?.metrics;
    if (!metrics) return c.text('Not Found', 404);
    const given = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameText(given, token)) return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    return metricsAnswer(metrics);
  });
}
