import { renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';

/**
 * Test databases start from snapshots of PGlite's data directory (server/db/client.ts `from`)
 * instead of each running initdb, every migration and the demo seed (about 13 s of CPU per
 * database, most of the server tests' time). dbSnapshotsSetup.ts writes them once per run:
 * - `empty`: a new cluster (initdb only);
 * - `migrated`: every migration applied;
 * - `seeded`: migrated and seeded. The seed writes times relative to now (an unpaid order made
 *   5 minutes ago, flash sales that start in 90 minutes): a seeded snapshot older than
 *   SEEDED_MAX_AGE_MS is not used; the database is seeded from `migrated` and becomes the new one.
 */
export type SnapshotKind = 'empty' | 'migrated' | 'seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's database snapshots (tests/server/dbSnapshotsSetup.ts). */
    dbSnapshots: string;
  }
}

const SEEDED_MAX_AGE_MS = 10 * 60_000;

export const snapshotFile = (dir: string, kind: SnapshotKind) => join(dir, `${kind}.tar`);

/** Writes `database`'s snapshot as `kind` in `dir`: whole or not at all (files open it meanwhile). */
export async function saveSnapshot(database: Database, dir: string, kind: SnapshotKind): Promise<void> {
  const bytes = await database.snapshot!();
  const part = `${snapshotFile(dir, kind)}.${process.pid}.part`;
  writeFileSync(part, bytes);
  renameSync(part, snapshotFile(dir, kind));
}

/** Every snapshot, from one database taken through each stage. */
export async function writeSnapshots(dir: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await saveSnapshot(database, dir, 'empty');
    await database.migrate();
    await saveSnapshot(database, dir, 'migrated');
    await seedIfEmpty(database.db);
    await saveSnapshot(database, dir, 'seeded');
  } finally {
    await database.close();
  }
}

/** This run's snapshot folder, when the project set one up (vitest.config: the server project). */
function snapshotDir(): string | undefined {
  try {
    return inject('dbSnapshots');
  } catch {
    return undefined;
  }
}

/** This run's snapshot of a new cluster (for startEmbeddedThread's `from`), when the project wrote one. */
export function emptyClusterSnapshot(): string | undefined {
  const dir = snapshotDir();
  return dir && snapshotFile(dir, 'empty');
}

/**
 * PGlite in memory (or in the empty folder `dataDir`): a new cluster (`empty`), or with the schema
 * (`migrated`), or also the demo data (`seeded`).
 */
export async function openSnapshotDatabase(kind: SnapshotKind, dataDir = 'memory://'): Promise<Database> {
  const dir = snapshotDir();
  if (!dir) {
    const database = await openDatabase({ dataDir });
    if (kind !== 'empty') await database.migrate();
    if (kind === 'seeded') await seedIfEmpty(database.db);
    return database;
  }
  if (kind !== 'seeded') return openDatabase({ dataDir, from: snapshotFile(dir, kind) });
  const seeded = snapshotFile(dir, 'seeded');
  if (Date.now() - statSync(seeded).mtimeMs < SEEDED_MAX_AGE_MS) return openDatabase({ dataDir, from: seeded });
  const database = await openDatabase({ dataDir, from: snapshotFile(dir, 'migrated') });
  await seedIfEmpty(database.db);
  await saveSnapshot(database, dir, 'seeded');
  return database;
}
