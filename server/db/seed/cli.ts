/**
 * `npm run seed` — seeds an empty database; `npm run seed -- --reset` drops every row and
 * reseeds. Uses DATABASE_URL when set, else the PGlite under DATA_DIR (default ./data).
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { exitIfLocked } from '../dataDirLock';
import { resetDatabase, seedAll, seedIfEmpty } from './index';

const reset = process.argv.slice(2).includes('--reset');
const config = loadConfig();
// against a running server's PGlite this refuses (two processes on one data directory lose writes)
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }).catch(exitIfLocked);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
try {
  await database.migrate();
  if (reset) {
    await database.db.transaction(async (tx) => {
      await resetDatabase(tx);
      await seedAll(tx);
    });
    console.log(`[seed] ${where}: all data dropped and demo data seeded.`);
  } else {
    const seeded = await seedIfEmpty(database.db);
    console.log(seeded ? `[seed] ${where}: demo data seeded.` : `[seed] ${where}: not empty, nothing done (use --reset to rebuild).`);
  }
  console.log('[seed] accounts: admin/123456 (admin console), operator/123456 (limited admin), 18888888888/123456 (store owner),');
  console.log('[seed]           18888888889/123456 (second store), seller/123456 (staff), demo/123456 (shopper),');
  console.log('[seed]           18888888890…92/123456 (stores 3–5), 18888888893 (closed store 6), 18888888894…96 (stores 7–9 under review),');
  console.log('[seed]           13800000001…03/123456 (shoppers who wrote reviews).');
} finally {
  await database.close();
}
