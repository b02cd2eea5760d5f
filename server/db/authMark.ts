import type pg from 'pg';
import type { Listener } from './listener';
import type { Db } from './types';
import { writeMark } from './writeMark';

/**
 * A count of the writes that can change a caller check (server/http/auth.ts `checkSession`):
 * sessions, admin and user accounts, admin roles, role links, grants and permissions. A check
 * read while the mark was M holds as long as the mark is still M.
 *
 * - Embedded database (PGlite): the write mark of every write (writeMark.ts); this process makes
 *   them all.
 * - PostgreSQL: other instances write there too, so the database tells every instance. Statement
 *   triggers on those tables (migration `perflist_auth_notify`) `pg_notify('souk_auth')` on
 *   commit; each instance LISTENs on a connection of its own and moves its mark when one lands.
 *   A write made through this process moves the mark itself, synchronously, when the statement
 *   (and the transaction it ran in) ends: this instance never waits for its own notification.
 *   While the listening connection is down (not yet connected, lost, reconnecting), there is no
 *   mark (null) and nothing is kept: a notification missed then could not be noticed.
 */
export const AUTH_CHANNEL = 'souk_auth';

export interface AuthMark {
  n: number;
  /** PostgreSQL: the listener is connected and listening. */
  live: boolean;
  /** Starts the listener on the first use of the mark (scripts that check no caller never listen). */
  start?: () => void;
}

const marks = new WeakMap<object, AuthMark>();

/** Tables whose writes can change a caller check (written bare or double-quoted in SQL). */
const AUTH_TABLES = /\b(auth_sessions|admins|users|admin_roles|admin_to_roles|admin_to_permissions|admin_permissions)\b/i;
const PLAIN_READ = /^\s*select\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b/i;

/** A statement that may write one of the auth tables (conservative: any non-SELECT naming one). */
export const touchesAuth = (text: string) => !PLAIN_READ.test(text) && AUTH_TABLES.test(text);

export function newAuthMark(): AuthMark {
  return { n: 0, live: false };
}

type AnyClient = new (...args: any[]) => pg.Client;

/**
 * A pg Client class whose statements that may write an auth table move `mark` when they end, and
 * again when the transaction they ran in ends (its commit is what makes the write visible).
 */
export function authTrackingClient<C extends AnyClient>(Base: C, mark: AuthMark): C {
  return class extends Base {
    /** An auth write ran in the open transaction of this connection. */
    authDirty = false;

    // pg's query() has many overloads: callback or promise, (text, values) or (config)
    override query(config: any, ...rest: any[]): any {
      const text = typeof config === 'string' ? config : config && typeof config === 'object' ? config.text : undefined;
      if (typeof text !== 'string') return (super.query as (...a: unknown[]) => unknown)(config, ...rest);
      const writes = touchesAuth(text);
      const ends = this.authDirty && TRANSACTION_END.test(text);
      if (!writes && !ends) return (super.query as (...a: unknown[]) => unknown)(config, ...rest);
      if (writes) this.authDirty = true;
      const done = () => {
        mark.n++;
        if (ends) this.authDirty = false;
      };
      const last = rest.length - 1;
      if (last >= 0 && typeof rest[last] === 'function') {
        const callback = rest[last] as (...a: unknown[]) => unknown;
        rest[last] = (...a: unknown[]) => {
          done();
          return callback(...a);
        };
        return (super.query as (...a: unknown[]) => unknown)(config, ...rest);
      }
      const result = (super.query as (...a: unknown[]) => unknown)(config, ...rest) as { then?: unknown } | undefined;
      if (result && typeof result.then === 'function') (result as Promise<unknown>).then(done, done);
      else done();
      return result;
    }
  } as C;
}

/**
 * Moves `mark` on every AUTH_CHANNEL notification the instance's listener (listener.ts) hears.
 * While it is not listening the mark is not live (nothing kept); each change of that state moves it.
 */
export function listenForAuthWrites(listener: Listener, mark: AuthMark): () => void {
  return listener.subscribe(
    AUTH_CHANNEL,
    () => {
      mark.n++;
    },
    (live) => {
      mark.live = live;
      mark.n++;
    },
  );
}

/** Registers `mark` as the auth mark of the database whose driver client is `client` (the pool). */
export function setAuthMark(client: object, mark: AuthMark): void {
  marks.set(client, mark);
}

/**
 * The auth mark of `db`, or null when no check may be kept: PostgreSQL while its listener is not
 * listening. PGlite: its write mark (every write counts).
 */
export function authMark(db: Db): number | null {
  const client = (db as unknown as { $client?: object }).$client;
  const mark = client ? marks.get(client) : undefined;
  if (mark) {
    if (mark.start) {
      const start = mark.start;
      mark.start = undefined;
      start();
    }
    return mark.live ? mark.n : null;
  }
  return writeMark(db);
}
