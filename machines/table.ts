/**
 * Pure helpers of the generic back-office table (spec §2 "Generic admin table page", §5, §8, §9;
 * reference screens.md §2.1–2.5): page sizes, the search query, cell formatting, dictionary
 * labels, form validation and reading list / failure answers. No React, no DOM, no HTTP.
 */
import { isHtmlDocument } from './envelope';

export { isHtmlDocument };

/** Page sizes offered by the paginator; the first is the default (spec §9). */
export const PAGE_SIZES = [30, 100, 200, 300, 400] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 30;

/** The search bar shows this many fields before the expand/collapse toggle (spec §4, §9). */
export const SEARCH_VISIBLE_FIELDS = 5;

export type Row = Record<string, unknown>;
export type RowId = string | number;
export type Values = Record<string, unknown>;
/** A list query as sent: search filters plus extra page parameters. */
export type Query = Record<string, unknown>;

export const isPageSize = (value: unknown): value is PageSize => PAGE_SIZES.includes(value as PageSize);

/** How many search fields the bar shows: the first 5 unless expanded. */
export function visibleSearchFields(count: number, expanded: boolean): number {
  const total = Math.max(0, Math.floor(count));
  return expanded ? total : Math.min(total, SEARCH_VISIBLE_FIELDS);
}

/** The expand/collapse toggle appears only when some fields are hidden by default. */
export const hasSearchToggle = (count: number) => count > SEARCH_VISIBLE_FIELDS;

/** Number of pages of a list (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, perPage: number): number {
  if (!(total > 0) || !(perPage > 0)) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

// ---------------------------------------------------------------------------------------------
// Search query

/** List DSL operators (reference screens.md §0.3); `where` of a search field. */
export type SearchOp = 'like' | 'likeRight' | 'likeLeft' | 'gt' | 'lt' | 'ngt' | 'nlt' | 'in' | 'between';

export interface SearchField {
  /** Field name (query parameter). */
  value: string;
  label?: string;
  type?: string;
  where?: SearchOp;
}

/** '' / null / undefined / whitespace, or an array of such values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every(isEmptyValue);
  return false;
}

/**
 * Does a search query filter anything? (`buildQuery` drops empty values, so any key is a value.)
 * A lazy tree page lists its roots without one, and matching rows of every depth with one.
 */
export const isSearching = (query: Query): boolean => Object.keys(query).length > 0;

/** Operators whose value is a comma list: an array value is joined before the suffix. */
const LIST_OPS: ReadonlySet<SearchOp> = new Set(['in', 'between']);

/**
 * The query of a search submit: empty values dropped, `value|op` for fields with a `where`,
 * ranges (arrays, e.g. a daterange) kept as arrays — except for `in`/`between`, which take a
 * comma list. Keys without a field definition pass through as plain equality.
 */
export function buildQuery(values: Values, fields: readonly SearchField[] = []): Query {
  const where = new Map(fields.map((field) => [field.value, field.where]));
  const query: Query = {};
  for (const [key, raw] of Object.entries(values)) {
    if (isEmptyValue(raw)) continue;
    const op = where.get(key);
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (Array.isArray(value)) {
      query[key] = op && LIST_OPS.has(op) ? `${value.join(',')}|${op}` : value.map((v) => (v == null ? '' : v));
    } else if (op) {
      query[key] = `${String(value)}|${op}`;
    } else {
      query[key] = value;
    }
  }
  return query;
}

// ---------------------------------------------------------------------------------------------
// Cells

/** Neutral tag colours picked by hash; the view maps each name to its classes. */
export const TAG_PALETTE = ['slate', 'blue', 'indigo', 'violet', 'teal', 'cyan'] as const;
export type TagColour = 'green' | 'red' | (typeof TAG_PALETTE)[number];

const SUCCESS_VALUES: readonly unknown[] = [1, '1', true, 'Yes', '成功'];
const FAILURE_VALUES: readonly unknown[] = [0, '0', false, 'No', '失败'];

/** 32-bit string hash (h * 31 + c), as an unsigned number. */
export function stringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash >>> 0;
}

