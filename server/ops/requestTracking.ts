import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../http/context';
import { requestContext } from './requestContext';

/** A request id a client or proxy may hand us (nginx's $request_id, a UUID): kept as it is. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Around every request: its id (the caller's X-Request-Id when sane, else a new UUID), sent back
 * in the X-Request-Id header and on every log line written while it is served; then, with the
 * running server's ops, its count and latency in the metrics by route pattern (bounded labels:
 * `/api/goods/:id`, never the path) and one access-log line.
 */
export function requestTracking(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const id = given && GIVEN_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    await requestContext.run({ id }, next);
    c.res.headers.set('X-Request-Id', id);
    const ops = c.get('services')?.ops;
    if (!ops?.metrics && !ops?.logger) return;
    const seconds = (performance.now() - started) / 1000;
    const route = matchedRoutes(c)[c.req.routeIndex]?.path ?? 'unmatched';
    const status = c.res.status;
    ops.metrics?.observeRequest(c.req.method, route, status, seconds);
    ops.logger?.info({ reqId: id, method: c.req.method, path: c.req.path, route, status, ms: Math.round(seconds * 10000) / 10 }, 'request');
  };
}
