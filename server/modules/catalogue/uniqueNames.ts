import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Tx } from '../../db/client';
import type { WriteContext } from '../../http/crud';
import { crudFail } from '../../http/crud/messages';
import { fail, langOf } from '../../http/envelope';
import { t } from '../../http/messages';
import './messages';

/**
 * Catalogue names an operator expects to be unique within their scope: brands (all live brands),
 * goods classes (among the live classes of the same parent), a store's attributes. Names compare
 * as a person reads them: trimmed, case-insensitive, full-width = half-width (NFKC).
 *
 * Enforced here rather than by a unique index: databases written before hold duplicates, which
 * an index would refuse to build, and saving such a row again without renaming it stays allowed
 * (the operator can still fix its other fields). Checks of one kind and scope take a transaction
 * advisory lock, so two requests cannot both pass the check.
 */

export interface NamedTable {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  deleted_at: PgColumn;
}

/** The comparison key of a name. */
export const nameKey = (name: string) => name.normalize('NFKC').trim().toLowerCase();

const keySql = (column: PgColumn) => sql`lower(btrim(normalize(${column}, NFKC)))`;

/** Serialises name checks of one kind and scope until the transaction ends. */
export async function lockNames(tx: Tx, kind: string, scope: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`souk.names.${kind}`}), ${scope}::int)`);
}

/** A live row of the scope with the same name (other than `exceptId`), or undefined. */
export async function sameName(tx: Tx, t: NamedTable, name: string, scope: SQL | undefined, exceptId?: number) {
  const [row] = await tx
    .select({ id: t.id, name: t.name })
    .from(t.table)
    .where(and(isNull(t.deleted_at), scope, exceptId === undefined ? undefined : ne(t.id, exceptId), sql`${keySql(t.name)} = ${nameKey(name)}`))
    .limit(1);
  return row as { id: number; name: string } | undefined;
}

/** Names of one import request, per kind and scope (rows are checked before any is inserted). */
const importNames = new WeakMap<Context, Set<string>>();

/**
 * Refuses `name` when another live row of the scope has it: a 422 naming `name` (an import: the
 * import's usual row error). With `unchangedFrom` (an update), keeping the row's own name passes.
 */
export async function refuseTakenName(
  ctx: WriteContext,
  opts: { kind: string; scopeId: number; table: NamedTable; scope: SQL | undefined; name: string; messageKey: string; unchangedFrom?: string },
): Promise<void> {
  const { kind, scopeId, name, messageKey } = opts;
  if (opts.unchangedFrom !== undefined && nameKey(opts.unchangedFrom) === nameKey(name)) return;
  await lockNames(ctx.tx, kind, scopeId);
  const taken = await sameName(ctx.tx, opts.table, name, opts.scope, ctx.action === 'update' ? Number(ctx.id) : undefined);
  let inBatch = false;
  if (ctx.action === 'import') {
    const seen = importNames.get(ctx.c) ?? new Set<string>();
    importNames.set(ctx.c, seen);
    const key = `${kind}\u0000${scopeId}\u0000${nameKey(name)}`;
    inBatch = seen.has(key);
    seen.add(key);
  }
  if (!taken && !inBatch) return;
  if (ctx.action === 'import') {
    const message = t(messageKey, langOf(ctx.c), { name });
    throw crudFail('crud.importInvalid', { count: 1 }, 422, { field: 'rows', errors: [{ row: ctx.row ?? 0, field: 'name', message }] });
  }
  throw fail(messageKey, { name }, 422, { field: 'name' });
}

/** The row's current values of these columns (an update's starting point). */
export async function currentOf<T extends Record<string, PgColumn>>(tx: Tx, t: NamedTable, id: unknown, columns: T) {
  const [row] = await tx.select(columns).from(t.table).where(eq(t.id, Number(id)));
  return row as { [K in keyof T]: T[K]['_']['data'] } | undefined;
}