/**
 * Colour of a tag: boolean-style values are green (1, '1', true, 'Yes', '成功') or red (0, '0',
 * false, 'No', '失败') everywhere; any other value gets a stable colour from a hash of its text,
 * so one status looks the same on every page.
 */
export function tagColour(value: unknown): TagColour {
  if (SUCCESS_VALUES.includes(value)) return 'green';
  if (FAILURE_VALUES.includes(value)) return 'red';
  return TAG_PALETTE[stringHash(value == null ? '' : String(value)) % TAG_PALETTE.length];
}

export interface MoneyCell {
  text: string;
  /** positive: > 0 (shown with '+'); zero ('0.00', no sign, no colour); negative; none: no amount ('-'). */
  tone: 'positive' | 'zero' | 'negative' | 'none';
}

/**
 * A money cell: integer cents (number) or the server's 2-decimal string ("10.50"). Values > 0
 * get a '+', zero none (a green "+0.00" read as a gain); an empty or unreadable value shows '-'
 * (the reference showed '+-').
 */
export function formatMoneyCell(value: number | string | null | undefined): MoneyCell {
  let amount: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { text: '-', tone: 'none' };
    amount = value / 100;
  } else if (typeof value === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value)) {
    amount = Number(value);
  } else {
    return { text: '-', tone: 'none' };
  }
  const text = Math.abs(amount).toFixed(2);
  if (amount === 0) return { text, tone: 'zero' };
  return amount > 0 ? { text: `+${text}`, tone: 'positive' } : { text: `-${text}`, tone: 'negative' };
}

export interface DictItem {
  [key: string]: unknown;
  children?: DictItem[];
}

export interface DictKeys {
  /** Key of the caption (default 'label'). */
  labelName?: string;
  /** Key of the value (default 'value'). */
  valueName?: string;
}

/** Levels searched: the list and up to 3 levels of `children` below it. */
export const DICT_DEPTH = 3;

/**
 * Caption of `value` in a dictionary, searching up to 3 levels of children; values compare as
 * text (1 finds '1'). `null` when not found (the view shows '-').
 */
export function dictLabel(dict: readonly DictItem[] | null | undefined, value: unknown, keys: DictKeys = {}): string | null {
  if (!dict || value === undefined || value === null) return null;
  const labelName = keys.labelName ?? 'label';
  const valueName = keys.valueName ?? 'value';
  const wanted = String(value);
  const search = (items: readonly DictItem[], depth: number): string | null => {
    for (const item of items) {
      if (item[valueName] !== undefined && item[valueName] !== null && String(item[valueName]) === wanted) {
        const label = item[labelName];
        return label === undefined || label === null ? null : String(label);
      }
    }
    if (depth >= DICT_DEPTH) return null;
    for (const item of items) {
      if (Array.isArray(item.children) && item.children.length) {
        const found = search(item.children, depth + 1);
        if (found !== null) return found;
      }
    }
    return null;
  };
  return search(dict, 0);
}

// ---------------------------------------------------------------------------------------------
// Validation

export interface FieldRule {
  required?: boolean;
  /** Length bounds (characters of a string, items of an array). */
  minLength?: number;
  maxLength?: number;
  /** Whole-value pattern; a string is compiled as a RegExp. */
  pattern?: RegExp | string;
  /** The value must be a number within the bounds. */
  number?: { min?: number; max?: number; integer?: boolean };
  /** Locale key replacing the default message of this rule. */
  message?: string;
  /** Only on this form of the table page (e.g. a password required when adding, kept when blank on edit). */
  on?: TableForm;
}

export type TableForm = 'add' | 'edit';

export type Rules = Readonly<Record<string, FieldRule | readonly FieldRule[]>>;

/** A field error as a locale key plus its values (react-intl `formatMessage(key, values)`). */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

export type FieldErrors = Record<string, FieldError>;

/** Locale keys of the validation messages. */
export const VALIDATION_KEYS = {
  required: 'msg.requiredMsg',
  minLength: 'validate.minLength',
  maxLength: 'validate.maxLength',
  pattern: 'validate.pattern',
  number: 'validate.number',
  integer: 'validate.integer',
  minValue: 'validate.minValue',
  maxValue: 'validate.maxValue',
} as const;

