import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The database types, below client.ts and its connection helpers (authMark, writeMark). */
export type Schema = typeof schema;
/** One type for both drivers: the shared Postgres dialect of Drizzle. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
