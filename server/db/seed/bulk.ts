import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';

/**
 * Inserts many rows in one statement with one parameter (`json_populate_recordset` over the
 * table's own row type): PGlite spends far less time on one JSON text than on thousands of bound
 * values. Every row must carry the same keys (column names); other columns take their defaults.
 */
export async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: Partial<T['$inferInsert']>[]): Promise<void> {
  if (!rows.length) return;
  const { name, columns } = getTableConfig(table);
  const keys = Object.keys(rows[0]);
  const known = new Set(columns.map((c) => c.name));
  for (const key of keys) if (!known.has(key)) throw new Error(`insertMany: ${name} has no column ${key}`);
  const signature = keys.join(',');
  const wanted = new Set(keys);
  for (const row of rows) {
    const own = Object.keys(row);
    // rows built by one literal list their keys in one order: the cheap comparison first
    if (own.join(',') !== signature && (own.length !== keys.length || own.some((k) => !wanted.has(k)))) throw new Error(`insertMany: rows of ${name} differ in their keys`);
  }
  const list = sql.join(keys.map((k) => sql.identifier(k)), sql`, `);
  await tx.execute(
    sql`insert into ${sql.identifier(name)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(rows)}::json)`,
  );
}
