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
import type { ResolvedScope, Resource, WriteContext } from './resource';
import { check, validateIn } from './validate';

/** The six generic actions (api.md §2.4–2.5), in the envelope. Routing is in resource.ts. */

type Row = Record<string, unknown>;
type AnyResource = Resource;

/** Most ids one DELETE takes, and most rows one import takes. */
export const DESTROY_LIMIT = 1000;
export const IMPORT_LIMIT = 5000;
const INSERT_CHUNK = 500;

const dbOf = (c: Context<AppEnv>): Db => c.get('services').db;
const notFound = () => fail('notFound', undefined, 404);

/** A path id of the key's type, or undefined (a non-numeric id finds nothing). */
function keyOf(r: AnyResource, raw: string): unknown {
  try {
    return coerceValue(r.keyColumn, 'id', raw);
  } catch (err) {
    if (err instanceof ApiError) return undefined;
    throw err;
  }
}

function rowWhere(r: AnyResource, scope: ResolvedScope<PgTable>, id: unknown) {
  return and(eq(r.keyColumn, id), r.fixedWhere(scope)(r.config.table));
}

async function findRow(db: Db, r: AnyResource, scope: ResolvedScope<PgTable>, id: unknown): Promise<Row | undefined> {
  const rows = await db.select(r.fields as Record<string, PgColumn>).from(r.config.table).where(rowWhere(r, scope, id)).limit(1);
  return rows[0];
}

/** Scope values win over the request, before and after the hook. */
async function prepare(r: AnyResource, values: Row, scope: ResolvedScope<PgTable>, ctx: WriteContext): Promise<Row> {
  const forced = scope.values as Row;
  const merged = { ...values, ...forced };
  const hooked = (await r.config.beforeWrite?.(merged, ctx)) ?? merged;
  return { ...hooked, ...forced };
}

function writeContext(c: Context<AppEnv>, action: WriteContext['action'], tx: WriteContext['tx'], extra: Partial<WriteContext> = {}): WriteContext {
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
  const values = validateIn(r.createSchema, await readInput(c), langOf(c)) as Row;
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const ctx = writeContext(c, 'store', tx);
      const final = await prepare(r, values, scope, ctx);
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
  const sent = Object.fromEntries(Object.entries(parsed).filter(([key, value]) => Object.hasOwn(input, key) && value !== undefined));
  const row = await guardWrite(() =>
    db.transaction(async (tx) => {
      const ctx = writeContext(c, 'update', tx, { id });
      const current = await findRow(tx as unknown as Db, r, scope, id);
      if (!current) throw notFound();
      if (Object.keys(sent).length === 0) return current;
      const final = await prepare(r, sent, scope, ctx);
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

export async function destroyAction(c: Context<AppEnv>, r: AnyResource): Promise<Response> {
  const db = dbOf(c);
  const raw = c.req.param('ids') ?? '';
  const parts = raw.split(',');
  if (parts.length > DESTROY_LIMIT) throw crudFail('crud.tooMany', { field: 'ids', max: DESTROY_LIMIT }, 422, { field: 'ids' });
  const ids = parts.map((part) => keyOf(r, part));
  if (ids.some((id) => id === undefined || id === '')) throw crudFail('crud.badIds', { ids: raw.slice(0, 100) }, 422, { field: 'ids' });
  const scope = await r.scopeFor(c, db);
  const where = and(inArray(r.keyColumn, [...new Set(ids)]), r.fixedWhere(scope)(r.config.table));
  const done = r.config.softDelete
    ? await db.update(r.config.table).set({ deleted_at: sql`now()` }).where(where).returning({ id: r.keyColumn })
    : await db.delete(r.config.table).where(where).returning({ id: r.keyColumn });
  if (done.length === 0) throw notFound();
  return ok(c, done.length);
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

export interface ImportError {
  /** Index of the row in the submitted array (0-based, as `rows[i]`). */
  row: number;
  field: string;
  message: string;
}

export async function importAction(c: Context<AppEnv>, r: AnyResource): Promise<Response> {
  const db = dbOf(c);
  const lang = langOf(c);
  const rows = rowsOf(await readInput(c));
  if (!rows || rows.length === 0) throw crudFail('crud.importEmpty', undefined, 422, { field: 'rows' });
  if (rows.length > IMPORT_LIMIT) throw crudFail('crud.tooMany', { field: 'rows', max: IMPORT_LIMIT }, 422, { field: 'rows' });

  const parsed: Row[] = [];
  const errors: ImportError[] = [];
  rows.forEach((row, index) => {
    const result = check(r.importSchema, row, lang);
    if (result.ok) parsed.push(result.data as Row);
    else errors.push(...result.issues.map((issue) => ({ row: index, field: issue.field, message: issue.message })));
  });
  if (errors.length > 0) {
    const count = new Set(errors.map((e) => e.row)).size;
    throw crudFail('crud.importInvalid', { count }, 422, { field: 'rows', errors });
  }

  const scope = await r.scopeFor(c, db);
  await guardWrite(() =>
    db.transaction(async (tx) => {
      const finals: Row[] = [];
      for (const [index, values] of parsed.entries()) finals.push(await prepare(r, values, scope, writeContext(c, 'import', tx, { row: index })));
      for (let start = 0; start < finals.length; start += INSERT_CHUNK) {
        const inserted = await tx
          .insert(r.config.table)
          .values(finals.slice(start, start + INSERT_CHUNK))
          .returning(r.fields as Record<string, PgColumn>);
        if (r.config.afterWrite) {
          for (const [offset, row] of inserted.entries()) await r.config.afterWrite(row, writeContext(c, 'import', tx, { row: start + offset }));
        }
      }
    }),
  );
  return ok(c, { imported: parsed.length });
}
