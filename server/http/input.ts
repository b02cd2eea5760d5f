import type { Context } from 'hono';
import qs from 'qs';
import { z } from 'zod';
import { fail } from './envelope';
import { newPassword } from './password-policy';

/**
 * Request input as the reference client sends it: query string for GET/DELETE, form-encoded
 * body with PHP bracket nesting (`skus[0][price]=1`) for POST/PUT, JSON accepted too.
 */
export async function readInput(c: Context): Promise<Record<string, unknown>> {
  const url = new URL(c.req.url);
  const query = qs.parse(url.search.slice(1), { depth: 5, arrayLimit: 1000, parameterLimit: 2000 }) as Record<string, unknown>;
  if (c.req.method === 'GET' || c.req.method === 'DELETE' || c.req.method === 'HEAD') return query;
  const type = c.req.header('content-type') ?? '';
  let body: Record<string, unknown> = {};
  try {
    if (type.includes('application/json')) {
      const parsed = await c.req.json();
      body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { rows: parsed };
    } else if (type.includes('multipart/form-data')) {
      body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    } else {
      const text = await c.req.text();
      body = qs.parse(text, { depth: 5, arrayLimit: 1000, parameterLimit: 5000 }) as Record<string, unknown>;
    }
  } catch {
    throw fail('fieldInvalid', { field: 'body' }, 422, { field: 'body' });
  }
  const bad = nulField(body);
  if (bad !== undefined) throw nulFail(bad);
  return { ...query, ...body };
}

/**
 * PostgreSQL text cannot hold a NUL character: a value with one reached the database as a
 * code-500 error that logged the whole statement. Such input is a 422 naming the field, found
 * here, where all input is read: the URL (path and query) by `refuseNulInUrl` for every /api
 * request, the body by `readInput`.
 */
export const nulFail = (field: string) => fail('fieldInvalid', { field }, 422, { field });

/** The first field (key path `a.b.0`) whose key or string value holds a NUL character, or undefined. */
export function nulField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path || 'input' : undefined;
  if (!value || typeof value !== 'object' || depth > 8 || value instanceof Blob) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return at;
    const found = nulField(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Values a route decodes from its input (base64 JSON, a second URL decoding) are input too:
 * they pass the same NUL check as the raw ones, here, so no route can hand one to SQL.
 * `field` names the input field they came from; a NUL inside is a 422 naming `field.path`.
 */
function checkedDecoded<T>(value: T, field: string): T {
  const bad = nulField(value);
  if (bad !== undefined) throw nulFail(bad === 'input' ? field : `${field}.${bad}`);
  return value;
}

/**
 * The JSON value of a base64 (or base64url, or a query string's '+' turned ' ') UTF-8 text,
 * checked like raw input; `undefined` when the text is none (the caller names its own message).
 */
export function decodeBase64Json(raw: string, field: string): unknown {
  const text = raw.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'base64')));
  } catch {
    return undefined;
  }
  return checkedDecoded(value, field);
}

/**
 * A text that clients may have URL-encoded once more (the reference's keyword boxes do):
 * decoded (`+` as a space), or as typed when it is not encoded (a lone `%`); checked like raw input.
 */
export function decodeUriText(raw: string, field: string): string {
  let text = raw;
  try {
    text = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    /* not URL-encoded: take it as typed */
  }
  return checkedDecoded(text, field);
}

/** The query parameter (or `path`) of a URL that carries a NUL character (`%00`), or undefined. */
export function nulInUrl(href: string): string | undefined {
  // the common case costs one scan of the text
  if (!/%00|\0/.test(href)) return undefined;
  const url = new URL(href);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (path.includes('\0')) return 'path';
  for (const [key, value] of url.searchParams) if (key.includes('\0') || value.includes('\0')) return key.replace(/\0/g, '') || 'query';
  return undefined;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The translated message key and variables for one zod issue. */
function describe(issue: z.core.$ZodIssue, input: unknown): { key: string; vars: Record<string, string | number> } {
  const field = issue.path.map(String).join('.') || 'input';
  const value = valueAt(input, issue.path);
  if (issue.code === 'custom' && typeof issue.params?.key === 'string') return { key: issue.params.key, vars: { field } };
  if (value === undefined || value === null) return { key: 'fieldRequired', vars: { field } };
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    if (issue.origin === 'string') return min <= 1 ? { key: 'fieldRequired', vars: { field } } : { key: 'fieldTooShort', vars: { field, min } };
    if (issue.origin === 'number' || issue.origin === 'int') return { key: 'fieldTooSmall', vars: { field, min } };
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    if (issue.origin === 'string') return { key: 'fieldTooLong', vars: { field, max } };
    if (issue.origin === 'number' || issue.origin === 'int') return { key: 'fieldTooLarge', vars: { field, max } };
  }
  return { key: 'fieldInvalid', vars: { field } };
}

/**
 * Validates with zod; a failure is a 422 envelope whose translated `msg` names the first bad
 * field, with `data.field` and the list of issues. A refinement can pick its own message with
 * `{ params: { key: '<message key>' } }`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const { key, vars } = describe(issue, input);
  throw fail(key, vars, 422, {
    field: vars.field,
    issues: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code })),
  });
}

export async function parseInput<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readInput(c));
}

/** Small zod building blocks for form-encoded input, where every scalar arrives as a string. */
export const fields = {
  /** Trimmed string between min and max characters. */
  text: (min: number, max: number) => z.string().trim().min(min).max(max),
  /** Integer from a string or number ('' → undefined for optional use). */
  int: () => z.coerce.number().int(),
  phone: () => z.string().trim().regex(/^1[3-9]\d{9}$/),
  /** A new password: 6–32 characters, not blank, not one of the most common (password-policy.ts). */
  password: () => newPassword(),
};
