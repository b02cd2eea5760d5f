import type { PgColumn } from 'drizzle-orm/pg-core';
import { fieldFail, type CrudMessageKey } from './messages';

/**
 * Turns one request string into a value of a column's type before it reaches SQL, so a bad
 * value is a 422 naming the parameter, never a database error. Values are always bound as
 * parameters by Drizzle; nothing here builds SQL text.
 */
type Kind =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'bigint' }
  | { kind: 'float' }
  | { kind: 'decimal' }
  | { kind: 'bool' }
  | { kind: 'timestamp'; asDate: boolean }
  | { kind: 'date'; asDate: boolean }
  | { kind: 'text' }
  | { kind: 'uuid' }
  | { kind: 'enum' };

const INT32 = { kind: 'int', min: -2147483648, max: 2147483647 } as const;
const INT16 = { kind: 'int', min: -32768, max: 32767 } as const;
const SAFE = { kind: 'int', min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const;

const KINDS: Record<string, Kind> = {
  PgInteger: INT32,
  PgSerial: INT32,
  PgSmallInt: INT16,
  PgSmallSerial: INT16,
  PgBigInt53: SAFE,
  PgBigSerial53: SAFE,
  PgBigInt64: { kind: 'bigint' },
  PgBigSerial64: { kind: 'bigint' },
  PgNumericBigInt: { kind: 'bigint' },
  PgReal: { kind: 'float' },
  PgDoublePrecision: { kind: 'float' },
  PgNumericNumber: { kind: 'float' },
  PgNumeric: { kind: 'decimal' },
  PgBoolean: { kind: 'bool' },
  PgTimestamp: { kind: 'timestamp', asDate: true },
  PgTimestampString: { kind: 'timestamp', asDate: false },
  PgDate: { kind: 'date', asDate: true },
  PgDateString: { kind: 'date', asDate: false },
  PgText: { kind: 'text' },
  PgVarchar: { kind: 'text' },
  PgChar: { kind: 'text' },
  PgUUID: { kind: 'uuid' },
  PgEnumColumn: { kind: 'enum' },
  PgEnumObjectColumn: { kind: 'enum' },
};

function kindOf(column: PgColumn): Kind | undefined {
  return KINDS[column.columnType];
}

/** Throws at definition time when a column cannot be filtered (json, arrays, geometry…). */
export function assertFilterable(column: PgColumn, param: string): void {
  if (!kindOf(column)) throw new Error(`crud: column "${column.name}" (${column.columnType}) cannot be used as filter "${param}"`);
}

/** True for character columns, which LIKE can use without a cast. */
export function isCharacterColumn(column: PgColumn): boolean {
  return kindOf(column)?.kind === 'text';
}

/** The field-less reason of each message (`data.issues[].message`). */
const REASONS: Partial<Record<CrudMessageKey, CrudMessageKey>> = {
  'crud.notInteger': 'crud.issue.integer',
  'crud.outOfRange': 'crud.issue.outOfRange',
  'crud.notNumber': 'crud.issue.number',
  'crud.notBoolean': 'crud.flag',
  'crud.notDateTime': 'crud.issue.dateTime',
  'crud.notUuid': 'crud.issue.uuid',
  'crud.notOption': 'crud.issue.option',
};

const bad = (key: CrudMessageKey, field: string) => fieldFail(key, field, REASONS[key] ?? 'crud.issue.invalid');

const INTEGER = /^[+-]?\d{1,20}$/;
const DECIMAL = /^[+-]?(?:\d{1,40}(?:\.\d{0,30})?|\.\d{1,30})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATETIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

interface DateParts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  frac: string;
  zone: string;
}

function parseDateTime(text: string): DateParts | undefined {
  const m = DATETIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return undefined;
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  const zone = (m[8] ?? '').toUpperCase();
  if (!zoneInRange(zone)) return undefined;
  return { y, mo, d, h, mi, s, frac: m[7] ?? '', zone };
}

/**
 * A UTC offset the world uses, -12:00 to +14:00 with minutes 00–59 (`+99` reached PostgreSQL,
 * which refused it with a code-500 error, and made an invalid Date in Date-mode columns).
 */
function zoneInRange(zone: string): boolean {
  if (zone === '' || zone === 'Z') return true;
  const hours = Number(zone.slice(1, 3));
  const minutes = zone.length > 3 ? Number(zone.slice(-2)) : 0;
  if (minutes > 59) return false;
  const offset = (hours * 60 + minutes) * (zone[0] === '-' ? -1 : 1);
  return offset >= -12 * 60 && offset <= 14 * 60;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DD HH:MM:SS' for a date or date-time text, or undefined when it is not one. */
export function normalizeDateTime(text: string): string | undefined {
  const p = parseDateTime(text.trim());
  return p && !p.zone && !p.frac ? `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}` : undefined;
}
const dateText = (p: DateParts) => `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`;

/**
 * Naive times are wall-clock times: string-mode columns pass them to PostgreSQL as text (read in
 * the session time zone, like the stored values); Date-mode columns follow Drizzle's own reading
 * of naive timestamps as UTC.
 */
function toTimestamp(p: DateParts, asDate: boolean): string | Date {
  const time = `${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}${p.frac ? `.${p.frac}` : ''}`;
  if (!asDate) return `${dateText(p)} ${time}${p.zone}`;
  const zone = p.zone === '' ? 'Z' : p.zone;
  return new Date(`${dateText(p)}T${time}${zone.length === 3 ? `${zone}:00` : zone}`);
}

/** Coerces `raw` for `column`; `field` names the request parameter in the 422 answer. */
export function coerceValue(column: PgColumn, field: string, raw: string): unknown {
  const kind = kindOf(column);
  if (!kind) throw new Error(`crud: column "${column.name}" cannot be filtered`);
  const text = kind.kind === 'text' ? raw : raw.trim();
  switch (kind.kind) {
    case 'text':
      return text;
    case 'int': {
      if (!INTEGER.test(text)) throw bad('crud.notInteger', field);
      const n = Number(text);
      if (n < kind.min || n > kind.max) throw bad('crud.outOfRange', field);
      return n;
    }
    case 'bigint': {
      if (!INTEGER.test(text)) throw bad('crud.notInteger', field);
      const n = BigInt(text);
      if (n < -(2n ** 63n) || n >= 2n ** 63n) throw bad('crud.outOfRange', field);
      return n;
    }
    case 'float': {
      if (!DECIMAL.test(text)) throw bad('crud.notNumber', field);
      return Number(text);
    }
    case 'decimal': {
      if (!DECIMAL.test(text)) throw bad('crud.notNumber', field);
      return text;
    }
    case 'bool': {
      const lower = text.toLowerCase();
      if (lower === '1' || lower === 'true') return true;
      if (lower === '0' || lower === 'false') return false;
      throw bad('crud.notBoolean', field);
    }
    case 'timestamp': {
      const parts = parseDateTime(text);
      if (!parts) throw bad('crud.notDateTime', field);
      return toTimestamp(parts, kind.asDate);
    }
    case 'date': {
      const parts = parseDateTime(text);
      if (!parts) throw bad('crud.notDateTime', field);
      return kind.asDate ? new Date(Date.UTC(parts.y, parts.mo - 1, parts.d)) : dateText(parts);
    }
    case 'uuid': {
      if (!UUID.test(text)) throw bad('crud.notUuid', field);
      return text.toLowerCase();
    }
    case 'enum': {
      const allowed = (column as PgColumn & { enumValues?: readonly string[] }).enumValues ?? [];
      if (!allowed.includes(text)) throw bad('crud.notOption', field);
      return text;
    }
  }
}
