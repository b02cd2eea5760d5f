/**
 * `npm run storage:migrate` — copies the files uploaded to this machine's DATA_DIR (uploads/ and
 * private/) into the object storage: the bucket of UPLOAD_DRIVER=s3 and S3_* when set, else the
 * one switched on in the admin's 上传配置 (read from the database). `-- --dry-run` lists what it
 * would copy. Exits 1 when there is no bucket to copy to or a file failed (run it again).
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { exitIfLocked } from '../server/db/dataDirLock';
import { copyLocalFiles } from '../server/storage/migrate';
import { envStorage, storageOf } from '../server/storage/settings';
import type { Storage } from '../server/storage/types';

const dryRun = process.argv.includes('--dry-run');
const config = loadConfig();

async function target(): Promise<Storage | undefined> {
  const fixed = envStorage(config);
  if (fixed || config.storage?.driver === 'local') return fixed;
  // the admin's settings live in the database (against a running server's PGlite this refuses)
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }).catch(exitIfLocked);
  try {
    return await storageOf({ db: database.db, config });
  } finally {
    await database.close();
  }
}

const storage = await target();
if (storage?.kind !== 's3') {
  console.error('[storage] no object storage to copy to: set UPLOAD_DRIVER=s3 and S3_* (README), or switch on object storage in the admin console (系统设置 → 上传配置).');
  process.exit(1);
}
await storage.check().catch((err) => {
  console.error(`[storage] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
console.log(`[storage] ${dryRun ? 'would copy' : 'copying'} ${config.dataDir}/uploads and /private into ${storage.describe()}`);
const report = await copyLocalFiles(config.dataDir, storage, { dryRun, onFile: (key, size) => dryRun && console.log(`  ${key} (${size} bytes)`) });
console.log(`[storage] ${dryRun ? 'would copy' : 'copied'} ${report.copied} files, ${(report.bytes / 1048576).toFixed(1)} MB`);
for (const failure of report.failed) console.error(`[storage] failed: ${failure.key}: ${failure.error}`);
process.exit(report.failed.length ? 1 : 0);
