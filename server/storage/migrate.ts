import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pLimit from 'p-limit';
import { contentTypeOf, type Storage } from './types';

export interface MigrateReport {
  copied: number;
  bytes: number;
  failed: { key: string; error: string }[];
}

/** The files under `dir`, recursively (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Copies the local uploads (DATA_DIR/uploads, public) and private files (DATA_DIR/private) into
 * `target` under the same keys (`uploads/…`, `private/…`), so every URL stored in the database
 * keeps working once the instances use the bucket. Files already there are copied again (same
 * bytes): the copy can be repeated until it reports no failure. The local files are left as they
 * are. `onFile` reports progress.
 */
export async function copyLocalFiles(dataDir: string, target: Storage, options: { dryRun?: boolean; concurrency?: number; onFile?: (key: string, size: number) => void } = {}): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, bytes: 0, failed: [] };
  const files = [...(await filesUnder(join(dataDir, 'uploads'))), ...(await filesUnder(join(dataDir, 'private')))];
  const limit = pLimit(options.concurrency ?? 4);
  await Promise.all(
    files.map((file) =>
      limit(async () => {
        const key = relative(dataDir, file).split(sep).join('/');
        try {
          const body = await readFile(file);
          if (!options.dryRun) await target.put(key, body, contentTypeOf(key));
          report.copied += 1;
          report.bytes += body.length;
          options.onFile?.(key, body.length);
        } catch (err) {
          report.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
        }
      }),
    ),
  );
  return report;
}
