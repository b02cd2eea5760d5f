import type { Context } from 'hono';
import qs from 'qs';
import { z } from 'zod';
import { fail } from './envelope';

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
    throw fail('invalid', { detail: 'body' }, 422);
  }
  return { ...query, ...body };
}

/** Validates with zod; a failure is a 422 envelope naming the first bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'input';
  throw fail('invalid', { detail: `${field}: ${issue?.message ?? 'invalid'}` }, 422, { field, issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
}

export async function parseInput<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readInput(c));
}
