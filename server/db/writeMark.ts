import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

/**
 * A count of the writes made to an embedded database (PGlite), for caches that must never serve
 * anything a write changed. PGlite runs inside this process and its data directory is locked to
 * it (dataDirLock.ts), so every write to it passes through this client: a statement that is not
 * a plain SELECT, any multi-statement `exec`, and any transaction move the mark when they end.
 * A value read from the database while the mark was M holds as long as the mark is still M (a
 * write that lands between reading M and the read itself only makes the kept value newer, and
 * moves the mark anyway). PostgreSQL has no mark (null): other instances write there too.
 */
interface Mark { n: number }
const marks = new WeakMap<object, Mark>();

const PLAIN_READ = /^\s*select\b/i;
const SEQUENCE_WRITE = /\b(nextval|setval)\s*\(/i;
const isWrite = (text: unknown) => typeof text !== 'string' || !PLAIN_READ.test(text) || SEQUENCE_WRITE.test(text);

/** Wraps the client's query, exec and transaction so that writes move its mark. */
export function trackWrites(client: PGlite): void {
  if (marks.has(client)) return;
  const mark: Mark = { n: 0 };
  marks.set(client, mark);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (text: string, ...rest: unknown[]) => {
    try {
      return await (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
    } finally {
      if (isWrite(text)) mark.n++;
    }
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    try {
      return await exec(...args);
    } finally {
      mark.n++;
    }
  }) as PGlite['exec'];
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    try {
      return await transaction(...args);
    } finally {
      mark.n++;
    }
  }) as PGlite['transaction'];
}

/** The write mark of an embedded database, or null (PostgreSQL: no process sees every write). */
export function writeMark(db: Db): number | null {
  const client = (db as unknown as { $client?: object }).$client;
  const mark = client ? marks.get(client) : undefined;
  return mark ? mark.n : null;
}
