import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../client';
import { insertMany } from '../bulk';

/** Rows per insert statement (one JSON parameter each, server/db/seed/bulk.ts). */
export const BATCH = 5_000;

export type Rows<T extends PgTable> = Partial<T['$inferInsert']>[];

/** Inserts `rows` in statements of BATCH rows. */
export async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: Rows<T>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insertMany(tx, table, rows.slice(i, i + BATCH));
}

export const rowsOf = <R>(result: unknown): R[] => (result as { rows: R[] }).rows;

/**
 * `n` fresh ids of a table's serial column, taken from its sequence (so rows written by the seed
 * and by a running shop never clash, and lines can name their order before either is written).
 */
export async function reserveIds(tx: Tx, table: PgTable, n: number): Promise<number[]> {
  if (n <= 0) return [];
  const { name } = getTableConfig(table);
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence(${name}, 'id'))::int as id from generate_series(1, ${n}::int)`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** The database's clock as milliseconds of its wall time (timestamps are wall time in the session's zone). */
export async function wallNow(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`select to_char(now(), 'YYYY-MM-DD HH24:MI:SS') as now`);
  return Date.parse(`${rowsOf<{ now: string }>(result)[0].now.replace(' ', 'T')}Z`);
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
/** Civil date of a day number since 1970-01-01 (Howard Hinnant's days_from_civil, inverted). */
function civil(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}
/** 'YYYY-MM-DD HH:MM:SS' of a wall-time millisecond value (a million of these per bulk run: no Date objects). */
export function stamp(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds - days * 86_400;
  const [y, m, d] = civil(days);
  return `${y}-${two(m)}-${two(d)} ${two(Math.floor(rest / 3600))}:${two(Math.floor(rest / 60) % 60)}:${two(rest % 60)}`;
}
/** The 14 digits of a stamp (order and payment numbers start with them). */
export const digits14 = (ms: number) => stamp(ms).replace(/\D/g, '');

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Cents as the 2-decimal text of a numeric column. */
export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** A tsvector literal of lexemes (what `array_to_tsvector` of the same array gives). */
export const tsvectorLiteral = (lexemes: string[]) => lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' ');
