import { and, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Db, Tx } from '../../db/client';
import type { AppEnv } from '../context';
import { ApiError, langOf, ok } from '../envelope';
import { readInput } from '../input';
import { t, type Lang } from '../messages';
import { keyOf, prepare, rowWhere, writeContext } from './actions';
import { guardWrite } from './dbErrors';
import { crudFail } from './messages';
import type { ResolvedScope, Resource } from './resource';
import type { ImportError } from './importError';
import { importUniqueIssues, type ImportedValues } from './unique';
import { check, isBlankValue } from './validate';

/**
 * `POST {page}/import/excel` (rows as a JSON array, `{rows: [...]}` or form `rows[i][field]`): an
 * upsert by the resource's key within the caller's scope, all or nothing.
 *
 * - A row whose key (`id`, or `code` for areas) names a live row of the caller's scope updates it,
 *   with the update form's validation (only the fields the row carries are written).
 * - A row without a key, or with a key no live row has, creates a row (the key is not reused).
 * - A key of a live row outside the caller's scope (another store's) is refused, never updated.
 * - Nothing is written unless every row passes: field validation (the form's translated
 *   messages), the resource's `unique` rules against the table and within the file, and its
 *   write hooks. The answer lists every problem as `{row, field, message}`: `row` is the index
 *   in the submitted array, `field` the key of the field (the client shows its label), `message`
 *   says what is wrong without naming the field.
 */

type Row = Record<string, unknown>;

/** Most rows one import takes. */
export const IMPORT_LIMIT = 5000;
const INSERT_CHUNK = 500;
const LOOKUP_CHUNK = 1000;

export type { ImportError } from './importError';

export interface ImportOptions {
  /**
   * Asked once when some row updates an existing one: throws when the caller may not update
   * (the update action's guard). Absent: the page has no update, so such rows are refused.
   */
  mayUpdate?: () => Promise<void> | void;
}

/** Rows as sent: a JSON array, `{rows: [...]}`, or form `rows[0][field]=…` (qs may give an object keyed by index). */
function rowsOf(input: Row): unknown[] | undefined {
  const rows = input.rows;
  if (Array.isArray(rows)) return rows;
  if (rows && typeof rows === 'object') {
    const entries = Object.entries(rows);
    if (entries.every(([key]) => /^\d+$/.test(key))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, row]) => row);
  }
  return undefined;
}

/** How many rows' `beforeTransaction` run at once: password hashing runs on libuv's pool of 4 threads; the rest stay for other requests. */
const TRANSFORM_CONCURRENCY = 2;

type Planned =
  | { kind: 'create'; row: number; values: Row }
  | { kind: 'update'; row: number; key: unknown; values: Row; current: Row };

const refused = (errors: ImportError[]) => {
  const count = new Set(errors.map((e) => e.row)).size;
  errors.sort((a, b) => a.row - b.row);
  return crudFail('crud.importInvalid', { count }, 422, { field: 'rows', errors });
};

/** A hook's refusal as the row's error: its message on the field it names (`data.field`). */
function hookError(err: ApiError, row: number, lang: Lang): ImportError {
  const data = err.dataIn(lang) as { field?: unknown } | null | undefined;
  const field = data && typeof data === 'object' && typeof data.field === 'string' ? data.field : 'input';
  return { row, field, message: t(err.key, lang, err.vars) };
}

/** Live rows of the caller's scope with these keys (all readable fields), by key text. */
async function rowsInScope(tx: Tx, r: Resource, scope: ResolvedScope<PgTable>, keys: unknown[]): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    const rows = (await tx
      .select({ ...(r.fields as Record<string, PgColumn>), $key: r.keyColumn })
      .from(r.config.table)
      .where(and(inArray(r.keyColumn, keys.slice(start, start + LOOKUP_CHUNK)), r.fixedWhere(scope)(r.config.table)))) as Row[];
    for (const { $key, ...row } of rows) found.set(String($key), row);
  }
  return found;
}

