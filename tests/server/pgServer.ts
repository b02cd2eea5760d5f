import { vi } from 'vitest';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/http/password';
import { openTestServer, type TestServer } from './helpers';

/** The PostgreSQL the concurrency tests run on (CI always sets it; unset, they are skipped locally). */
export const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * A test server on the worker's PostgreSQL database (PG_URL; its data is dropped and reseeded),
 * with a pool of `pool` connections (DB_POOL_MAX, read when it opens), the server's console
 * output (`mute`) silenced until `close()`.
 */
export async function openPgServer({ pool, mute = ['log'] }: { pool?: number; mute?: ('log' | 'warn')[] } = {}): Promise<TestServer> {
  const poolBefore = process.env.DB_POOL_MAX;
  if (pool) process.env.DB_POOL_MAX = String(pool);
  let s: TestServer;
  try {
    s = await openTestServer({ databaseUrl: PG_URL });
  } finally {
    if (poolBefore === undefined) delete process.env.DB_POOL_MAX;
    else process.env.DB_POOL_MAX = poolBefore;
  }
  for (const method of mute) vi.spyOn(console, method).mockImplementation(() => {});
  const close = s.close;
  s.close = async () => {
    vi.restoreAllMocks();
    await close();
  };
  return s;
}

export interface PgShopper {
  id: number;
  username: string;
  token: string;
}

/**
 * `count` new shoppers logged in, usernames `<prefix><stamp>x<i>`, sharing one password hash of
 * 123456 (a hash costs tens of ms), also as the pay password with `payPassword`.
 */
export async function makeShoppers(s: TestServer, count: number, prefix: string, nickname: string, { payPassword = false } = {}): Promise<PgShopper[]> {
  const hash = await hashPassword('123456');
  const stamp = Date.now() % 100000;
  const rows = await s.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ username: `${prefix}${stamp}x${i}`, password: hash, ...(payPassword ? { pay_password: hash } : {}), nickname: `${nickname}${i}` })))
    .returning({ id: users.id, username: users.username });
  const shoppers: PgShopper[] = [];
  for (const row of rows) shoppers.push({ ...row, token: await s.login(row.username, '123456', 'users') });
  return shoppers;
}
