import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's data directory belongs to one process: two PGlite instances on one
 * directory both hand out the same ids and lose acknowledged writes. Whoever opens it (the
 * server, `npm run seed`) first takes `DATA_DIR/souk.lock`, a file holding its pid; a second
 * process refuses to start with a clear message. A lock whose process is gone (a crash, a
 * kill -9, a container restarted with the same pid) is taken over.
 */
export const LOCK_FILE = 'souk.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; command?: string; since?: string },
  ) {
    super(
      `[souk] DATA_DIR ${dataDir} is in use by another process (pid ${holder.pid}${holder.command ? `, ${holder.command}` : ''}` +
        `${holder.since ? `, since ${holder.since}` : ''}). The embedded database allows one process at a time: ` +
        'stop that process first, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Holder {
  pid: number;
  command?: string;
  since?: string;
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return Number.isSafeInteger(parsed.pid) && (parsed.pid as number) > 0 ? (parsed as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/** True while a process with this pid runs (EPERM: it runs under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  file: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

/** Takes the lock of `dataDir` for this process, or throws DataDirLockedError. */
export function lockDataDir(dataDir: string, command = process.argv.slice(1).join(' ')): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, command: command.slice(0, 200), since: new Date().toISOString() };
  const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  let tookOver = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      // a half-written file (its writer is between open and write) is given a moment
      if (!holder && attempt < 2) {
        pause(50);
        continue;
      }
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirLockedError(dataDir, holder);
      // stale: its process is gone (or it is our own pid, left by a previous life of this container)
      try {
        unlinkSync(file);
      } catch (unlinkErr) {
        if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
      }
      tookOver = true;
      continue;
    }
    writeSync(fd, JSON.stringify(mine));
    closeSync(fd);
    if (tookOver) {
      // two processes taking over one stale lock at once: the later one removes the earlier
      // one's fresh lock; after a moment only one of them still finds its pid there
      pause(100);
      if (readHolder(file)?.pid !== process.pid) continue;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readHolder(file)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
    };
    // however the process ends (exit, an uncaught error), the lock goes with it; a kill -9
    // leaves it behind, and the next start takes it over
    process.on('exit', release);
    return { file, release };
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(dataDir, holder ?? { pid: 0 });
}

/** For command-line entry points: a locked data directory ends the process with its message (exit code 1); other errors pass. */
export function exitIfLocked(err: unknown): never {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
