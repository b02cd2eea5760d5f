import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSnapshots } from './dbSnapshots';

/** Vitest globalSetup of the server project: this run's database snapshots (dbSnapshots.ts), removed after it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'souk-db-snapshots-'));
  await writeSnapshots(dir);
  project.provide('dbSnapshots', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
