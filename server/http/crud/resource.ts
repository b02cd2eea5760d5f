import { and, desc, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { AppEnv, Caller } from '../context';
import { assertListSpec, type ListSpec, type OrderTerm } from './listQuery';
import type { ListSource } from './listRun';
import { jsonSafe } from './present';

/**
 * A back-office table resource, defined once and mounted with the reference's routes
 * (api.md §1.3, §2.4–2.5). Wire names are the table's property names: the schema convention
 * makes them the snake_case column names the SPA reads and sends.
 */

export const CRUD_ACTIONS = ['index', 'show', 'store', 'update', 'destroy', 'import'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];
export type Area = 'admin' | 'seller' | 'user';

/** Auth and permission check, supplied by the caller; throws the 401/403 ApiError to refuse. */
export type Guard = (c: Context<AppEnv>, action: CrudAction, permission: string) => void | Promise<void>;

export type ColumnKey<T extends PgTable> = Extract<keyof T['_']['columns'], string>;
export type InsertRow<T extends PgTable> = T['$inferInsert'];
/** A row as read: the readable properties of the table. */
export type ReadRow<T extends PgTable, RK extends ColumnKey<T>> = Pick<T['$inferSelect'], RK>;
/** Values written to the table, by property name. */
export type WriteValues<T extends PgTable> = Partial<InsertRow<T>>;
/** zod fields of the create form; the update form is the same, every field optional. */
export type WritableShape<T extends PgTable> = { [K in keyof InsertRow<T>]?: z.ZodType<InsertRow<T>[K]> };

export interface ScopeContext {
  c: Context<AppEnv>;
  caller: Caller | undefined;
  db: Db;
}

/**
 * What the caller may see and write. `values` are forced on every write (e.g. the session's
 * store_id, never the request's) and also restrict every read, update and delete by equality;
 * `where` adds a condition (given the table, or the alias used for tree children).
 */
export interface Scope<T extends PgTable> {
  values?: WriteValues<T>;
  where?: (table: T) => SQL | undefined;
}

export interface WriteContext {
  action: 'store' | 'update' | 'import';
  c: Context<AppEnv>;
  caller: Caller | undefined;
  /** The transaction the write runs in: hook writes commit or roll back with it. */
  tx: Tx;
  /** The row being updated. */
  id?: unknown;
  /** The import row index. */
  row?: number;
}

/**
 * A value no two live rows may share (a courier code, a username, a role name within a store):
 * checked before every create, update and import row (an import also within its own file), so
 * the answer names the field and the value instead of a bare "already exists".
 */
export interface UniqueRule<T extends PgTable = PgTable> {
  column: ColumnKey<T>;
  /** true: among every live row of the table (usernames); default: within the caller's scope. */
  global?: boolean;
  /** Message key; vars `{value}`, `{field}` and `{<column>}` (default `crud.taken`). */
  message?: string;
  /**
   * 409 (default) when the value identifies a row (a login name, a call name looked up by other
   * code); 422 when it only keeps two rows apart in a picker (role names).
   */
  status?: 409 | 422;
  /**
   * Compare as a person reads a name: trimmed, case-insensitive, full-width = half-width (NFKC;
   * SQL `lower(btrim(normalize(column, NFKC)))`). Default: the value as stored.
   */
  normalized?: boolean;
  /** Unique only among the rows with the same value of this column (class names per parent `pid`). */
  within?: ColumnKey<T>;
  /**
   * The rows of an import that repeat a value within the file and are reported: `every`
   * occurrence (default), or the `later` ones (the first stands, as if entered one by one).
   */
  inFile?: 'every' | 'later';
}

/** Live rows that still depend on a row, per key of the rows being deleted. */
export interface DependentHit {
  /** The deleted row's key value (as the resource's key). */
  key: unknown;
  count: number;
  /** Names of some of the dependents (the message may list them). */
  names?: readonly string[] | null;
  /** More message variables. */
  vars?: Record<string, string | number>;
}

/**
 * Something a delete must not orphan. Either a table and the column that holds the deleted
 * row's key (live rows only; rows of the same table being deleted in the same request do not
 * count), or a query answering the hits for a set of rows. `message` takes `{name}` (the row's
 * label), `{count}`, `{names}` and the hit's own vars.
 */
export type Dependent =
  | { table: PgTable; column: PgColumn; where?: SQL; names?: PgColumn; message: string }
  | { query: (tx: Tx, rows: readonly DeleteRow[]) => PromiseLike<readonly DependentHit[]>; message: string };

/** A row about to be deleted: its key and its label (for messages). */
export interface DeleteRow {
  key: unknown;
  label: string;
}

export interface DeleteContext {
  c: Context<AppEnv>;
  caller: Caller | undefined;
  tx: Tx;
}

export interface ResourceConfig<T extends PgTable, RK extends ColumnKey<T>, Out> {
  table: T;
  /** Area and name make the permission names `<area>.<name>.<action>`. */
  area: Area;
  name: string;
  columns: {
    readable: readonly RK[];
    writable: WritableShape<T>;
    /** Property names (the parameter is the same name), or parameter → property. */
    filterable: readonly ColumnKey<T>[] | Readonly<Record<string, ColumnKey<T>>>;
    sortable?: readonly ColumnKey<T>[];
  };
  /** Primary key property, default 'id' (whole numbers: DELETE takes `1,2,3`). */
  key?: ColumnKey<T>;
  /** Default `key desc`, as the reference. */
  defaultOrder?: OrderTerm | readonly OrderTerm[];
  /**
   * Lazy tree (isChildren): the parent property; children point at `by` of their parent
   * (default the key: areas address rows by id but link a child to its parent's code).
   */
  tree?: { parent: ColumnKey<T>; by?: ColumnKey<T> };
  scope?: (ctx: ScopeContext) => Scope<T> | Promise<Scope<T>>;
  /** true: DELETE sets `deleted_at` and no read ever returns such a row. */
  softDelete: boolean;
  transform?: (row: ReadRow<T, RK>) => Out;
  /** May change the values (returning new ones) or throw an ApiError; scope values are re-applied after it. */
  beforeWrite?: (values: WriteValues<T>, ctx: WriteContext) => WriteValues<T> | void | Promise<WriteValues<T> | void>;
  afterWrite?: (row: ReadRow<T, RK>, ctx: WriteContext) => void | Promise<void>;
  /**
   * Work on validated values that needs no database (password hashing), run before the write's
   * transaction opens so it never holds the database (PGlite has one connection): create, update
   * and every import row. `beforeWrite` then sees its result.
   */
  beforeTransaction?: (values: WriteValues<T>, action: WriteContext['action']) => WriteValues<T> | Promise<WriteValues<T>>;
  /** Schema of one imported row; default the create schema. */
  importRow?: z.ZodType<WriteValues<T>>;
  /** Most rows one import takes (default IMPORT_LIMIT); lower where a row costs CPU (password hashing). */
  importLimit?: number;
  /** Values no two live rows may share (see UniqueRule). */
  unique?: readonly UniqueRule<T>[];
  /** What a delete must not orphan: a delete of rows any of which still has one is refused, whole. */
  dependents?: readonly Dependent[];
  /** The column naming a row in messages (default `name` when the table has one, else the key). */
  label?: ColumnKey<T>;
  /** Runs in the delete transaction before anything is written; throw an ApiError to refuse (protected rows). */
  beforeDelete?: (rows: readonly DeleteRow[], ctx: DeleteContext) => void | Promise<void>;
  /** Runs in the delete transaction after the rows are deleted (drop their links, cascade). */
  afterDelete?: (keys: readonly unknown[], ctx: DeleteContext) => void | Promise<void>;
}

export interface ResolvedScope<T extends PgTable> {
  values: WriteValues<T>;
  where: (table: T) => SQL | undefined;
  /** The scope values as text when they alone make the scope (no custom `where`); see ListSource.key. */
  key?: string;
}

export interface Resource<T extends PgTable = PgTable, RK extends ColumnKey<T> = ColumnKey<T>, Out = ReadRow<T, RK>> {
  readonly config: ResourceConfig<T, RK, Out>;
  /** `<area>.<name>.<action>` for every action, for the permission list. */
  readonly permissions: Readonly<Record<CrudAction, string>>;
  readonly permissionNames: readonly string[];
  readonly createSchema: z.ZodType<WriteValues<T>>;
  readonly updateSchema: z.ZodType<WriteValues<T>>;
  readonly importSchema: z.ZodType<WriteValues<T>>;
  readonly listSpec: ListSpec;
  readonly keyName: ColumnKey<T>;
  readonly keyColumn: PgColumn;
  /** The column naming a row in messages. */
  readonly labelColumn: PgColumn;
  /** "Not soft-deleted" for the table, without the scope (global unique rules). */
  readonly liveWhere: SQL | undefined;
  /** Readable columns by wire name, for select and returning. */
  readonly fields: Readonly<Record<string, PgColumn>>;
  /** Property names a create/update may write. */
  readonly writableKeys: readonly string[];
  scopeFor(c: Context<AppEnv>, db: Db): Promise<ResolvedScope<T>>;
  /** Scope plus "not soft-deleted", for the table or an alias of it. */
  fixedWhere(scope: ResolvedScope<T>): (table: PgTable) => SQL | undefined;
  listSource(scope: ResolvedScope<T>): ListSource;
  present(row: ReadRow<T, RK>): Out;
}

const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

function requireColumn(table: PgTable, key: string, why: string): PgColumn {
  const column = columnsOf(table)[key];
  if (!column) throw new Error(`crud: table has no property "${key}" (${why})`);
  return column;
}

export function defineResource<T extends PgTable, RK extends ColumnKey<T>, Out = ReadRow<T, RK>>(
  config: ResourceConfig<T, RK, Out>,
): Resource<T, RK, Out> {
  const { table, columns } = config;
  const keyName = (config.key ?? 'id') as ColumnKey<T>;
  const keyColumn = requireColumn(table, keyName, 'key');
  if (config.softDelete) requireColumn(table, 'deleted_at', 'softDelete');
  for (const rule of config.unique ?? []) {
    requireColumn(table, rule.column, 'unique');
    if (rule.within !== undefined) requireColumn(table, rule.within, 'unique within');
  }
  const labelColumn = config.label
    ? requireColumn(table, config.label, 'label')
    : (columnsOf(table).name ?? keyColumn);
  for (const key of columns.readable) requireColumn(table, key, 'readable');
  const writableKeys = Object.keys(columns.writable);
  for (const key of writableKeys) requireColumn(table, key, 'writable');

  const filterPairs: [string, string][] = Array.isArray(columns.filterable)
    ? (columns.filterable as readonly string[]).map((key) => [key, key])
    : Object.entries(columns.filterable as Record<string, string>);
  const listSpec: ListSpec = {
    filterable: Object.fromEntries(filterPairs.map(([param, key]) => [param, requireColumn(table, key, `filter ${param}`)])),
    sortable: columns.sortable && Object.fromEntries(columns.sortable.map((key) => [key, requireColumn(table, key, 'sortable')])),
    defaultOrder: config.defaultOrder ?? desc(keyColumn),
    tree: config.tree && { parent: requireColumn(table, config.tree.parent, 'tree parent') },
  };
  assertListSpec(listSpec);

  const shape = columns.writable as Record<string, z.ZodType>;
  const createSchema = z.object(shape) as unknown as z.ZodType<WriteValues<T>>;
  const updateSchema = z.object(shape).partial() as unknown as z.ZodType<WriteValues<T>>;
  const fields = Object.fromEntries(columns.readable.map((key) => [key, columnsOf(table)[key]]));
  const permissions = Object.fromEntries(CRUD_ACTIONS.map((action) => [action, `${config.area}.${config.name}.${action}`])) as Record<CrudAction, string>;

  const fixedWhere = (scope: ResolvedScope<T>) => (target: PgTable) =>
    and(config.softDelete ? isNull(columnsOf(target).deleted_at) : undefined, scope.where(target as T));

  return {
    config,
    permissions,
    permissionNames: CRUD_ACTIONS.map((action) => permissions[action]),
    createSchema,
    updateSchema,
    importSchema: config.importRow ?? createSchema,
    listSpec,
    keyName,
    keyColumn,
    labelColumn,
    liveWhere: config.softDelete ? isNull(columnsOf(table).deleted_at) : undefined,
    fields,
    writableKeys,
    async scopeFor(c, db) {
      const scope = config.scope ? await config.scope({ c, caller: c.get('caller'), db }) : {};
      const values = (scope.values ?? {}) as WriteValues<T>;
      const entries = Object.entries(values as Record<string, unknown>);
      for (const [key] of entries) requireColumn(table, key, 'scope value');
      return {
        values,
        where: (target: T) =>
          and(...entries.map(([key, value]) => eq(columnsOf(target)[key], value)), scope.where?.(target)),
        key: scope.where ? undefined : JSON.stringify(entries, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
      };
    },
    fixedWhere,
    listSource(scope) {
      return {
        table,
        readable: columns.readable,
        fixedWhere: fixedWhere(scope),
        tree: config.tree && { parent: config.tree.parent, key: config.tree.by ?? keyName },
        key: scope.key === undefined ? undefined : `${config.area}.${config.name}:${scope.key}`,
      };
    },
    present(row) {
      return jsonSafe(config.transform ? config.transform(row) : (row as unknown as Out));
    },
  };
}