/** Keys among these that a live row outside the caller's scope holds. */
async function foreignKeys(tx: Tx, r: Resource, keys: unknown[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    const rows = await tx
      .select({ key: r.keyColumn })
      .from(r.config.table)
      .where(and(inArray(r.keyColumn, keys.slice(start, start + LOOKUP_CHUNK)), r.liveWhere));
    for (const row of rows) found.add(String(row.key));
  }
  return found;
}

/** Applies the resource's `beforeTransaction` to every planned row, a few at a time. */
async function transformAll(planned: Planned[], transform: (values: Row, action: 'update' | 'import') => Row | Promise<Row>) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < planned.length; i = next++) {
      const plan = planned[i];
      plan.values = await transform(plan.values, plan.kind === 'update' ? 'update' : 'import');
    }
  };
  await Promise.all(Array.from({ length: Math.min(TRANSFORM_CONCURRENCY, planned.length) }, worker));
}

export async function importAction(c: Context<AppEnv>, r: Resource, options: ImportOptions = {}): Promise<Response> {
  const db: Db = c.get('services').db;
  const lang = langOf(c);
  const input = await readInput(c);
  const rows = rowsOf(input);
  if (!rows || rows.length === 0) throw crudFail('crud.importEmpty', undefined, 422, { field: 'rows' });
  const limit = r.config.importLimit ?? IMPORT_LIMIT;
  if (rows.length > limit) throw crudFail('crud.importTooMany', { max: limit, count: rows.length }, 422, { field: 'rows', max: limit });
  const scope = await r.scopeFor(c, db);
  const keyName = r.keyName;

  // The key of each row: undefined (none given), or the key's value; a key that cannot be one is an error.
  const errors: ImportError[] = [];
  const badKeys = new Set<number>();
  const keys: (unknown | undefined)[] = rows.map((row, index) => {
    const raw = row && typeof row === 'object' ? (row as Row)[keyName] : undefined;
    if (isBlankValue(raw)) return undefined;
    const key = typeof raw === 'string' || typeof raw === 'number' ? keyOf(r, String(raw).trim()) : undefined;
    if (key === undefined) {
      badKeys.add(index);
      errors.push({ row: index, field: keyName, message: t('crud.issue.invalid', lang) });
    }
    return key;
  });
  const seen = new Map<string, number>();
  keys.forEach((key, index) => {
    if (key === undefined) return;
    const first = seen.get(String(key));
    if (first === undefined) seen.set(String(key), index);
    else {
      badKeys.add(index);
      errors.push({ row: index, field: keyName, message: t('crud.duplicateInFile', lang, { value: String(key) }) });
    }
  });

  // Planning reads and checks run before the transaction: the update permission (its guard reads
  // the database itself; on PGlite's single connection it would wait behind the open
  // transaction), the validation, and the rows' CPU work (password hashing): an open transaction
  // holds PGlite's only connection, so nothing slow may run inside it. The transaction reads the
  // rows again; a row that was added, changed hands or went away meanwhile is refused.
  const given = [...new Set(keys.filter((key) => key !== undefined))];
  const mine0 = given.length ? await rowsInScope(db as unknown as Tx, r, scope, given) : new Map<string, Row>();
  let mayUpdate = false;
  if (options.mayUpdate && mine0.size > 0) {
    await options.mayUpdate();
    mayUpdate = true;
  }
  const others0 = given.length ? await foreignKeys(db as unknown as Tx, r, given.filter((key) => !mine0.has(String(key)))) : new Set<string>();

  // Validation: the update form for rows that update, the import (create) form for the others.
  const planned: Planned[] = [];
  let updates = 0;
  rows.forEach((raw, index) => {
    if (badKeys.has(index)) return;
    const key = keys[index];
    const current = key === undefined ? undefined : mine0.get(String(key));
    if (key !== undefined && !current && others0.has(String(key))) {
      errors.push({ row: index, field: keyName, message: t('crud.importForeign', lang, { key: String(key) }) });
      return;
    }
    if (current) {
      if (!mayUpdate) {
        errors.push({ row: index, field: keyName, message: t('crud.importNoUpdate', lang, { key: String(key) }) });
        return;
      }
      const checked = check(r.updateSchema, raw, lang);
      if (!checked.ok) {
        errors.push(...checked.issues.map((issue) => ({ row: index, field: issue.field, message: issue.message })));
        return;
      }
      const sent = raw as Row;
      const values = Object.fromEntries(
        Object.entries(checked.data as Row).filter(([field, value]) => Object.hasOwn(sent, field) && value !== undefined),
      );
      updates++;
      planned.push({ kind: 'update', row: index, key, values, current });
      return;
    }
    const checked = check(r.importSchema, raw, lang);
    if (!checked.ok) errors.push(...checked.issues.map((issue) => ({ row: index, field: issue.field, message: issue.message })));
    else planned.push({ kind: 'create', row: index, values: checked.data as Row });
  });
  // Only for an import that may still pass (a refused one is not worth the CPU).
  if (errors.length === 0 && r.config.beforeTransaction) await transformAll(planned, r.config.beforeTransaction);

  const result = await guardWrite(() =>
    db.transaction(async (tx) => {
      const mine = given.length ? await rowsInScope(tx, r, scope, given) : new Map<string, Row>();
      const createKeys = planned.filter((p) => p.kind === 'create' && keys[p.row] !== undefined).map((p) => keys[p.row]);
      const taken = createKeys.length ? await foreignKeys(tx, r, createKeys) : new Set<string>();
      for (const plan of planned) {
        const key = plan.kind === 'update' ? plan.key : keys[plan.row];
        if (key === undefined) continue;
        const now = mine.get(String(key));
        // an update's row must still be there as planned; a create's key must still be free
        if (plan.kind === 'update' ? !now : now || taken.has(String(key))) {
          errors.push({ row: plan.row, field: keyName, message: t('crud.importChanged', lang, { key: String(key) }) });
        } else if (plan.kind === 'update') plan.current = now!;
      }

      // Values no two rows may share, in the file and against the table (updated rows with their new values).
      const effective: ImportedValues[] = planned.map((p) =>
        p.kind === 'create'
          ? { row: p.row, values: { ...p.values, ...(scope.values as Row) } }
          : { row: p.row, key: p.key, current: p.current, values: { ...p.current, ...p.values } },
      );
      errors.push(...(await importUniqueIssues(tx, r, scope, effective, lang)));
      if (errors.length > 0) throw refused(errors);

      // The write hooks, row by row; their refusals are reported like validation errors.
      const finals: { plan: Planned; values: Row }[] = [];
      for (const plan of planned) {
        if (plan.kind === 'update' && Object.keys(plan.values).length === 0) continue;
        const ctx = plan.kind === 'update' ? writeContext(c, 'update', tx, { id: plan.key, row: plan.row }) : writeContext(c, 'import', tx, { row: plan.row });
        try {
          finals.push({ plan, values: await prepare(r, plan.values, scope, ctx) });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          errors.push(hookError(err, plan.row, lang));
        }
      }
      if (errors.length > 0) throw refused(errors);

      const creates = finals.filter((f) => f.plan.kind === 'create');
      for (let start = 0; start < creates.length; start += INSERT_CHUNK) {
        const chunk = creates.slice(start, start + INSERT_CHUNK);
        const inserted = await tx
          .insert(r.config.table)
          .values(chunk.map((f) => f.values))
          .returning(r.fields as Record<string, PgColumn>);
        if (r.config.afterWrite) {
          for (const [offset, row] of inserted.entries()) await r.config.afterWrite(row, writeContext(c, 'import', tx, { row: chunk[offset].plan.row }));
        }
      }
      for (const { plan, values } of finals) {
        if (plan.kind !== 'update') continue;
        const [updated] = await tx
          .update(r.config.table)
          .set(values)
          .where(rowWhere(r, scope, plan.key))
          .returning(r.fields as Record<string, PgColumn>);
        if (r.config.afterWrite && updated) await r.config.afterWrite(updated, writeContext(c, 'update', tx, { id: plan.key, row: plan.row }));
      }
      return { imported: planned.length, created: planned.length - updates, updated: updates };
    }),
  );
  return ok(c, result);
}
