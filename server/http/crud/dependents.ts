import { and, count, getTableColumns, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { fail } from '../envelope';
import { t, type Lang } from '../messages';
import type { DeleteRow, Dependent, DependentHit, Resource } from './resource';

/**
 * The resource's `dependents` (resource.ts Dependent): before a delete writes anything, every row
 * it would delete is checked against each dependent; one row that still has any refuses the whole
 * request (422 on `ids`), naming the row and what holds it. `data.blocked` lists every refused row.
 */

/** How many names of dependents a message lists. */
const NAMES_SHOWN = 3;

interface Blocked {
  row: DeleteRow;
  message: string;
  vars: Record<string, string | number>;
}

/** The first names (alphabetically) of a group, for `DependentHit.names` in a grouped query. */
export const firstNames = (column: PgColumn) =>
  sql<string[] | null>`(array_agg(${column}::text order by ${column}))[1:${sql.raw(String(NAMES_SHOWN))}]`;

const live = (table: PgTable) => {
  const deletedAt = (getTableColumns(table) as Record<string, PgColumn>).deleted_at;
  return deletedAt ? isNull(deletedAt) : undefined;
};

/** Hits of a table/column dependent: live rows whose `column` holds a deleted key (rows deleted with them excepted). */
async function tableHits(tx: Tx, r: Resource, dependent: Extract<Dependent, { table: PgTable }>, rows: readonly DeleteRow[]): Promise<DependentHit[]> {
  const keys = rows.map((row) => row.key);
  const sameTable = dependent.table === r.config.table;
  const where = and(inArray(dependent.column, keys), live(dependent.table), dependent.where, sameTable ? notInArray(r.keyColumn, keys) : undefined);
  const names = dependent.names ? firstNames(dependent.names) : sql<string[] | null>`null`;
  const found = await tx
    .select({ key: dependent.column, count: count(), names })
    .from(dependent.table)
    .where(where)
    .groupBy(dependent.column);
  return found.map((hit) => ({ key: hit.key, count: Number(hit.count), names: hit.names }));
}

function varsOf(row: DeleteRow, hit: DependentHit): Record<string, string | number> {
  const names = (hit.names ?? []).slice(0, NAMES_SHOWN);
  const more = hit.count > names.length ? '…' : '';
  return { name: row.label, count: hit.count, names: names.join(', ') + more, ...(hit.vars ?? {}) };
}

/** Throws the refusal when any of `rows` still has a dependent. */
export async function assertNoDependents(tx: Tx, r: Resource, rows: readonly DeleteRow[]): Promise<void> {
  const dependents = r.config.dependents ?? [];
  if (dependents.length === 0 || rows.length === 0) return;
  const blocked: Blocked[] = [];
  for (const dependent of dependents) {
    const hits = 'query' in dependent ? await dependent.query(tx, rows) : await tableHits(tx, r, dependent, rows);
    for (const hit of hits) {
      if (!(hit.count > 0)) continue;
      const row = rows.find((candidate) => String(candidate.key) === String(hit.key));
      if (row) blocked.push({ row, message: dependent.message, vars: varsOf(row, hit) });
    }
  }
  if (blocked.length === 0) return;
  // The first refused row (in the order asked) names the problem; every one is listed in data.
  const order = new Map(rows.map((row, index) => [String(row.key), index]));
  blocked.sort((a, b) => order.get(String(a.row.key))! - order.get(String(b.row.key))!);
  const [first] = blocked;
  throw fail(first.message, first.vars, 422, (lang: Lang) => ({
    field: 'ids',
    blocked: blocked.map((b) => ({ id: b.row.key, name: b.row.label, count: b.vars.count, message: t(b.message, lang, b.vars) })),
  }));
}
