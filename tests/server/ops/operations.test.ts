import { createServer, request as httpRequest, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createLogger, jsonConsole } from '../../../server/ops/log';
import { createMetrics } from '../../../server/ops/metrics';
import { requestContext } from '../../../server/ops/requestContext';
import { gracefulShutdown } from '../../../server/ops/shutdown';
import type { Ops } from '../../../server/ops/types';
import type { Services } from '../../../server/http/context';
import { loginOwnerSeller, loginShopper, openTestServer, type TestServer } from '../helpers';
import { authedSocket, chat, listenApp, openSocket } from '../chat/fixtures';

/**
 * Operations: /api/health and /api/ready (database, migrations, storage, draining), request ids,
 * the metrics endpoint and what it counts, JSON log lines, and the graceful shutdown's order.
 */
let s: TestServer;
let ops: Ops;
let app: ReturnType<typeof createApp>;
let services: Services;

beforeAll(async () => {
  s = await openTestServer({ config: { metricsToken: 'metrics-secret' } });
  ops = { metrics: createMetrics({ defaults: false }), draining: false };
  services = { database: s.database, db: s.db, config: s.config, ops };
  app = createApp(services);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('/api/health and /api/ready', () => {
  it('health answers while the process runs; ready checks database, migrations and storage', async () => {
    const health = await app.request('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ code: 200, data: { status: 'up' } });
    const ready = await app.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toMatchObject({ code: 200, data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', shutdown: 'ok' } } });
  });

  it('is 503 naming the check while storage cannot be reached or the instance is draining', async () => {
    const broken = createApp({ database: s.database, db: s.db, config: { ...s.config, storage: { driver: 's3', s3: { endpoint: 'http://127.0.0.1:9', bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true } } } });
    const errors: unknown[] = [];
    const saved = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await broken.request('/api/ready');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 503, data: { status: 'not ready', checks: { database: 'ok', storage: 'failed' } } });
    } finally {
      console.error = saved;
    }
    expect(JSON.stringify(errors)).toContain('readiness: storage failed');
    ops.draining = true;
    try {
      const res = await app.request('/api/ready');
      expect(res.status).toBe(503);
      expect((await res.json()).data.checks.shutdown).toBe('pending');
      expect((await app.request('/api/health')).status).toBe(200);
    } finally {
      ops.draining = false;
    }
  });
});

describe('request ids', () => {
  it('answers every request with an X-Request-Id: the caller\'s when sane, else a new one', async () => {
    const fresh = await app.request('/api/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.request('/api/common', { headers: { 'x-request-id': 'lb-7f3a9c0e1d' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a9c0e1d');
    const hostile = await app.request('/api/health', { headers: { 'x-request-id': 'a b<script>alert(1)</script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('JSON log lines carry the request id of the request being served', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const restore = jsonConsole(createLogger(sink));
    try {
      requestContext.run({ id: 'req-1234abcd' }, () => console.error('[souk] something failed', new Error('boom')));
      console.log('[souk] outside a request');
    } finally {
      restore();
    }
    const [inside, outside] = lines.map((line) => JSON.parse(line));
    expect(inside).toMatchObject({ level: 'error', reqId: 'req-1234abcd', msg: '[souk] something failed boom', err: { type: 'Error', message: 'boom' } });
    expect(inside.err.stack).toContain('Error: boom');
    expect(outside).toMatchObject({ level: 'info', msg: '[souk] outside a request' });
    expect(outside.reqId).toBeUndefined();
    expect(typeof outside.time).toBe('string');
  });
});

describe('GET /metrics', () => {
  it('answers only with the METRICS_TOKEN and counts requests by route pattern, not by path', async () => {
    await app.request('/api/goods/1');
    await app.request('/api/goods/2');
    expect((await app.request('/metrics')).status).toBe(401);
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const res = await app.request('/metrics', { headers: { authorization: 'Bearer metrics-secret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/souk_http_requests_total\{method="GET",route="\/api\/goods\/:id",status="200"\} 2/);
    expect(text).toMatch(/souk_http_request_duration_seconds_count\{method="GET",route="\/api\/goods\/:id"\} 2/);
    expect(text).not.toContain('/api/goods/1"');
    expect(text).toContain('souk_websocket_connections 0');
    // no token configured: no /metrics on the public port at all
    const open = createApp({ database: s.database, db: s.db, config: { ...s.config, metricsToken: undefined }, ops });
    expect((await open.request('/metrics')).status).toBe(404);
  });

  it('counts open and authenticated sockets by area, notifications heard and frames pushed, as sockets come and go', async () => {
    const scrape = async () => (await app.request('/metrics', { headers: { authorization: 'Bearer metrics-secret' } })).text();
    const figure = (text: string, name: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      if (!line) throw new Error(`${name} not in the metrics`);
      return Number(line.slice(name.length + 1));
    };
    const server = await listenApp(app, services.live);
    try {
      const before = await scrape();
      expect(figure(before, 'souk_websocket_connections')).toBe(0);
      expect(figure(before, 'souk_websocket_authenticated{area="seller"}')).toBe(0);
      expect(figure(before, 'souk_live_listening')).toBe(1);
      const [seller, shopper] = [await loginOwnerSeller(s), await loginShopper(s)];
      // one socket open but not yet authenticated
      const waiting = await openSocket(server.ws);
      await expect.poll(async () => figure(await scrape(), 'souk_websocket_connections')).toBe(1);
      expect(figure(await scrape(), 'souk_websocket_authenticated{area="seller"}')).toBe(0);
      const store = await authedSocket(server.ws, seller);
      const buyer = await authedSocket(server.ws, shopper);
      let text = await scrape();
      expect(figure(text, 'souk_websocket_connections')).toBe(3);
      expect(figure(text, 'souk_websocket_authenticated{area="seller"}')).toBe(1);
      expect(figure(text, 'souk_websocket_authenticated{area="user"}')).toBe(1);
      const heard = figure(text, 'souk_live_notifications_total{kind="chat"}');
      const pushed = figure(text, 'souk_live_frames_pushed_total{type="chat"}');
      const sent = await chat(s, 'send', shopper, { rid: 1, rtype: 'users', content_type: 'text', content: 'metrics' });
      expect(sent.code, sent.msg).toBe(200);
      await store.next((f) => f.type === 'chat' && f.data.id === sent.data.id);
      await buyer.next((f) => f.type === 'chat' && f.data.id === sent.data.id);
      text = await scrape();
      expect(figure(text, 'souk_live_notifications_total{kind="chat"}')).toBe(heard + 1);
      // the shopper's socket and the store's each got it once
      expect(figure(text, 'souk_live_frames_pushed_total{type="chat"}')).toBe(pushed + 2);
      expect(figure(text, 'souk_live_read_failures_total')).toBe(0);
      store.close();
      waiting.close();
      await Promise.all([store.closed, waiting.closed]);
      await expect.poll(async () => figure(await scrape(), 'souk_websocket_connections')).toBe(1);
      text = await scrape();
      expect(figure(text, 'souk_websocket_authenticated{area="seller"}')).toBe(0);
      expect(figure(text, 'souk_websocket_authenticated{area="user"}')).toBe(1);
      buyer.close();
      await buyer.closed;
      await expect.poll(async () => figure(await scrape(), 'souk_websocket_authenticated{area="user"}')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('reports the database pool', async () => {
    const metrics = createMetrics({ defaults: false });
    metrics.watchPool(s.database.pool, 1);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/souk_db_pool_connections\{state="total"\} \d/);
    expect(text).toMatch(/souk_db_pool_connections\{state="waiting"\} 0/);
    expect(text).toContain('souk_db_pool_max 1');
  });
});

describe('graceful shutdown', () => {
  it('stops accepting, finishes the request in progress and the job run, closes sockets, then the database, and exits 0', async () => {
    const steps: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const server: Server = createServer(async (_req, res) => {
      await slow;
      res.end('done');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const inFlight = new Promise<string>((resolve, reject) => {
      httpRequest({ port, host: '127.0.0.1', path: '/' }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(body));
      })
        .on('error', reject)
        .end();
    });
    await new Promise((r) => setTimeout(r, 100));
    let exitCode: number | undefined;
    const shutdown = gracefulShutdown({
      servers: [server],
      stopJobs: async () => {
        await new Promise((r) => setTimeout(r, 50));
        steps.push('jobs');
      },
      closers: [async () => void steps.push('sockets')],
      closeDatabase: async () => void steps.push('database'),
      markDraining: () => steps.push('draining'),
      timeoutMs: 5000,
      log: (line) => steps.push(line.startsWith('[souk] shutdown complete') ? 'complete' : 'log'),
      exit: (code) => {
        exitCode = code;
      },
    });
    const done = shutdown('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    // new connections are refused while the request in progress goes on
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(steps).not.toContain('database');
    release();
    expect(await inFlight).toBe('done');
    await done;
    expect(exitCode).toBe(0);
    expect(steps.indexOf('draining')).toBeLessThan(steps.indexOf('database'));
    expect(steps.indexOf('jobs')).toBeLessThan(steps.indexOf('database'));
    expect(steps.indexOf('sockets')).toBeLessThan(steps.indexOf('database'));
    expect(steps.at(-1)).toBe('complete');
    // a second signal does nothing
    await shutdown('SIGTERM');
    expect(steps.filter((step) => step === 'database')).toHaveLength(1);
  });

  it('exits 1 when the work outlasts the timeout', async () => {
    let exitCode: number | undefined;
    const shutdown = gracefulShutdown({
      servers: [],
      stopJobs: () => new Promise(() => {}),
      closers: [],
      closeDatabase: async () => {},
      markDraining: () => {},
      timeoutMs: 50,
      log: () => {},
      exit: (code) => {
        exitCode = code;
      },
    });
    void shutdown('SIGTERM');
    await expect.poll(() => exitCode, { timeout: 2000 }).toBe(1);
  });
});
