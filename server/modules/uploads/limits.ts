import { statfs } from 'node:fs/promises';
import type { Context } from 'hono';
import type { AppEnv, Area } from '../../http/context';
import { fail } from '../../http/envelope';
import { enforce, hitBy, peek } from '../../http/rate-limit';
import './messages';

/**
 * What keeps uploads from filling the disk (a full disk also leaves the embedded database unable
 * to open): a rate limit and a daily byte quota per account, and a free-space margin under
 * DATA_DIR below which every upload is refused with a clear message. Counters live in
 * rate_limits, so they hold across instances.
 */
export const UPLOAD_LIMITS: Readonly<Record<Area, { perMinute: number; kibPerDay: number }>> = {
  user: { perMinute: 20, kibPerDay: 200 * 1024 },
  seller: { perMinute: 60, kibPerDay: 2 * 1024 * 1024 },
  admin: { perMinute: 60, kibPerDay: 2 * 1024 * 1024 },
};
/** Free space below which uploads stop (UPLOAD_MIN_FREE_MB, default 512 MB). */
export const DEFAULT_MIN_FREE_BYTES = 512 * 1024 * 1024;
/** Room an upload may take beside its own size: the re-encoded image and its thumbnails. */
const WRITE_FACTOR = 3;

/** Bytes available to this process on the file system holding `dir` (node:fs statfs). */
export async function freeBytesOf(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

const accountKey = (c: Context<AppEnv>) => {
  const caller = c.get('caller')!;
  return { area: caller.area, key: `${caller.area}:${caller.accountId}` };
};

/** Before the body is read: the caller's uploads per minute. */
export async function admitUpload(c: Context<AppEnv>): Promise<void> {
  const { area, key } = accountKey(c);
  await enforce(c.get('services').db, `upload:n:${key}`, UPLOAD_LIMITS[area].perMinute, 60);
}

/**
 * Before the file is written: free space under DATA_DIR (when it goes to the local disk), then
 * the caller's quota for the day.
 */
export async function assertRoomFor(c: Context<AppEnv>, size: number, onLocalDisk = true): Promise<void> {
  const { config, freeBytes = freeBytesOf, db } = c.get('services');
  const margin = config.uploadMinFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  const free = onLocalDisk ? await freeBytes(config.dataDir) : Infinity;
  if (free - size * WRITE_FACTOR < margin) {
    console.error(`[souk] uploads refused: ${Math.floor(free / 1048576)} MB free under ${config.dataDir}, margin ${Math.floor(margin / 1048576)} MB`);
    throw fail('diskFull', undefined, 507);
  }
  const { area, key } = accountKey(c);
  const quota = UPLOAD_LIMITS[area].kibPerDay;
  if ((await peek(db, `upload:kib:${key}`, 86_400)) + Math.ceil(size / 1024) > quota) {
    throw fail('uploadQuota', { mb: Math.floor(quota / 1024) }, 422, { field: 'file' });
  }
}

/** After the file is stored: counts its bytes against the caller's daily quota. */
export async function chargeUpload(c: Context<AppEnv>, size: number): Promise<void> {
  const { key } = accountKey(c);
  await hitBy(c.get('services').db, `upload:kib:${key}`, 86_400, Math.ceil(size / 1024));
}

/** A write that met a full disk (ENOSPC, EDQUOT) is the same clear refusal, not a code 500. */
export function isDiskFull(err: unknown): boolean {
  const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
