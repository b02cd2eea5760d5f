import { z } from 'zod';
import { fromCents, toCents } from '../../db/money';
import { normalizeDateTime } from './coerce';
import type { CrudMessageKey } from './messages';

/**
 * zod fields for form-encoded input (every value arrives as a string; JSON may send numbers).
 * Messages are translated per request by validate.ts: zod's catalogue for built-in checks, ours
 * (`params.messageKey`) for the custom ones here.
 */

type Ctx = z.core.$RefinementCtx;
const issue = (ctx: Ctx, input: unknown, messageKey: CrudMessageKey, vars?: Record<string, string | number>) =>
  ctx.addIssue({ code: 'custom', input, params: { messageKey, vars } });

const numeric = (v: unknown) => (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : v);

/** A whole number (default int4 range). */
export const formInt = (opts: { min?: number; max?: number } = {}) =>
  z.preprocess(numeric, z.number().int().min(opts.min ?? -2147483648).max(opts.max ?? 2147483647));

/** A 0/1 flag (smallint columns such as is_open); also accepts true/false. */
export const formFlag = () =>
  z.unknown().transform((v, ctx) => {
    if (v === 1 || v === '1' || v === true || v === 'true') return 1;
    if (v === 0 || v === '0' || v === false || v === 'false') return 0;
    issue(ctx, v, 'crud.flag');
    return z.NEVER;
  });

/** Trimmed text of at most `max` characters. */
export const formText = (opts: { max: number; min?: number }) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(opts.min ?? 0).max(opts.max));

/** Money for a numeric(12,2) column: '10.5', 10.5 → '10.50' (exact, through integer cents). */
export const formMoney = (opts: { minCents?: number; maxCents?: number } = {}) => {
  const min = opts.minCents ?? 0;
  const max = opts.maxCents ?? 999_999_999_999;
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (!/^-?\d{1,10}(\.\d{1,2})?$/.test(text)) {
      issue(ctx, v, 'crud.money');
      return z.NEVER;
    }
    const cents = toCents(text);
    if (cents < min || cents > max) {
      issue(ctx, v, 'crud.moneyRange', { min: fromCents(min), max: fromCents(max) });
      return z.NEVER;
    }
    return fromCents(cents);
  });
};

/** A wall-clock time for a string-mode timestamp column: 'YYYY-MM-DD[ HH:MM[:SS]]' → 'YYYY-MM-DD HH:MM:SS'. */
export const formDateTime = () =>
  z.string().transform((v, ctx) => {
    const normal = normalizeDateTime(v);
    if (normal === undefined) {
      issue(ctx, v, 'crud.dateTime');
      return z.NEVER;
    }
    return normal;
  });

/** An optional field where a blank form input ('' or null) means "none": stored as null. */
export const blankAsNull = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

/** An optional field where a blank form input ('' or null) means "not given". */
export const blankAsMissing = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
