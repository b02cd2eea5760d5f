import { count, isNull, type SQL, and } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TestServer } from '../helpers';

/** Live rows of a table (optionally matching `where`), read straight from the database. */
export async function liveRows(s: TestServer, table: PgTable & { deleted_at: never }, where?: SQL): Promise<number> {
  const [row] = await s.db
    .select({ n: count() })
    .from(table)
    .where(and(isNull(table.deleted_at), where));
  return Number(row.n);
}

/** Form fields for a list (`field[0]=a&field[1]=b`), as the SPA's qs encoding sends arrays. */
export function listField(field: string, values: (string | number)[]): Record<string, string | number> {
  return Object.fromEntries(values.map((value, index) => [`${field}[${index}]`, value]));
}
