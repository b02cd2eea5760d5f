import type pg from 'pg';
import type { Db } from './types';

/**
 * A count of the writes made to an embedded database (PGlite), for caches that must never serve
 * anything a write changed. It serves this process alone (its data directory is locked to it,
 * dataDirLock.ts) over one connection, so every write to it passes through that connection: a
 * statement that is not a plain SELECT moves the mark when it ends.
 * A value read from the database while the mark was M holds as long as the mark is still M (a
 * write that lands between reading M and the read itself only makes the kept value newer, and
 * moves the mark anyway). PostgreSQL has no mark (null): other instances write there too.
 */
interface Mark { n: number }
const marks = new WeakMap<object, Mark>();

const PLAIN_READ = /^\s*select\b/i;
const SEQUENCE_WRITE = /\b(nextval|setval)\s*\(/i;
const isWrite = (text: unknown) => typeof text !== 'string' || !PLAIN_READ.test(text) || SEQUENCE_WRITE.test(text);

/**
 * A pg Client class whose statements that may write move the mark kept for `owner` (the pool
 * of the embedded database) when they end: BEGIN and COMMIT are such statements, so a transaction
 * moves the mark when it ends too.
 */
export function writeTrackingClient<C extends new (...args: any[]) => pg.Client>(Base: C, owner: object): C {
  const mark: Mark = { n: 0 };
  marks.set(owner, mark);
  return class extends Base {
    // pg's query() has many overloads: the promise forms are the ones Drizzle uses
    override query(config: any, ...rest: any[]): any {
      const text = typeof config === 'string' ? config : config?.text;
      const result = (super.query as (...args: unknown[]) => unknown)(config, ...rest) as Promise<unknown> | undefined;
      if (isWrite(text)) {
        const moved = () => void mark.n++;
        if (result && typeof result.then === 'function') result.then(moved, moved);
        else mark.n++;
      }
      return result;
    }
  };
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
