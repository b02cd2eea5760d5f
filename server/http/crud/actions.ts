import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../context';
import { ApiError, fail, langOf, ok } from '../envelope';
import { readInput } from '../input';
import { coerceValue } from './coerce';
import { crudFail } from './messages';
import { guardWrite } from './dbErrors';
import { planList } from './listQuery';
import { runList } from './listRun';
import { assertNoDependents } from './dependents';
import type { DeleteContext, DeleteRow, ResolvedScope, Resource, WriteContext } from './resource';
import { assertUnique } from './unique';
import { validateIn } from './validate';

/** The six generic actions (api.md §2.4–2.5), in the envelope. Routing is in resource.ts. */

type Row = Record<string, unknown>;
type AnyResource = Resource;

/** Most ids one DELETE takes. */
export const DESTROY_LIMIT = 1000;

const dbOf = (c: Context<AppEnv>): Db => c.get('services').db;
const notFound = () => fail('notFound', undefined, 404);

/** A path id of the key's type, or undefined (a non-numeric id finds nothing). */
export function keyOf(r: AnyResource, raw: string): unknown {
  try {
    return coerceValue(r.keyColumn, 'id', raw);
  } catch (err) {
    if (err instanceof ApiError) return undefined;
    throw err;
  }
}

export function rowWhere(r: AnyResource, scope: ResolvedScope<PgTable>, id: unknown) {
  return and(eq(r.keyColumn, id), r.fixedWhere(scope)(r.config.table));
}

export async function findRow(db: Db, r: AnyResource, scope: ResolvedScope<PgTable>, id: unknown): Promise<Row | undefined> {
  const rows = await db.select(r.fields as Record<string, PgColumn>).from(r.config.table).where(rowWhere(r, scope, id)).limit(1);
  return rows[0];
}

/** Scope values win over the request, before and after the hook. */
export async function prepare(r: AnyResource, values: Row, scope: ResolvedScope<PgTable>, ctx: WriteContext): Promise<Row> {
  const forced = scope.values as Row;
  const merged = { ...values, ...forced };
  const hooked = (await r.config.beforeWrite?.(merged, ctx)) ?? merged;
  return { ...hooked, ...forced };
}

/** The resource's `beforeTransaction` (password hashing) on validated values; call it before opening the write's transaction. */
export async function outsideTransaction(r: AnyResource, values: Row, action: WriteContext['action']): Promise<Row> {
  if (!r.config.beforeTransaction || Object.keys(values).length === 0) return values;
  return (await r.config.beforeTransaction(values, action)) as Row;
}

export function writeContext(c: Context<AppEnv>, action: WriteContext['action'], tx: WriteContext['tx'], extra: Partial<WriteContext> = {}): WriteContext {
  return { action, c, caller: c.get('caller'), tx, ...extra };
}

export async function indexAction(c: Context<AppEnv>, r: AnyResource): Promise<Response> {
  const db = dbOf(c);
  const plan = planList(r.listSpec, await readInput(c));
  const scope = await r.scopeFor(c, db);
  return ok(c, await runList(db, r.listSource(scope), plan, (row) => r.present(row)));
}

export async function showAction(c: Context<AppEnv>, r: AnyResource): Promise<Response> {
  const db = dbOf(c);
  const id = keyOf(r, c.req.param('id') ?? '');
  if (id === undefined) throw notFound();
  const row = await findRow(db, r, await r.scopeFor(c, db), id);
  if (!row) throw notFound();
  return ok(c, r.present(row));
}

export async function storeAction(c: Context<AppEnv>, r: AnyResource): Promise<Response> {
  const db = dbOf(c);
  const scope = await r.scopeFor(c, db);
  const validated = validateIn(r.createSchema, await readInput(c), langOf(c)) as Row;
  const values = await outsideTransaction(r, validated, 'store');
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const ctx = writeContext(c, 'store', tx);
      const final = await prepare(r, values, scope, ctx);
      await assertUnique(tx, r, scope, final);
      const [created] = await tx.insert(r.config.table).values(final).returning(r.fields as Record<string, PgColumn>);
      await r.config.afterWrite?.(created, ctx);
      return created;
    }),
  );
  return ok(c, r.present(row));
}

