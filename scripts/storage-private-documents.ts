/**
 * `npm run storage:private-documents` — moves identity documents saved before they became
 * private (store licences and ID photos, real-name check photos at public `/uploads/…` paths)
 * into the private tree of the storage this deployment uses (UPLOAD_DRIVER / S3_*, else the
 * admin's 上传配置, else DATA_DIR) and rewrites their rows (server/storage/privateDocuments.ts).
 * Every instance also does it when it starts; this runs it by hand and reports. Safe to repeat.
 * Exits 1 when a document failed (run it again).
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { exitIfLocked } from '../server/db/dataDirLock';
import { privatizeDocuments } from '../server/storage/privateDocuments';
import { storageOf } from '../server/storage/settings';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }).catch(exitIfLocked);
try {
  const storage = await storageOf({ db: database.db, config });
  console.log(`[storage] making old identity documents private in ${storage.describe()}`);
  const report = await privatizeDocuments(database.db, storage);
  console.log(`[storage] ${report.moved} files moved, ${report.rows} rows rewritten`);
  for (const path of report.missing) console.log(`[storage] not in the storage (row left as it is): ${path}`);
  for (const path of report.skipped) console.log(`[storage] not an image upload (row left as it is): ${path}`);
  for (const failure of report.failed) console.error(`[storage] failed: ${failure.path}: ${failure.error}`);
  process.exitCode = report.failed.length ? 1 : 0;
} finally {
  await database.close();
}
