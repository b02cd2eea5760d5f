import { and, eq, getTableColumns, getTableName, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { t, type Lang } from '../messages';
import type { ImportError } from './importError';
import { fieldFail } from './messages';
import type { ResolvedScope, Resource, UniqueRule } from './resource';
import { isBlankValue } from './validate';

/**
 * The resource's `unique` rules (resource.ts UniqueRule): no two live rows of a scope (or of the
 * whole table, `global`; and of one `within` value) share the value, compared as stored or, for a
 * `normalized` rule, as a person reads it. Checked inside the write's transaction after a
 * transaction-scoped advisory lock on the value, so two concurrent writes of one value are
 * serialised even where no unique index backs the rule (role names, catalogue names): the second
 * one sees the first one's committed row.
 */

type Row = Record<string, unknown>;

const columnsOf = (r: Resource) => getTableColumns(r.config.table) as Record<string, PgColumn>;

/** A name as a person reads it: trimmed, case-insensitive, full-width = half-width. */
const normalizedText = (value: unknown) => String(value).normalize('NFKC').trim().toLowerCase();

/** The value as the rule compares it, in JS (in-file duplicates) … */
const compareKey = (rule: UniqueRule, value: unknown) => (rule.normalized ? normalizedText(value) : String(value));

/** … and in SQL. */
const compareSql = (rule: UniqueRule, column: PgColumn): SQL => (rule.normalized ? sql`lower(btrim(normalize(${column}, NFKC)))` : sql`${column}`);

/** The column's values among `keys` (compared values). */
const compareIn = (rule: UniqueRule, column: PgColumn, keys: readonly string[]) => (rule.normalized ? inArray(compareSql(rule, column), [...keys]) : inArray(column, [...keys]));

/** What a rule judges of one row: its value, and its `within` value when the rule has one. */
interface Judged {
  value: unknown;
  within: unknown;
}

/**
 * The value (and `within` value) a write gives the row, or undefined when the rule does not judge
 * it: blank (an optional phone left empty), or what the row already has (`current`: an update), so
 * a row saved again under its own value passes even if an older duplicate exists (written before
 * the rule), and an operator can still edit it, and rename or delete one of the two.
 */
function judged(rule: UniqueRule, values: Row, current: Row | undefined): Judged | undefined {
  const pick = (column: string) => (Object.hasOwn(values, column) ? values[column] : current?.[column]);
  const value = pick(rule.column);
  if (isBlankValue(value)) return undefined;
  const within = rule.within === undefined ? undefined : pick(rule.within);
  const keeps =
    current !== undefined &&
    compareKey(rule, current[rule.column] ?? '') === compareKey(rule, value) &&
    (rule.within === undefined || String(current[rule.within] ?? '') === String(within ?? ''));
  return keeps ? undefined : { value, within };
}

/** The key of a judged value among the others: its `within` value and its compared value. */
const groupKey = (rule: UniqueRule, j: Judged) => pairKey(rule, j.within, compareKey(rule, j.value));

/** No text can break out of the pair (the lock key is text: no NUL separator). */
const pairKey = (rule: UniqueRule, within: unknown, compared: unknown) =>
  rule.within === undefined ? String(compared) : JSON.stringify([String(within ?? ''), String(compared)]);

function ruleWhere(r: Resource, rule: UniqueRule, scope: ResolvedScope<PgTable>) {
  return rule.global ? r.liveWhere : r.fixedWhere(scope)(r.config.table);
}

function withinWhere(r: Resource, rule: UniqueRule, within: unknown) {
  if (rule.within === undefined) return undefined;
  const column = columnsOf(r)[rule.within];
  return within === undefined || within === null ? isNull(column) : eq(column, within);
}

function lockKey(r: Resource, rule: UniqueRule, j: Judged): string {
  return `crud.unique:${getTableName(r.config.table)}.${rule.column}:${groupKey(rule, j)}`;
}

/** Takes the advisory locks of these values (sorted, so two writers never wait on each other crosswise). */
async function lockValues(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  for (let start = 0; start < sorted.length; start += 1000) {
    const part = sorted.slice(start, start + 1000).map((key) => sql`(${key}::text)`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(v.k)) from (values ${sql.join(part, sql`, `)}) as v(k)`);
  }
}

function uniqueMessageVars(rule: UniqueRule, value: unknown): Record<string, string | number> {
  return { value: String(value), field: rule.column, [rule.column]: String(value) };
}

/** The message of a taken value, in `lang` (import reports). */
function takenText(rule: UniqueRule, value: unknown, lang: Lang): string {
  return t(rule.message ?? 'crud.taken', lang, uniqueMessageVars(rule, value));
}

/** The failure of a taken value: 409 (or the rule's 422) naming the field, like a field issue. */
function takenFail(rule: UniqueRule, value: unknown) {
  const key = rule.message ?? 'crud.taken';
  return fieldFail(key, rule.column, key, uniqueMessageVars(rule, value), rule.status ?? 409);
}

/**
 * Refuses values of `values` that another live row of the rule's scope holds; `exceptKey` is the
 * row being updated and `current` its stored values. Only the rules whose column (or `within`
 * column) `values` carries are checked, with the value the row will have, unless it already has
 * it (see `judged`).
 */
export async function assertUnique(tx: Tx, r: Resource, scope: ResolvedScope<PgTable>, values: Row, exceptKey?: unknown, current?: Row): Promise<void> {
  const checks: { rule: UniqueRule; j: Judged }[] = [];
  for (const rule of r.config.unique ?? []) {
    if (!Object.hasOwn(values, rule.column) && !(rule.within !== undefined && Object.hasOwn(values, rule.within))) continue;
    const j = judged(rule, values, current);
    if (j) checks.push({ rule, j });
  }
  if (checks.length === 0) return;
  await lockValues(tx, checks.map(({ rule, j }) => lockKey(r, rule, j)));
  for (const { rule, j } of checks) {
    const column = columnsOf(r)[rule.column];
    const same = rule.normalized ? eq(compareSql(rule, column), compareKey(rule, j.value)) : eq(column, j.value);
    const [taken] = await tx
      .select({ key: r.keyColumn })
      .from(r.config.table)
      .where(and(same, withinWhere(r, rule, j.within), ruleWhere(r, rule, scope), exceptKey === undefined ? undefined : ne(r.keyColumn, exceptKey)))
      .limit(1);
    if (taken) throw takenFail(rule, j.value);
  }
}

/** One row of an import as the unique check sees it: its index, its key when it updates, its values after the write. */
export interface ImportedValues {
  row: number;
  /** The key of the row it updates (undefined: a new row). */
  key?: unknown;
  /** The stored values of the row it updates. */
  current?: Row;
  values: Row;
}

/**
 * The unique rules over a whole import: values repeated within the file (every occurrence is
 * reported, or the later ones: rule `inFile`) and values other live rows already hold (rows this
 * import gives a new value count with it, not with their stored one). A row updated with the
 * value it has is not judged (like assertUnique), but its value still stands against the others.
 */
export async function importUniqueIssues(tx: Tx, r: Resource, scope: ResolvedScope<PgTable>, rows: readonly ImportedValues[], lang: Lang): Promise<ImportError[]> {
  const issues: ImportError[] = [];
  const rules = r.config.unique ?? [];
  if (rules.length === 0) return issues;
  const perRule = rules.map((rule) => ({
    rule,
    judged: rows.flatMap((row) => {
      const j = judged(rule, row.values, row.current);
      return j ? [{ row, j }] : [];
    }),
  }));
  await lockValues(tx, perRule.flatMap(({ rule, judged }) => judged.map(({ j }) => lockKey(r, rule, j))));
  for (const { rule, judged } of perRule) {
    if (judged.length === 0) continue;
    // Rows leaving their stored value: the table's row is judged by the file's value instead.
    const moving = new Set(judged.filter(({ row }) => row.key !== undefined).map(({ row }) => String(row.key)));
    const byValue = new Map<string, { row: ImportedValues; j: Judged }[]>();
    for (const entry of judged) {
      const key = groupKey(rule, entry.j);
      byValue.set(key, [...(byValue.get(key) ?? []), entry]);
    }
    for (const list of byValue.values()) {
      if (list.length < 2) continue;
      for (const { row, j } of rule.inFile === 'later' ? list.slice(1) : list) {
        issues.push({ row: row.row, field: rule.column, message: t('crud.duplicateInFile', lang, { value: String(j.value) }) });
      }
    }
    const column = columnsOf(r)[rule.column];
    const withinColumn = rule.within === undefined ? undefined : columnsOf(r)[rule.within];
    const values = [...new Set(judged.map(({ j }) => compareKey(rule, j.value)))];
    for (let start = 0; start < values.length; start += 1000) {
      const held = await tx
        .select({ key: r.keyColumn, compared: compareSql(rule, column), within: withinColumn ?? sql<null>`null` })
        .from(r.config.table)
        .where(and(compareIn(rule, column, values.slice(start, start + 1000)), ruleWhere(r, rule, scope)));
      const reported = new Set<number>();
      for (const hit of held) {
        // A row this import gives a new value is judged by it (within the file) instead.
        if (moving.has(String(hit.key))) continue;
        const key = pairKey(rule, hit.within, hit.compared);
        for (const { row, j } of byValue.get(key) ?? []) {
          if ((row.key !== undefined && String(row.key) === String(hit.key)) || reported.has(row.row)) continue;
          reported.add(row.row);
          issues.push({ row: row.row, field: rule.column, message: takenText(rule, j.value, lang) });
        }
      }
    }
  }
  return issues;
}
