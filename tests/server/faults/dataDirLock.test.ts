import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../../server/db/dataDirLock';

/**
 * Two processes on one embedded data directory both hand out the same ids and lose
 * acknowledged writes: the first takes DATA_DIR/souk.lock (its pid), a second server or
 * `npm run seed` refuses to start with a clear message, a lock of a dead process is taken over.
 */
const root = process.cwd();
const dirs: string[] = [];
const children: ChildProcess[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'souk-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', '']);
  return done.pid!;
}

const env = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', JWT_SECRET: 'lock-test-secret-0123456789-0123456789' });
const tsx = (script: string, dataDir: string, args: string[] = []) =>
  spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: env(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs to the end: exit code and everything printed. */
function run(child: ChildProcess): Promise<{ code: number | null; out: string }> {
  children.push(child);
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe('the data directory lock', () => {
  it('refuses a directory a live process holds, naming its pid; takes over a dead one', () => {
    const dir = freshDir();
    // a live process that is not this one: the test runner's parent
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, command: 'server/main.ts' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`DATA_DIR ${dir} is in use by another process \\(pid ${process.ppid}, server/main.ts`));

    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid() }));
    const lock = lockDataDir(dir, 'test');
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, command: 'test' });
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('a second server and the seed command refuse a directory a running server holds', async () => {
    const dir = freshDir();
    const first = tsx('server/main.ts', dir);
    const firstRun = run(first);
    // the first server migrates and seeds a fresh directory, then listens
    await new Promise<void>((resolve, reject) => {
      let out = '';
      first.stdout!.on('data', (chunk) => {
        out += chunk;
        if (out.includes('[souk] listening')) resolve();
      });
      first.on('exit', (code) => reject(new Error(`first server ended (${code}): ${out}`)));
    });
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(first.pid);

    const second = await run(tsx('server/main.ts', dir));
    expect(second.code).toBe(1);
    expect(second.out).toContain(`DATA_DIR ${dir} is in use by another process (pid ${first.pid}`);
    expect(second.out).not.toContain('listening');

    const seed = await run(tsx('server/db/seed/cli.ts', dir, ['--reset']));
    expect(seed.code).toBe(1);
    expect(seed.out).toContain(`is in use by another process (pid ${first.pid}`);
    expect(seed.out).not.toContain('demo data seeded');

    first.kill('SIGTERM');
    expect((await firstRun).code).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    // a lock left by a process that died (kill -9) is taken over, and released at the end
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid() }));
    const later = await run(tsx('server/db/seed/cli.ts', dir));
    expect(later.out).toContain('not empty, nothing done');
    expect(later.code).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 240_000);
});
