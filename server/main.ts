import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { exitIfLocked } from './db/dataDirLock';
import { createApp } from './app';
import { seedIfEmpty } from './db/seed';
import { startJobs } from './jobs';
import { listen } from './serve';
import type { Services } from './http/context';
import { createLogger, jsonConsole } from './ops/log';
import { createMetrics } from './ops/metrics';
import { metricsAnswer } from './ops/metricsRoute';
import { gracefulShutdown } from './ops/shutdown';
import type { Ops } from './ops/types';
import { privatizeDocuments } from './storage/privateDocuments';
import { storageOf } from './storage/settings';

const config = loadConfig();
const logger = config.logFormat === 'json' ? createLogger() : undefined;
if (logger) jsonConsole(logger);

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }).catch(exitIfLocked);
await database.migrate();
await seedIfEmpty(database.db);

const metrics = createMetrics();
metrics.watchPool(database.pool, database.kind === 'postgres' ? Number(process.env.DB_POOL_MAX ?? 10) : 1);
const closers: (() => Promise<void>)[] = [];
const ops: Ops = { metrics, logger, draining: false, onShutdown: (close) => closers.push(close) };
const services: Services = { database, db: database.db, config, ops };
const app = createApp(services);
const jobs = startJobs(services);
// identity documents saved before they became private move out of /uploads (idempotent; see the module)
void storageOf(services)
  .then((storage) => privatizeDocuments(database.db, storage))
  .then((report) => {
    if (report.moved || report.missing.length || report.failed.length)
      console.log(`[souk] old identity documents made private: ${report.moved} files, ${report.rows} rows; ${report.missing.length} missing, ${report.failed.length} failed (npm run storage:private-documents lists them)`);
  })
  .catch((err) => console.error('[souk] old identity documents not made private yet:', err instanceof Error ? err.message : err));

const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
// pages, /api and the /ws socket on one port
const listening = listen(app, { port: config.port, hostname: config.host, hub: services.live }, (info) => {
  console.log(`[souk] listening on http://${info.address}:${info.port} (${where})`);
});
const servers: Server[] = [listening.server as Server];
// the sockets are told to go away (clients reconnect to another instance) while requests finish
closers.push(() => listening.close());
// METRICS_PORT: /metrics on an internal port of its own, with no token (keep it off the public network)
if (config.metricsPort) {
  const internal = new Hono().get('/metrics', () => metricsAnswer(metrics));
  servers.push(
    serve({ fetch: internal.fetch, port: config.metricsPort, hostname: config.host }, (info) => {
      console.log(`[souk] metrics on http://${info.address}:${info.port}/metrics`);
    }) as Server,
  );
}

const shutdown = gracefulShutdown({
  servers,
  stopJobs: () => jobs.stop(),
  closers,
  closeDatabase: () => database.close(),
  markDraining: () => {
    ops.draining = true;
  },
  timeoutMs: config.shutdownTimeoutMs ?? 25_000,
  log: (line) => console.log(line),
  exit: (code) => {
    logger?.flush();
    process.exit(code);
  },
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
