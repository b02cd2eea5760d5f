/**
 * `npm run ledger:check` — for every user and store, each balance (money, frozen money, points;
 * store money, store frozen money) must equal the sum of its money_logs. Lists the accounts that
 * do not and exits 1; exits 0 when the ledger holds. Uses DATABASE_URL when set, else the PGlite
 * under DATA_DIR (default ./data), which a running server holds: stop it first, or run the check
 * against PostgreSQL.
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { exitIfLocked } from '../server/db/dataDirLock';
import { findLedgerMismatches } from '../server/modules/money/ledgerCheck';

const TYPES = ['balance', 'frozen', 'points'];
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }).catch(exitIfLocked);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
let failed = false;
try {
  // a database this version never opened gets its tables first (as the server does on start)
  await database.migrate();
  const mismatches = await findLedgerMismatches(database.db);
  if (mismatches.length === 0) console.log(`[ledger:check] ${where}: every balance equals the sum of its money logs.`);
  else {
    failed = true;
    console.error(`[ledger:check] ${where}: ${mismatches.length} balance(s) differ from the sum of their money logs:`);
    for (const m of mismatches) {
      const balance = m.balance === '' ? '(no such account)' : m.balance;
      console.error(`  ${m.owner} ${m.id} ${TYPES[m.type] ?? m.type}: balance ${balance}, logs ${m.logged}`);
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
