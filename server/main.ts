import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { exitIfLocked } from './db/dataDirLock';
import { createApp } from './app';
import { seedIfEmpty } from './db/seed';
import { startJobs } from './jobs';
import { listen } from './serve';
import type { Services } from './http/context';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }).catch(exitIfLocked);
await database.migrate();
await seedIfEmpty(database.db);

const services: Services = { database, db: database.db, config };
const app = createApp(services);
const stopJobs = startJobs(services);

const listening = listen(app, { port: config.port, hostname: config.host, hub: services.live }, (info) => {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`[souk] listening on http://${info.address}:${info.port} (${where})`);
});

async function shutdown() {
  stopJobs();
  await listening.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
