import { Hono, type Context } from 'hono';
import { langOf, sendError } from './http/envelope';
import { limitBody } from './http/bodyLimits';
import { answerError } from './http/errors';
import { t } from './http/messages';
import { nulFail, nulInUrl } from './http/input';
import type { AppEnv, Services } from './http/context';
import { mountModules } from './modules';
import { applySecurityHeaders } from './http/securityHeaders';
import { serveStatic } from './http/static';
import { compress } from 'hono/compress';
import { requestTracking } from './ops/requestTracking';
import { mountHealth } from './ops/health';
import { mountMetrics } from './ops/metricsRoute';
import { mountOpenApi } from './openapi/routes';
import { serveSignedFiles } from './storage/privateFiles';
import { upgradeWebSocket } from '@hono/node-server';
import { LiveHub } from './live/hub';
import { liveSocket } from './live/socket';

export function createApp(services: Services) {
  const app = new Hono<AppEnv>();
  app.onError(answerError);
  app.use('*', requestTracking());
  app.use('*', async (c, next) => {
    c.set('services', services);
    await next();
    applySecurityHeaders(c.res.headers);
  });
  // gzip for text answers over 1 KB (the SPA's scripts and styles, index.html, JSON); images are
  // already compressed and skipped by the content-type filter. Only entered for clients that
  // accept gzip: the middleware's bookkeeping alone cost a third of the throughput of small answers.
  const gzip = compress();
  app.use('*', (c, next) => (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '') ? gzip(c, next) : next()));
  // Only requests that may carry a body: reading `c.req.raw.body` builds the full WHATWG Request
  // (with an AbortController), a third of the cost of a small GET.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  // A NUL character in the path or the query (`name=%00|like`) is a 422 naming the field before
  // any route reads it (PostgreSQL text cannot hold one); the body's are refused by readInput.
  app.use('/api/*', (c, next) => {
    const field = nulInUrl(c.req.url);
    return field === undefined ? next() : Promise.resolve(sendError(c, nulFail(field)));
  });

  mountHealth(app);
  mountMetrics(app, services.config.metricsToken);
  mountOpenApi(app, services.config);
  serveSignedFiles(app);

  const api = new Hono<AppEnv>();
  api.onError(answerError);
  mountModules(api);
  api.all('*', (c) => c.json({ code: 404, msg: t('routeNotFound', langOf(c)), data: [] }, 404));
  app.route('/api', api);

  // live chat and notices (server/live): one socket per tab, first frame authenticates
  const hub = (services.live ??= new LiveHub(services.db, services.database.listener));
  services.ops?.metrics?.watchLive(hub);
  app.get('/ws', upgradeWebSocket((c) => liveSocket(c.get('services'), hub)));

  serveStatic(app, services.config);
  return app;
}
