/**
 * Periods of the dashboards, as the pages choose them (issue 26): a unit (day, month, year: the
 * reference's `is_type` 0, 1, 2) and an optional range of days. The server checks the same rules
 * (server/modules/statistics/period.ts); these let a page refuse a bad range before asking.
 */
export type Unit = 'day' | 'month' | 'year';

export const UNITS: readonly Unit[] = ['day', 'month', 'year'];

/** Most buckets a range may have per unit (the server's MAX_BUCKETS). */
export const MAX_BUCKETS: Record<Unit, number> = { day: 366, month: 120, year: 30 };

export type Range = readonly [string, string];

export type RangeError = 'format' | 'reversed' | 'tooLong';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Buckets of a range in a unit (both ends included). */
export function bucketCount(unit: Unit, [from, to]: Range): number {
  if (unit === 'day') return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  if (unit === 'year') return years + 1;
  return years * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
}

/** What is wrong with a range for a unit, or null. */
export function rangeError(unit: Unit, range: Range): RangeError | null {
  const [from, to] = range;
  if (!isDay(from) || !isDay(to)) return 'format';
  if (from > to) return 'reversed';
  if (bucketCount(unit, range) > MAX_BUCKETS[unit]) return 'tooLong';
  return null;
}

/** The query of a period: `is_type` and, with a range, `created_at[0]` / `created_at[1]`. */
export function periodQuery(unit: Unit, range: Range | null): Record<string, string> {
  const query: Record<string, string> = { is_type: String(UNITS.indexOf(unit)) };
  if (range) {
    query['created_at[0]'] = range[0];
    query['created_at[1]'] = range[1];
  }
  return query;
}

/** A stable text of a period (re-keys the list under a chart when it changes). */
export const periodKey = (unit: Unit, range: Range | null) => `${unit}:${range ? range.join('~') : ''}`;