const lengthOf = (value: unknown): number =>
  Array.isArray(value) ? value.length : [...String(value)].length;

function checkRule(value: unknown, rule: FieldRule): FieldError | null {
  const error = (key: string, values?: Record<string, number>): FieldError =>
    rule.message ? { key: rule.message } : values ? { key, values } : { key };
  if (isEmptyValue(value)) return rule.required ? error(VALIDATION_KEYS.required) : null;
  if (rule.minLength !== undefined && lengthOf(value) < rule.minLength) return error(VALIDATION_KEYS.minLength, { min: rule.minLength });
  if (rule.maxLength !== undefined && lengthOf(value) > rule.maxLength) return error(VALIDATION_KEYS.maxLength, { max: rule.maxLength });
  if (rule.pattern !== undefined) {
    const pattern = typeof rule.pattern === 'string' ? new RegExp(rule.pattern) : rule.pattern;
    pattern.lastIndex = 0;
    if (!pattern.test(String(value))) return error(VALIDATION_KEYS.pattern);
  }
  if (rule.number) {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
    if (!Number.isFinite(n)) return error(VALIDATION_KEYS.number);
    if (rule.number.integer && !Number.isInteger(n)) return error(VALIDATION_KEYS.integer);
    if (rule.number.min !== undefined && n < rule.number.min) return error(VALIDATION_KEYS.minValue, { min: rule.number.min });
    if (rule.number.max !== undefined && n > rule.number.max) return error(VALIDATION_KEYS.maxValue, { max: rule.number.max });
  }
  return null;
}

/** The first failing rule of each field; `{}` when the values are valid. */
export function validate(values: Values, rules: Rules | null | undefined, form?: TableForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!rules) return errors;
  for (const [field, ruleOrRules] of Object.entries(rules)) {
    const list = (Array.isArray(ruleOrRules) ? ruleOrRules : [ruleOrRules]) as readonly FieldRule[];
    for (const rule of list) {
      if (rule.on !== undefined && rule.on !== form) continue;
      const error = checkRule(values[field], rule);
      if (error) {
        errors[field] = error;
        break;
      }
    }
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * Spec §8: a create or update answer carrying `code`, `data` and `msg` together is a failure
 * (the HTTP client returns the whole envelope for a non-200 code).
 */
export function isFailureAnswer(answer: unknown): answer is { code: unknown; data: unknown; msg: unknown } {
  return (
    typeof answer === 'object' && answer !== null && !Array.isArray(answer) &&
    'code' in answer && 'data' in answer && 'msg' in answer
  );
}

/** The message of a failure answer or a rejection ('' when none). */
export function failureMessage(failure: unknown): string {
  if (typeof failure === 'string') return failure;
  if (failure && typeof failure === 'object') {
    const { msg, message } = failure as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string') return message;
  }
  return '';
}

export interface PageResult {
  rows: Row[];
  total: number;
  /** The total is a lower bound: the server stopped counting (`total_capped`). */
  capped: boolean;
  /** Extra counters some lists carry (e.g. tab badges). */
  count: unknown;
}

/**
 * A list answer as a page: `{rows, total}`, a Laravel paginator `{data, total, ...}` or a plain
 * array (isAll / isChildren answers). `null` when it is none of them.
 */
export function readPage(answer: unknown): PageResult | null {
  if (Array.isArray(answer)) return { rows: answer as Row[], total: answer.length, capped: false, count: null };
  if (!answer || typeof answer !== 'object' || isFailureAnswer(answer)) return null;
  const { rows, data, total, count, total_capped: capped } = answer as { rows?: unknown; data?: unknown; total?: unknown; count?: unknown; total_capped?: unknown };
  const list = Array.isArray(rows) ? rows : Array.isArray(data) ? data : null;
  if (!list) return null;
  const n = typeof total === 'number' ? total : typeof total === 'string' && total.trim() !== '' ? Number(total) : list.length;
  return { rows: list as Row[], total: Number.isFinite(n) ? n : list.length, capped: capped === true, count: count ?? null };
}

/** Ids of rows (by the id column), as given. */
export const rowIds = (rows: readonly Row[], idKey: string): RowId[] =>
  rows.map((row) => row[idKey]).filter((id): id is RowId => typeof id === 'string' || typeof id === 'number');

/** The selected ids still present among `rows` (a reload drops the others). */
export function keepSelection(selection: readonly RowId[], rows: readonly Row[], idKey: string): RowId[] {
  const present = new Set(rowIds(rows, idKey).map(String));
  return selection.filter((id) => present.has(String(id)));
}

// ---------------------------------------------------------------------------------------------
// Import

/** One refused row of an import: index in the sheet rows (0-based), field and message. */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
  /** The row's line in the spreadsheet (1 = header), when the page kept it (blank lines are not sent). */
  line?: number;
}

