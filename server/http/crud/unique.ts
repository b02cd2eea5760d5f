import { and, eq, getTableColumns, getTableName, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { fail } from '../envelope';
import { t, type Lang } from '../messages';
import type { FieldIssue } from './messages';
import type { ResolvedScope, Resource, UniqueRule } from './resource';

/**
 * The resource's `unique` rules (resource.ts UniqueRule): no two live rows of a scope (or of the
 * whole table, `global`) share the value. Checked inside the write's transaction after a
 * transaction-scoped advisory lock on the value, so two concurrent writes of one value are
 * serialised even where no unique index backs the rule (role names): the second one sees the
 * first one's committed row.
 */

type Row = Record<string, unknown>;

const columnOf = (r: Resource, rule: UniqueRule) => (getTableColumns(r.config.table) as Record<string, PgColumn>)[rule.column];

/** Blank values are never compared (an optional phone left empty). */
export const isBlankValue = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function ruleWhere(r: Resource, rule: UniqueRule, scope: ResolvedScope<PgTable>) {
  return rule.global ? r.liveWhere : r.fixedWhere(scope)(r.config.table);
}

function lockKey(r: Resource, rule: UniqueRule, value: unknown): string {
  return `crud.unique:${getTableName(r.config.table)}.${rule.column}:${String(value)}`;
}

/** Takes the advisory locks of these values (sorted, so two writers never wait on each other crosswise). */
export async function lockValues(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  for (let start = 0; start < sorted.length; start += 1000) {
    const part = sorted.slice(start, start + 1000).map((key) => sql`(${key}::text)`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(v.k)) from (values ${sql.join(part, sql`, `)}) as v(k)`);
  }
}

export function uniqueMessageVars(rule: UniqueRule, value: unknown): Record<string, string | number> {
  return { value: String(value), field: rule.column, [rule.column]: String(value) };
}

/** The message of a taken value, in `lang` (import reports). */
export function takenText(rule: UniqueRule, value: unknown, lang: Lang): string {
  return t(rule.message ?? 'crud.taken', lang, uniqueMessageVars(rule, value));
}

/** The failure of a taken value: 409 (or the rule's 422) naming the field, like a field issue. */
export function takenFail(rule: UniqueRule, value: unknown) {
  const vars = uniqueMessageVars(rule, value);
  return fail(rule.message ?? 'crud.taken', vars, rule.status ?? 409, (lang: Lang) => ({
    field: rule.column,
    issues: [{ field: rule.column, message: takenText(rule, value, lang) }] satisfies FieldIssue[],
  }));
}

/** Does an update keep the row's own value (legacy duplicates stay saveable under their own name)? */
const keeps = (current: Row | undefined, values: Row, column: string) =>
  current !== undefined && String(current[column] ?? '') === String(values[column] ?? '');

/**
 * Refuses values of `values` that another live row of the rule's scope holds; `exceptKey` is the
 * row being updated and `current` its stored values. Only the rules whose column `values`
 * carries, with a value the row does not already have, are checked: a row saved again under its
 * own value passes even if an older duplicate exists (written before the rule), so an operator
 * can still edit it, and rename or delete one of the two.
 */
export async function assertUnique(tx: Tx, r: Resource, scope: ResolvedScope<PgTable>, values: Row, exceptKey?: unknown, current?: Row): Promise<void> {
  const rules = (r.config.unique ?? []).filter(
    (rule) => Object.hasOwn(values, rule.column) && !isBlankValue(values[rule.column]) && !keeps(current, values, rule.column),
  );
  if (rules.length === 0) return;
  await lockValues(tx, rules.map((rule) => lockKey(r, rule, values[rule.column])));
  for (const rule of rules) {
    const value = values[rule.column];
    const [taken] = await tx
      .select({ key: r.keyColumn })
      .from(r.config.table)
      .where(and(eq(columnOf(r, rule), value), ruleWhere(r, rule, scope), exceptKey === undefined ? undefined : ne(r.keyColumn, exceptKey)))
      .limit(1);
    if (taken) throw takenFail(rule, value);
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

export interface ImportIssue {
  row: number;
  field: string;
  message: string;
}

/**
 * The unique rules over a whole import: values repeated within the file (every occurrence is
 * reported) and values other live rows already hold (rows this import gives a new value count
 * with it, not with their stored one). A row updated with the value it has is not judged (like
 * assertUnique), but its value still stands against the others.
 */
export async function importUniqueIssues(tx: Tx, r: Resource, scope: ResolvedScope<PgTable>, rows: readonly ImportedValues[], lang: Lang): Promise<ImportIssue[]> {
  const issues: ImportIssue[] = [];
  const rules = r.config.unique ?? [];
  if (rules.length === 0) return issues;
  const judged = (rule: UniqueRule, row: ImportedValues) => !isBlankValue(row.values[rule.column]) && !keeps(row.current, row.values, rule.column);
  const locks: string[] = [];
  for (const rule of rules) for (const row of rows) if (judged(rule, row)) locks.push(lockKey(r, rule, row.values[rule.column]));
  await lockValues(tx, locks);
  for (const rule of rules) {
    // Rows leaving their stored value: the table's row is judged by the file's value instead.
    const moving = new Set(rows.filter((row) => row.key !== undefined && judged(rule, row)).map((row) => String(row.key)));
    const byValue = new Map<string, ImportedValues[]>();
    for (const row of rows) {
      if (!judged(rule, row)) continue;
      const value = row.values[rule.column];
      const list = byValue.get(String(value)) ?? [];
      list.push(row);
      byValue.set(String(value), list);
    }
    if (byValue.size === 0) continue;
    for (const [value, list] of byValue) {
      if (list.length > 1) {
        for (const row of list) issues.push({ row: row.row, field: rule.column, message: t('crud.duplicateInFile', lang, { value }) });
      }
    }
    const column = columnOf(r, rule);
    const values = [...byValue.keys()];
    for (let start = 0; start < values.length; start += 1000) {
      const held = await tx
        .select({ key: r.keyColumn, value: column })
        .from(r.config.table)
        .where(and(inArray(column, values.slice(start, start + 1000)), ruleWhere(r, rule, scope)));
      const reported = new Set<number>();
      for (const hit of held) {
        // A row this import gives a new value is judged by it (within the file) instead.
        if (moving.has(String(hit.key))) continue;
        for (const row of byValue.get(String(hit.value)) ?? []) {
          if ((row.key !== undefined && String(row.key) === String(hit.key)) || reported.has(row.row)) continue;
          reported.add(row.row);
          issues.push({ row: row.row, field: rule.column, message: takenText(rule, hit.value, lang) });
        }
      }
    }
  }
  return issues;
}