export async function updateAction(c: Context<AppEnv>, r: AnyResource): Promise<Response> {
  const db = dbOf(c);
  const id = keyOf(r, c.req.param('id') ?? '');
  if (id === undefined) throw notFound();
  const scope = await r.scopeFor(c, db);
  const input = await readInput(c);
  const parsed = validateIn(r.updateSchema, input, langOf(c)) as Row;
  // Only the writable fields the request actually sent; absent ones keep their value.
  const given = Object.fromEntries(Object.entries(parsed).filter(([key, value]) => Object.hasOwn(input, key) && value !== undefined));
  const sent = await outsideTransaction(r, given, 'update');
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const ctx = writeContext(c, 'update', tx, { id });
      const current = await findRow(tx as unknown as Db, r, scope, id);
      if (!current) throw notFound();
      if (Object.keys(sent).length === 0) return current;
      const final = await prepare(r, sent, scope, ctx);
      await assertUnique(tx, r, scope, final, id, current);
      const [updated] = await tx
        .update(r.config.table)
        .set(final)
        .where(rowWhere(r, scope, id))
        .returning(r.fields as Record<string, PgColumn>);
      if (!updated) throw notFound();
      await r.config.afterWrite?.(updated, ctx);
      return updated;
    }),
  );
  return ok(c, r.present(row));
}

/** A row's name in messages: its label column, `#<key>` when that is blank (a store draft has no name yet). */
const labelOf = (label: unknown, key: unknown) => (label === null || label === undefined ? String(key) : String(label).trim() === '' ? `#${String(key)}` : String(label));

/**
 * DELETE path/1,2,3: the rows of the caller's scope among the ids (others are ignored; none is a
 * 404), all or none: `beforeDelete` may refuse, and a row that still has a dependent
 * (resource `dependents`) refuses the whole request before anything is written.
 */
export async function destroyAction(c: Context<AppEnv>, r: AnyResource): Promise<Response> {
  const db = dbOf(c);
  const raw = c.req.param('ids') ?? '';
  const parts = raw.split(',');
  if (parts.length > DESTROY_LIMIT) throw crudFail('crud.tooMany', { field: 'ids', max: DESTROY_LIMIT }, 422, { field: 'ids' });
  const ids = parts.map((part) => keyOf(r, part));
  if (ids.some((id) => id === undefined || id === '')) throw crudFail('crud.badIds', { ids: raw.slice(0, 100) }, 422, { field: 'ids' });
  const scope = await r.scopeFor(c, db);
  const done = await guardWrite(() =>
    db.transaction(async (tx) => {
      const where = and(inArray(r.keyColumn, [...new Set(ids)]), r.fixedWhere(scope)(r.config.table));
      // Locked, so no concurrent delete or update of these rows slips between the checks and the write.
      const found = await tx.select({ key: r.keyColumn, label: r.labelColumn }).from(r.config.table).where(where).for('update');
      if (found.length === 0) throw notFound();
      // In the order asked: the first refused one names the problem.
      const asked = new Map(ids.map((id, index) => [String(id), index]));
      const rows: DeleteRow[] = found
        .map((row) => ({ key: row.key, label: labelOf(row.label, row.key) }))
        .sort((a, b) => asked.get(String(a.key))! - asked.get(String(b.key))!);
      const ctx: DeleteContext = { c, caller: c.get('caller'), tx };
      await r.config.beforeDelete?.(rows, ctx);
      await assertNoDependents(tx, r, rows);
      const keys = rows.map((row) => row.key);
      const target = and(inArray(r.keyColumn, keys), r.fixedWhere(scope)(r.config.table));
      const deleted = r.config.softDelete
        ? await tx.update(r.config.table).set({ deleted_at: sql`now()` }).where(target).returning({ id: r.keyColumn })
        : await tx.delete(r.config.table).where(target).returning({ id: r.keyColumn });
      await r.config.afterDelete?.(deleted.map((row) => row.id), ctx);
      return deleted.length;
    }),
  );
  return ok(c, done);
}
