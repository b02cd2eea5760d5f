import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import type { Db, Tx } from '../../db/client';
import { assertUnique, planList, runList, type Guard, type Resource, type WriteContext } from '../../http/crud';
import { findRow, outsideTransaction, prepare, rowWhere, writeContext } from '../../http/crud/actions';
import { guardWrite } from '../../http/crud/dbErrors';
import { validateIn } from '../../http/crud/validate';
import type { AppEnv } from '../../http/context';
import { fail, langOf, ok } from '../../http/envelope';
import { readInput } from '../../http/input';
import { idsOf } from './ids';

/**
 * A many-to-many list written with a resource (a staff member's `role_id[]`, a role's
 * `menu_id[]`): checked and saved in the same transaction as the row, and added to the rows
 * the list and show answers return. The resource's `beforeWrite`/`afterWrite` call
 * `relationOnCreate`; updates go through `mountRelationRoutes`, which also accepts a change of
 * the list alone.
 */
export interface Relation {
  /** Request and answer field of the ids, e.g. 'role_id'. */
  field: string;
  /** A create must name at least one id. */
  required: boolean;
  /** Throws a 422 unless every id may be linked by this caller. */
  check(tx: Tx, ctx: WriteContext, ids: number[]): Promise<void>;
  /** Replaces the links of row `rowId`. */
  save(tx: Tx, rowId: number, ids: number[]): Promise<void>;
  /** Extra answer fields per row id (the ids, and e.g. their names). */
  load(db: Db, rowIds: number[]): Promise<Map<number, Record<string, unknown>>>;
}

type Row = Record<string, unknown>;

async function requestedIds(relation: Relation, c: Context<AppEnv>, creating: boolean): Promise<number[] | undefined> {
  const ids = idsOf(await readInput(c), relation.field);
  if (relation.required && (creating ? !ids?.length : ids !== undefined && ids.length === 0)) {
    throw fail('sellerAdmin.idsRequired', { field: relation.field }, 422, { field: relation.field });
  }
  return ids;
}

/** beforeWrite part of a create: validates the requested ids (imports carry none). */
export async function relationBeforeCreate(relation: Relation, ctx: WriteContext): Promise<void> {
  if (ctx.action !== 'store') return;
  const ids = await requestedIds(relation, ctx.c, true);
  if (ids?.length) await relation.check(ctx.tx, ctx, ids);
}

/** afterWrite part of a create: saves the links of the new row. */
export async function relationAfterCreate(relation: Relation, row: Row, ctx: WriteContext): Promise<void> {
  if (ctx.action !== 'store') return;
  const ids = idsOf(await readInput(ctx.c), relation.field);
  if (ids?.length) await relation.save(ctx.tx, Number(row.id), ids);
}

async function withRelation(db: Db, relation: Relation, rows: Row[]): Promise<Row[]> {
  const extra = await relation.load(db, rows.map((row) => Number(row.id)));
  return rows.map((row) => ({ ...row, ...(extra.get(Number(row.id)) ?? {}) }));
}

/**
 * Registers list, show and update of `path` before `mountResource` does (the first matching
 * handler answers): the generic behaviour plus the relation fields.
 */
export function mountRelationRoutes(api: Hono<AppEnv>, path: string, resource: Resource, guard: Guard, relation: Relation): void {
  const r = resource;
  const dbOf = (c: Context<AppEnv>) => c.get('services').db;

  api.get(path, async (c) => {
    await guard(c, 'index', r.permissions.index);
    const db = dbOf(c);
    const plan = planList(r.listSpec, await readInput(c));
    const scope = await r.scopeFor(c, db);
    const result = await runList(db, r.listSource(scope), plan, (row) => r.present(row) as Row);
    if (Array.isArray(result)) return ok(c, await withRelation(db, relation, result as Row[]));
    return ok(c, { ...result, data: await withRelation(db, relation, result.data as Row[]) });
  });

  const idOf = (c: Context<AppEnv>) => {
    const raw = c.req.param('id') ?? '';
    if (!/^\d{1,9}$/.test(raw)) throw fail('notFound', undefined, 404);
    return Number(raw);
  };

  api.get(`${path}/:id`, async (c) => {
    await guard(c, 'show', r.permissions.show);
    const db = dbOf(c);
    const id = idOf(c);
    const row = await findRow(db, r, await r.scopeFor(c, db), id);
    if (!row) throw fail('notFound', undefined, 404);
    const [out] = await withRelation(db, relation, [r.present(row) as Row]);
    return ok(c, out);
  });

  api.on(['PUT', 'PATCH'], `${path}/:id`, async (c) => {
    await guard(c, 'update', r.permissions.update);
    const db = dbOf(c);
    const id = idOf(c);
    const scope = await r.scopeFor(c, db);
    const input = await readInput(c);
    const parsed = validateIn(r.updateSchema, input, langOf(c)) as Row;
    const given = Object.fromEntries(Object.entries(parsed).filter(([key, value]) => Object.hasOwn(input, key) && value !== undefined));
    const sent = await outsideTransaction(r, given, 'update');
    const ids = await requestedIds(relation, c, false);
    const row = await guardWrite(() =>
      db.transaction(async (tx) => {
        const ctx = writeContext(c, 'update', tx, { id });
        const current = await findRow(tx as unknown as Db, r, scope, id);
        if (!current) throw fail('notFound', undefined, 404);
        let updated = current;
        if (Object.keys(sent).length > 0) {
          const final = await prepare(r, sent, scope, ctx);
          await assertUnique(tx, r, scope, final, id, current);
          [updated] = (await tx
            .update(r.config.table as PgTable)
            .set(final)
            .where(rowWhere(r, scope, id))
            .returning(r.fields as Record<string, PgColumn>)) as Row[];
        }
        if (ids !== undefined) {
          await relation.check(tx, ctx, ids);
          await relation.save(tx, id, ids);
        }
        return updated;
      }),
    );
    const [out] = await withRelation(db, relation, [r.present(row) as Row]);
    return ok(c, out);
  });
}
