import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { ListPlan } from './listQuery';
import { keptUntilWrite } from '../../db/writeMark';

/** What a list reads: the table, the output columns by property name, and the fixed conditions. */
export interface ListSource {
  table: PgTable;
  /** property names of the table to output (they are the wire names, schema convention). */
  readable: readonly string[];
  /** Conditions that always apply (scope, not soft-deleted), built for the table or its alias. */
  fixedWhere: (table: PgTable) => SQL | undefined;
  /** Lazy tree: property names of the parent column and of the key the children point at. */
  tree?: { parent: string; key: string };
  /**
   * Extra output columns computed in the list statement itself (correlated subqueries on the
   * table), so a page needs no second round trip for them. A source with them needs its own `key`.
   */
  computed?: (table: PgTable) => Record<string, SQL>;
  /**
   * Names this source (the resource and the values its fixed conditions bake in) when those are
   * all that shape it: its lists are then compiled once per plan shape and kept. Absent: compiled
   * per request.
   */
  key?: string;
}

export interface Page<T> {
  data: T[];
  /** Exact, or (with `total_capped`) a lower bound: at least this many rows match. */
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  /** Present (true) when more rows match than were counted (COUNT_CAP): the pager says "at least". */
  total_capped?: true;
}

/**
 * The total of a page from a capped count: exact up to COUNT_CAP; past it a lower bound that
 * still covers the rows up to this page, plus one when the page is full (more may follow), so
 * the pager always offers the next page while there might be one.
 */
export function pageTotal(counted: number, page: number, perPage: number, shown: number, capped = counted > COUNT_CAP): { total: number; capped: boolean } {
  if (!capped) return { total: counted, capped: false };
  const seen = (page - 1) * perPage + shown;
  // a short page is the last one: its end is the exact total
  if (shown > 0 && shown < perPage) return { total: seen, capped: false };
  // a full page: at least one more row may follow; an empty page past the end knows only the count
  const counted0 = Math.min(counted, COUNT_CAP);
  return { total: shown === 0 ? counted0 : Math.max(counted0, seen + 1), capped: true };
}

/** The paginated answer of the contract (api.md §2.4), `total_capped` when the total is a lower bound. */
export function pageAnswer<T>(data: T[], total: number, capped: boolean, page: number, perPage: number): Page<T> {
  return { data, total, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), ...(capped ? { total_capped: true as const } : {}) };
}

type Row = Record<string, unknown>;
type Executor = Db | Tx;

function columnsOf(table: PgTable, keys: readonly string[]): Record<string, PgColumn> {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(keys.map((key) => [key, all[key]]));
}

/**
 * The first child of each row, as one LEFT JOIN LATERAL (… limit 1): one query for the whole
 * level, no per-row round trip.
 */
function firstChild(db: Executor, source: ListSource) {
  const tree = source.tree!;
  const child = alias(source.table, 'crud_child') as unknown as PgTable;
  const childColumns = getTableColumns(child) as Record<string, PgColumn>;
  const parentKey = (getTableColumns(source.table) as Record<string, PgColumn>)[tree.key];
  return db
    .select(columnsOf(child, source.readable))
    .from(child)
    .where(and(eq(childColumns[tree.parent], parentKey), source.fixedWhere(child)))
    .orderBy(asc(childColumns[tree.key]))
    .limit(1)
    .as('has_children');
}

/** The queries of one list plan, unexecuted; values are the plan's placeholders (+ limit, offset). */
export function listQueries(db: Executor, source: ListSource, plan: ListPlan) {
  const where = and(source.fixedWhere(source.table), plan.where);
  const fields: Record<string, PgColumn | SQL> = { ...columnsOf(source.table, source.readable), ...source.computed?.(source.table) };
  if (plan.mode.kind === 'children') {
    if (!source.tree) throw new Error('crud: isChildren planned for a list without a tree');
    const sub = firstChild(db, source);
    const subFields = sub as unknown as Record<string, PgColumn>;
    const childFields = Object.fromEntries(source.readable.map((key) => [key, subFields[key]]));
    const rows = db
      .select({ row: fields, child: childFields })
      .from(source.table)
      .leftJoinLateral(sub, sql`true`)
      .where(where)
      .orderBy(...plan.orderBy);
    return { kind: 'children' as const, rows };
  }
  if (plan.mode.kind === 'all') return { kind: 'all' as const, rows: db.select(fields).from(source.table).where(where).orderBy(...plan.orderBy) };
  const total = cappedCount(db, source.table, where);
  const id = (getTableColumns(source.table) as Record<string, PgColumn>).id;
  // A deferred join: the page's ids first (from the index that serves the filter and the order,
  // often without touching the table), then only those rows are read and their computed columns
  // run. An offset of 15,000 thus skips index entries, not rows. One round trip: the page carries
  // the total as an uncorrelated scalar subquery (an InitPlan, run once). Not `count(*) over ()`:
  // that makes PostgreSQL read every matching row before the first one is returned.
  const pageIds = id
    ? db.select({ id }).from(source.table).where(where).orderBy(...plan.orderBy).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
    : undefined;
  const rows = db
    .select({ ...fields, [TOTAL]: sql<number>`(${total})`.mapWith(Number) })
    .from(source.table)
    .where(pageIds ? inArray(id, pageIds) : where)
    .orderBy(...plan.orderBy)
    .$dynamic();
  if (!pageIds) rows.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  // `total` alone: only for an empty page past the first (nothing carried the count).
  return { kind: 'page' as const, rows, total: db.select({ total: sql<number>`(${total})`.mapWith(Number) }).from(sql`(select 1) as one`) };
}

