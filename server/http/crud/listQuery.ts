// Decision: a query parameter that is neither reserved nor whitelisted is ignored silently (the reference turned it into an SQL filter, api.md S7).
import { and, asc, between, desc, eq, gt, gte, inArray, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { crudFail, fieldFail } from './messages';
import { assertFilterable, coerceValue, isCharacterColumn } from './coerce';

/**
 * The list DSL of the reference's generic index (api.md §2.4), implemented once: request
 * parameters → a Drizzle `where`, an order and a paging mode. Pure: no database access here
 * (listRun.ts executes a plan).
 *
 * Value forms of a whitelisted parameter (`v|op` splits at the LAST `|`):
 *   v → `=` · [a, b] → `>= a and < b` (an empty bound is open) · v|like (contains) ·
 *   v|likeRight (prefix) · v|likeLeft (suffix) · v|gt · v|lt · v|ngt (>=, sic) · v|nlt (<=, sic) ·
 *   a,b,c|in · a,b|between · any other operator → no condition.
 * A blank value (`''`, or `|op` with nothing before it) means "no condition": that is what an
 * empty search field sends.
 */

/**
 * Keys that steer the list and never filter. `order_by` is ours (sortable whitelist). `pid` is
 * the parent of `isChildren`; without isChildren it filters like any other parameter when the
 * resource whitelists a `pid` parameter (an ad space's adverts, a category's articles), else it is
 * ignored (see `planList`).
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  'per_page', 'page', 'total', 'last_page', 'current_page', 'count',
  'isAll', 'isResource', 'isChildren', 'isWith', 'pid', 'lang', 'provider', 'order_by',
]);

export const PER_PAGE_DEFAULT = 30;
export const PER_PAGE_MAX = 400;
/** The page sizes the table UI offers. */
export const PER_PAGE_OPTIONS = [30, 100, 200, 300, 400] as const;
/** Most values one `|in` filter takes. */
export const IN_LIMIT = 1000;

export type OrderTerm = SQL | PgColumn;

export interface ListSpec {
  /** request parameter → column; anything else is ignored. */
  filterable: Readonly<Record<string, PgColumn>>;
  /** `order_by=<param>` or `order_by=<param>|desc` picks one of these; the default order breaks ties. */
  sortable?: Readonly<Record<string, PgColumn>>;
  defaultOrder: OrderTerm | readonly OrderTerm[];
  /** Lazy tree tables (`isChildren=1&pid=…`): the column holding the parent's key. */
  tree?: { parent: PgColumn };
  /**
   * Per parameter, a condition ANDed to its `|like` (contains) that an index can answer and that
   * every row containing the value also meets (never narrower than the contains): the goods name
   * through the search tokens' CJK bigrams, which no trigram of a two-character word can serve.
   */
  likeAlso?: Readonly<Record<string, (value: string, b: Binder) => SQL | undefined>>;
}

/** A query as `qs` parses it: strings, arrays, nested objects. */
export type ListQuery = Readonly<Record<string, unknown>>;

export type ListMode =
  | { kind: 'page'; page: number; perPage: number }
  | { kind: 'all' }
  | { kind: 'children'; pid: unknown };

export interface ListPlan {
  /** The filters, every request value a placeholder named in `values`. */
  where: SQL | undefined;
  /** Placeholder name → value, already in the column's driver form. */
  values: Record<string, unknown>;
  /**
   * Everything of the plan that shapes its SQL text, and no value: two plans of one list with the
   * same shape compile to the same statement (listRun.ts keeps it compiled).
   */
  shape: string;
  orderBy: OrderTerm[];
  mode: ListMode;
}

/**
 * Collects the values of one plan as placeholders `v0, v1, …` and a signature of each condition,
 * so the SQL text depends on the signatures only.
 */
export class Binder {
  readonly values: Record<string, unknown> = {};
  private readonly signatures: string[] = [];
  private count = 0;
  private signed = 0;

  /** A value compared with `column`: bound in the column's driver form. */
  value(column: PgColumn, value: unknown): Placeholder {
    return this.raw(column.mapToDriverValue(value));
  }

  /** A value bound as it is (a LIKE pattern). */
  raw(value: unknown): Placeholder {
    const name = `v${this.count++}`;
    this.values[name] = value;
    return sql.placeholder(name);
  }

  /** Records the condition built since the last call: its parameter, operator and value count. */
  sign(param: string, op: string): void {
    this.signatures.push(`${param}:${op}/${this.count - this.signed}`);
    this.signed = this.count;
  }

  get shape(): string {
    return this.signatures.join('&');
  }
}

/**
 * PHP truthiness of a request value, as the reference's `if ($request->isAll)` reads it:
 * absent, '' and '0' (and an empty array) are false; anything else is true — including the
 * string 'false', so `isAll=false` still means "all" (api.md Q4). Kept for compatibility.
 */
export function phpTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value !== '' && value !== '0';
  if (typeof value === 'number') return value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

const shapeError = (field: string) => fieldFail('crud.badShape', field, 'crud.issue.invalid');
const rangeError = (field: string) => fieldFail('crud.badRange', field, 'crud.issue.range');
const tooManyError = (field: string, max: number) => fieldFail('crud.tooMany', field, 'crud.issue.tooMany', { max });

/** Checks every filterable/sortable column once, when a resource is defined. */
export function assertListSpec(spec: ListSpec): void {
  for (const [param, column] of Object.entries(spec.filterable)) assertFilterable(column, param);
  if (spec.tree) assertFilterable(spec.tree.parent, 'pid');
}

/** `%`, `_` and the escape character itself match literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * `ilike`, or `like` when the text has no letter case (Chinese, digits): the same rows (lowering a
 * row cannot change whether it contains a caseless text), without lowering every row a scan
 * reads, which made a contains-search of a Chinese nickname over 50,000 users several times slower.
 */
const isCaseless = (text: string) => text.toLowerCase() === text.toUpperCase();
export const likeOperator = (text: string) => sql.raw(isCaseless(text) ? 'like' : 'ilike');

function like(column: PgColumn, pattern: Placeholder, text: string): SQL {
  const target = isCharacterColumn(column) ? sql`${column}` : sql`${column}::text`;
  return sql`${target} ${likeOperator(text)} ${pattern} escape '\\'`;
}

function rangeCondition(column: PgColumn, param: string, raw: unknown[], b: Binder): [SQL, string] | undefined {
  if (raw.length !== 2) throw rangeError(param);
  const [from, to] = raw;
  if (typeof from !== 'string' || typeof to !== 'string') throw shapeError(param);
  if (from === '' && to === '') return undefined;
  const parts = [
    from === '' ? undefined : gte(column, b.value(column, coerceValue(column, param, from))),
    to === '' ? undefined : lt(column, b.value(column, coerceValue(column, param, to))),
  ];
  return [and(...parts)!, `range${from === '' ? '' : '>='}${to === '' ? '' : '<'}`];
}

function operatorCondition(column: PgColumn, param: string, value: string, op: string, b: Binder, likeAlso?: ListSpec['likeAlso']): SQL | undefined {
  const one = () => b.value(column, coerceValue(column, param, value));
  switch (op) {
    case 'like': {
      const also = likeAlso && Object.hasOwn(likeAlso, param) ? likeAlso[param](value, b) : undefined;
      // Beside the indexed condition the contains only rechecks its rows. As `strpos` (a caseless
      // text) no trigram index matches it: a generic plan of the named statement otherwise ANDed a
      // whole-index trigram scan (a two-character pattern has no trigram) to it, ~400 ms at 100,000 goods.
      if (also && isCaseless(value)) return and(sql`strpos(${isCharacterColumn(column) ? sql`${column}` : sql`${column}::text`}, ${b.raw(value)}) > 0`, also);
      return and(like(column, b.raw(`%${escapeLike(value)}%`), value), also);
    }
    case 'likeRight':
      return like(column, b.raw(`${escapeLike(value)}%`), value);
    case 'likeLeft':
      return like(column, b.raw(`%${escapeLike(value)}`), value);
    case 'gt':
      return gt(column, one());
    case 'lt':
      return lt(column, one());
    case 'ngt':
      return gte(column, one());
    case 'nlt':
      return lte(column, one());
    case 'in': {
      const parts = [...new Set(value.split(','))];
      if (parts.length > IN_LIMIT) throw tooManyError(param, IN_LIMIT);
      const values = parts.map((part) => coerceValue(column, param, part));
      return inArray(column, values.map((v) => b.value(column, v)));
    }
    case 'between': {
      const parts = value.split(',');
      if (parts.length !== 2) throw rangeError(param);
      const [from, to] = [coerceValue(column, param, parts[0]), coerceValue(column, param, parts[1])];
      return between(column, b.value(column, from), b.value(column, to));
    }
    default:
      return undefined;
  }
}

/**
 * One parameter's condition, or undefined when it asks for none. Its values are bound through
 * `b`, which also records the condition's signature (parameter, operator, value count).
 */
export function filterCondition(column: PgColumn, param: string, raw: unknown, b: Binder, likeAlso?: ListSpec['likeAlso']): SQL | undefined {
  let condition: SQL | undefined;
  let op: string;
  if (Array.isArray(raw)) {
    const range = rangeCondition(column, param, raw, b);
    if (!range) return undefined;
    [condition, op] = range;
  } else {
    if (typeof raw !== 'string') throw shapeError(param);
    const bar = raw.lastIndexOf('|');
    if (bar < 0) {
      if (raw === '') return undefined;
      [condition, op] = [eq(column, b.value(column, coerceValue(column, param, raw))), 'eq'];
    } else {
      const value = raw.slice(0, bar);
      if (value === '') return undefined;
      op = raw.slice(bar + 1);
      condition = operatorCondition(column, param, value, op, b, likeAlso);
      if (!condition) return undefined;
      // a caseless text compiles to `like`, a cased one to `ilike`: two statements, two shapes
      if (op.startsWith('like') && isCaseless(value)) op += '=';
    }
  }
  b.sign(param, op);
  return condition;
}

function positiveInt(query: ListQuery, key: string, fallback: number): number {
  const raw = query[key];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string') throw shapeError(key);
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw.trim()) < 1) throw fieldFail('crud.notPositive', key, 'crud.issue.positive');
  const n = Number(raw.trim());
  return n;
}

