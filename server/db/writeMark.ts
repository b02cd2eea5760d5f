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

/**
 * Values read from an embedded database, kept until its next write of any kind and at most
 * `maxAgeMs` (for what changes with time alone), shared by concurrent callers; at most `maxKeys`
 * per database, the least recently loaded dropped first; a failed load is forgotten at once. On
 * PostgreSQL (no mark), and inside a transaction, every call loads.
 */
export function keptUntilWrite<T>(maxKeys: number, maxAgeMs: number) {
  interface Entry { mark: number; at: number; value: Promise<T> }
  const byDb = new WeakMap<object, Map<string | number, Entry>>();
  return (db: object, key: string | number, load: () => Promise<T>): Promise<T> => {
    const mark = writeMark(db as Db);
    if (mark === null) return load();
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = new Map()));
    const hit = kept.get(key);
    if (hit && hit.mark === mark && Date.now() - hit.at < maxAgeMs) return hit.value;
    const entry: Entry = { mark, at: Date.now(), value: load() };
    kept.delete(key);
    if (kept.size >= maxKeys) kept.delete(kept.keys().next().value!);
    kept.set(key, entry);
    const map = kept;
    entry.value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    return entry.value;
  };
}