export type ImportReport =
  | { ok: true; imported: number }
  | { ok: false; message: string; errors: ImportRowError[] };

const isRowError = (value: unknown): value is ImportRowError =>
  !!value && typeof value === 'object' &&
  typeof (value as ImportRowError).row === 'number' &&
  typeof (value as ImportRowError).field === 'string' &&
  typeof (value as ImportRowError).message === 'string';

/** Per-row errors carried by a failure (`data.errors`, or `errors` on the rejection itself). */
export function importErrors(failure: unknown): ImportRowError[] {
  if (!failure || typeof failure !== 'object') return [];
  const { data, errors } = failure as { data?: unknown; errors?: unknown };
  const list = Array.isArray(errors)
    ? errors
    : data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors)
      ? (data as { errors: unknown[] }).errors
      : [];
  return list.filter(isRowError);
}

/**
 * The rows of a picked sheet as they are sent, with the sheet line of each (`lines[i]` for
 * `rows[i]`; line 1 is the header) and the blank lines skipped (not sent).
 */
export interface SheetRead {
  rows: Row[];
  lines: number[];
  skipped: number[];
}

/** A row error with the sheet line of its row (`lines[row]`, the server counts rows sent), when kept. */
const withLine = (error: unknown, lines: readonly number[]): unknown => {
  if (!error || typeof error !== 'object') return error;
  const row = (error as { row?: unknown }).row;
  return typeof row === 'number' && lines[row] !== undefined ? { ...(error as object), line: lines[row] } : error;
};

/**
 * An import answer whose row errors (`data.errors`, or `errors` on a rejection) carry the sheet
 * line of their row (`line`), from the lines kept for the rows sent; any other answer as it is.
 */
export function withSheetLines(answer: unknown, lines: readonly number[]): unknown {
  if (!answer || typeof answer !== 'object') return answer;
  const { data, errors } = answer as { data?: unknown; errors?: unknown };
  if (Array.isArray(errors)) return { ...(answer as object), errors: errors.map((error: unknown) => withLine(error, lines)) };
  if (!data || typeof data !== 'object') return answer;
  const dataErrors = (data as { errors?: unknown }).errors;
  if (!Array.isArray(dataErrors)) return answer;
  return { ...(answer as object), data: { ...(data as object), errors: dataErrors.map((error: unknown) => withLine(error, lines)) } };
}

/**
 * The report of a settled import: success only when the server said how many rows it took. Row
 * errors name their sheet line when `lines` (of the rows sent) are given.
 */
export function importReport(answer: unknown, lines: readonly number[] = []): ImportReport {
  if (isFailureAnswer(answer)) return { ok: false, message: failureMessage(answer), errors: importErrors(withSheetLines(answer, lines)) };
  const imported = answer && typeof answer === 'object' ? (answer as { imported?: unknown }).imported : undefined;
  if (typeof imported === 'number' && Number.isFinite(imported)) return { ok: true, imported };
  return { ok: false, message: '', errors: [] };
}

/** The report of a rejected import (row errors with their sheet line, as `importReport`). */
export const importFailure = (error: unknown, lines: readonly number[] = []): ImportReport => ({
  ok: false,
  message: failureMessage(error),
  errors: importErrors(withSheetLines(error, lines)),
});
