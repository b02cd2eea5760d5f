import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';

/**
 * The e2e servers' embedded databases start as copies of one data directory made once per run
 * with every migration applied (initdb and the migrations cost each start ~10 s of CPU). Each
 * server still seeds its own copy as it starts (`npm start`'s seedIfEmpty): the demo data's times
 * are relative to its start.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataDirTemplate: string;
  }
}

/** Vitest globalSetup of the e2e project. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'souk-e2e-template-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('e2eDataDirTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
