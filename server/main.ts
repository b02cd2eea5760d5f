import { serve } from '@hono/node-server';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { exitIfLocked } from './db/dataDirLock';
import { createApp } from './app';
import { seedIfEmpty } from './db/seed';
import { startJobs } from './jobs';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }).catch(exitIfLocked);
await database.migrate();
await seedIfEmpty(database.db);
const app = createApp({ database, db: database.db, config });
const stopJobs = startJobs({ database, db: database.db, config });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`[souk] listening on http://${info.address}:${info.port} (${where})`);
});

async function shutdown() {
  stopJobs();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