/** The order and its signature (the sort parameter and direction, or '' for the default). */
function orderOf(spec: ListSpec, query: ListQuery): [OrderTerm[], string] {
  const fallback = Array.isArray(spec.defaultOrder) ? [...spec.defaultOrder] : [spec.defaultOrder as OrderTerm];
  const raw = query.order_by;
  if (!spec.sortable || typeof raw !== 'string') return [fallback, ''];
  const [param, direction = 'asc'] = raw.split('|');
  if (!Object.hasOwn(spec.sortable, param) || (direction !== 'asc' && direction !== 'desc')) return [fallback, ''];
  const column = spec.sortable[param];
  return [[direction === 'desc' ? desc(column) : asc(column), ...fallback], `${param}|${direction}`];
}

/** Reads the whole query against the whitelist. Throws a 422 ApiError naming the bad parameter. */
export function planList(spec: ListSpec, query: ListQuery): ListPlan {
  const b = new Binder();
  const conditions: (SQL | undefined)[] = [];
  const children = phpTruthy(query.isChildren);
  for (const [param, raw] of Object.entries(query)) {
    if (!Object.hasOwn(spec.filterable, param)) continue;
    // `pid` names the parent of a lazy tree level with isChildren; without it, a whitelisted pid
    // is a filter like any other (the reference's `?pid=5` of adverts, articles, permissions).
    const reserved = param === 'pid' ? children : RESERVED_KEYS.has(param);
    if (reserved) continue;
    conditions.push(filterCondition(spec.filterable[param], param, raw, b, spec.likeAlso));
  }

  let mode: ListMode;
  if (children) {
    if (!spec.tree) throw crudFail('crud.notTree', undefined, 422, { field: 'isChildren' });
    const raw = query.pid ?? '0';
    if (typeof raw !== 'string') throw shapeError('pid');
    const pid = coerceValue(spec.tree.parent, 'pid', raw === '' ? '0' : raw);
    conditions.push(eq(spec.tree.parent, b.value(spec.tree.parent, pid)));
    b.sign('pid', 'eq');
    mode = { kind: 'children', pid };
  } else if (phpTruthy(query.isAll)) {
    mode = { kind: 'all' };
  } else {
    const perPage = Math.min(positiveInt(query, 'per_page', PER_PAGE_DEFAULT), PER_PAGE_MAX);
    mode = { kind: 'page', page: positiveInt(query, 'page', 1), perPage };
  }
  const [orderBy, order] = orderOf(spec, query);
  return { where: and(...conditions), values: b.values, shape: `${mode.kind}?${b.shape}#${order}`, orderBy, mode };
}
