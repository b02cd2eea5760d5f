import { fail } from '../../http/envelope';
import './messages';

/**
 * Periods of the dashboards (DESIGN §8): a validated window of days in the shop's time zone, its
 * buckets (day, month or year) and the comparison window of the same length just before it.
 * Dates are `YYYY-MM-DD` strings compared and stepped as UTC calendar days; they are parameters,
 * never SQL text (the reference concatenated them into its queries, api.md §8 S6).
 */
export type Unit = 'day' | 'month' | 'year';

export interface Window {
  unit: Unit;
  /** First and last day, both included. */
  from: string;
  to: string;
  /** Bucket labels in order: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  buckets: string[];
  /** The same number of days just before `from`. */
  previous: { from: string; to: string };
}

/** `is_type` of the reference: 0 day, 1 month, 2 year. */
export const UNITS: readonly Unit[] = ['day', 'month', 'year'];

/** Most buckets a window may have per unit (a longer range is refused, naming `created_at`). */
export const MAX_BUCKETS: Record<Unit, number> = { day: 366, month: 120, year: 30 };

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

const toMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const ofMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` plus `n` days (n may be negative). */
export const addDays = (day: string, n: number) => ofMs(toMs(day) + n * DAY_MS);

/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string) => Math.round((toMs(b) - toMs(a)) / DAY_MS);

/** The first day of the month `n` months after the month of `day`. */
export function addMonths(day: string, n: number): string {
  const d = new Date(toMs(day));
  return ofMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

/** Monday of the ISO week of `day`. */
export function weekStart(day: string): string {
  const weekday = (new Date(toMs(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The bucket a day falls in. */
export const bucketOf = (unit: Unit, day: string) => (unit === 'day' ? day : unit === 'month' ? day.slice(0, 7) : day.slice(0, 4));

/** Every bucket label from `from` to `to`. */
export function bucketsOf(unit: Unit, from: string, to: string): string[] {
  const out: string[] = [];
  if (unit === 'day') for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  else if (unit === 'month') for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) out.push(m.slice(0, 7));
  else for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) out.push(String(y));
  return out;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Today in `timeZone` as `YYYY-MM-DD` (the same calendar the database's session zone uses). */
export function todayIn(timeZone: string, at = new Date()): string {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return clock.format(at);
}

const invalid = (field: string, key: string, vars?: Record<string, string | number>) => fail(key, vars, 422, { field });

/** A calendar date from a parameter value, or the 422 naming `field`. */
function dateOf(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalid(field, 'stats.dateFormat');
  const m = DATE.exec(value.trim());
  if (!m) throw invalid(field, 'stats.dateFormat');
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const year = Number(m[1]);
  if (year < 2000 || year > 2100 || ofMs(toMs(day)) !== day) throw invalid(field, 'stats.dateFormat');
  return day;
}

/** Reads `is_type` (0 day, 1 month, 2 year; default 0). */
export function unitOf(value: unknown): Unit {
  if (value === undefined || value === '') return 'day';
  if (typeof value !== 'string' || !/^[012]$/.test(value.trim())) throw invalid('is_type', 'stats.isType');
  return UNITS[Number(value.trim())];
}

/** The default window of a unit ending today: 30 days, 12 months or 5 years. */
function defaultRange(unit: Unit, today: string): [string, string] {
  if (unit === 'day') return [addDays(today, -29), today];
  if (unit === 'month') return [addMonths(today, -11), today];
  return [`${Number(today.slice(0, 4)) - 4}-01-01`, today];
}

/**
 * The window of a dashboard request: `is_type` and an optional `created_at` pair (first and last
 * day, both included; a date-time is read as its date). Refused with a 422 naming the field: a
 * value that is no date, one date alone, a reversed range, more buckets than MAX_BUCKETS.
 */
export function windowOf(query: { is_type?: unknown; created_at?: unknown }, today: string): Window {
  const unit = unitOf(query.is_type);
  let from: string;
  let to: string;
  const range = query.created_at;
  if (range === undefined || range === '' || (Array.isArray(range) && range.every((v) => v === '' || v === undefined))) {
    [from, to] = defaultRange(unit, today);
  } else {
    const pair = Array.isArray(range) ? range : typeof range === 'object' && range !== null ? Object.values(range) : [range];
    if (pair.length !== 2) throw invalid('created_at', 'stats.rangePair');
    from = dateOf(pair[0], 'created_at');
    to = dateOf(pair[1], 'created_at');
    if (from > to) throw invalid('created_at', 'stats.rangeReversed', { from, to });
  }
  const buckets = bucketsOf(unit, from, to);
  if (buckets.length > MAX_BUCKETS[unit]) throw invalid('created_at', `stats.rangeTooLong.${unit}`, { max: MAX_BUCKETS[unit] });
  const length = daysBetween(from, to) + 1;
  return { unit, from, to, buckets, previous: { from: addDays(from, -length), to: addDays(from, -1) } };
}

/** Percent change from `previous` to `current` with 2 decimals; null without a previous figure to compare with. */
export function rateOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / Math.abs(previous)) * 10_000) / 100;
}
