/**
 * `npm run seed` — seeds an empty database; `npm run seed -- --reset` drops every row and
 * reseeds; `npm run seed -- --goods N --orders N` adds N bulk goods and N bulk orders (a year of
 * a marketplace, server/db/seed/scale) to the database, seeding the demo data first if it is
 * empty. Uses DATABASE_URL when set, else the PGlite under DATA_DIR (default ./data).
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { exitIfLocked } from '../dataDirLock';
import { resetDatabase, seedAll, seedIfEmpty } from './index';
import { seedScale } from './scale';

const args = process.argv.slice(2);
const reset = args.includes('--reset');
/** The whole number after `--name` (0 when absent); exits on anything else. */
function count(name: string): number {
  const at = args.indexOf(name);
  if (at < 0) return 0;
  const value = args[at + 1] ?? '';
  if (!/^\d{1,9}$/.test(value)) {
    console.error(`[seed] ${name} needs a whole number, e.g. ${name} 1000`);
    process.exit(2);
  }
  return Number(value);
}
const bulk = { goods: count('--goods'), orders: count('--orders') };

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
    if (seeded) console.log(`[seed] ${where}: demo data seeded.`);
    else if (!bulk.goods && !bulk.orders) console.log(`[seed] ${where}: not empty, nothing done (use --reset to rebuild).`);
  }
  if (bulk.goods || bulk.orders) {
    const result = await seedScale(database.db, { ...bulk, log: (line) => console.log(line) });
    console.log(
      `[seed] ${where}: run ${result.run} added ${result.goods} goods (${result.visible} visible) in ${result.stores.total} stores, ` +
        `${result.orders} orders of ${result.shoppers} shoppers in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    console.log(`[seed] bulk accounts (password 123456): store owners 170${String(result.run).padStart(2, '0')}000001…, shoppers 171${String(result.run).padStart(2, '0')}000001….`);
  }
  console.log('[seed] accounts: admin/123456 (admin console), operator/123456 (limited admin), 18888888888/123456 (store owner),');
  console.log('[seed]           18888888889/123456 (second store), seller/123456 (staff), demo/123456 (shopper),');
  console.log('[seed]           18888888890…92/123456 (stores 3–5), 18888888893 (closed store 6), 18888888894…96 (stores 7–9 under review),');
  console.log('[seed]           13800000001…03/123456 (shoppers who wrote reviews).');
} finally {
  await database.close();
}