/**
 * Matching rows are counted up to COUNT_CAP + 1: beyond it a page's total is a lower bound
 * (`total_capped`), which the pager shows as "at least". Counting every one of 300,000 orders
 * on each page view was most of a list's cost; counting 10,001 index entries is bounded.
 */
export const COUNT_CAP = 10_000;

/** `select count(*)` of at most COUNT_CAP + 1 rows of `table` matching `where`. */
export function cappedCount(db: Executor, table: PgTable, where: SQL | undefined) {
  const limited = db.select({ one: sql`1` }).from(table).where(where).limit(COUNT_CAP + 1).as('capped');
  return db.select({ n: count() }).from(limited);
}

/** The key of the total in a page row; no table property starts with a dollar. */
const TOTAL = '$total';

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };
type Compiled = { kind: 'children'; rows: Prepared } | { kind: 'all'; rows: Prepared } | { kind: 'page'; rows: Prepared; total: Prepared };

function compile(db: Executor, source: ListSource, plan: ListPlan): Compiled {
  const q = listQueries(db, source, plan);
  // An empty name: the driver names the statement after its text (db/namedStatements.ts).
  if (q.kind === 'page') return { kind: 'page', rows: q.rows.prepare(''), total: q.total.prepare('') };
  if (q.kind === 'all') return { kind: 'all', rows: q.rows.prepare('') };
  return { kind: 'children', rows: q.rows.prepare('') };
}

/** Most compiled lists kept per database, least recently used dropped first. */
const MAX_COMPILED = 500;
const compiledLists = new WeakMap<Executor, Map<string, Compiled>>();

/**
 * The compiled queries of a plan. Building and compiling a Drizzle query costs more than the
 * query itself on an indexed page, so lists of a keyed source are compiled once per shape.
 */
function compiledFor(db: Executor, source: ListSource, plan: ListPlan): Compiled {
  if (source.key === undefined) return compile(db, source, plan);
  let kept = compiledLists.get(db);
  if (!kept) compiledLists.set(db, (kept = new Map()));
  const key = `${source.key}\n${plan.shape}`;
  let compiled = kept.get(key);
  if (compiled) kept.delete(key);
  else compiled = compile(db, source, plan);
  kept.set(key, compiled);
  if (kept.size > MAX_COMPILED) kept.delete(kept.keys().next().value!);
  return compiled;
}

type Read =
  | { kind: 'children'; rows: { row: Row; child: Row }[] }
  | { kind: 'all'; rows: Row[] }
  | { kind: 'page'; rows: Row[]; total: number; capped: boolean; page: number; perPage: number };

/** The rows of a plan as the database returns them (the total of a page apart). */
async function read(db: Executor, source: ListSource, plan: ListPlan): Promise<Read> {
  const q = compiledFor(db, source, plan);
  if (q.kind === 'children') return { kind: 'children', rows: (await q.rows.execute(plan.values)) as { row: Row; child: Row }[] };
  if (q.kind === 'all') return { kind: 'all', rows: (await q.rows.execute(plan.values)) as Row[] };
  const { page, perPage } = plan.mode as { page: number; perPage: number };
  const rows = (await q.rows.execute({ ...plan.values, limit: perPage, offset: (page - 1) * perPage })) as Row[];
  let counted: number;
  if (rows.length > 0) counted = Number(rows[0][TOTAL]);
  else if (page > 1) counted = Number(((await q.total.execute(plan.values)) as { total: number }[])[0]?.total ?? 0);
  else counted = 0;
  for (const row of rows) delete row[TOTAL];
  return { kind: 'page', rows, ...pageTotal(counted, page, perPage, rows.length), page, perPage };
}

/**
 * Lists of a keyed source on the embedded database, kept until its next write (writeMark.ts):
 * a back-office page reloaded or polled while nothing changed costs no statement. A second at
 * most, for what a list shows that moves with the clock alone (an expired coupon's state).
 */
const keptReads = keptUntilWrite<Read>(MAX_COMPILED, 1000);
const ownRow = (row: Row) => ({ ...row });

/**
 * Runs a list plan. Output shapes of api.md §2.4: paginated `{data, total, per_page,
 * current_page, last_page}`; isAll and isChildren a bare array, each isChildren row with
 * `has_children` = its first child (presented like the rows) or null. `present` gets a row of
 * its own (it and the caller may change it: a kept read is never touched).
 */
export async function runList<Out>(
  db: Executor,
  source: ListSource,
  plan: ListPlan,
  present: (row: Row) => Out,
): Promise<Page<Out> | Out[] | (Out & { has_children: Out | null })[]> {
  const r =
    source.key === undefined
      ? await read(db, source, plan)
      : await keptReads(db, `${source.key}\n${plan.shape}\n${JSON.stringify(plan.values)}\n${JSON.stringify(plan.mode)}`, () => read(db, source, plan));
  if (r.kind === 'children') {
    const keyName = source.tree!.key;
    return r.rows.map(({ row, child }) => ({
      ...present(ownRow(row)),
      has_children: child && child[keyName] !== null && child[keyName] !== undefined ? present(ownRow(child)) : null,
    }));
  }
  if (r.kind === 'all') return r.rows.map((row) => present(ownRow(row)));
  return pageAnswer(r.rows.map((row) => present(ownRow(row))), r.total, r.capped, r.page, r.perPage);
}
