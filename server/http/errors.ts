import type { Context } from 'hono';
import { describeConnectionError, isConnectionError } from '../db/connectionErrors';
import { ApiError, fail, langOf, sendError } from './envelope';
import { t } from './messages';

/**
 * The last word on a request that threw: known failures become their envelope, anything else is
 * logged and answered as code 500 (never HTTP 500). A query error's text and parameters hold the
 * client's values, so no log line carries them.
 */

interface Cause {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The innermost error of a chain (Drizzle wraps the driver's, whose SQLSTATE is `code`). */
function innermost(err: unknown): Cause | undefined {
  let current = err as Cause | undefined;
  for (let depth = 0; current && typeof current === 'object' && current.cause && typeof current.cause === 'object' && depth < 5; depth++) {
    current = current.cause as Cause;
  }
  return current && typeof current === 'object' ? current : undefined;
}

const sqlState = (err: unknown): string | undefined => {
  for (let current = err as Cause | undefined, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as Cause | undefined;
  }
  return undefined;
};

/**
 * One entry for the log: the innermost message and SQLSTATE and the stack frames, never a query's
 * text or parameters (Drizzle's message carries both, a driver's `detail` may quote a value).
 */
export function loggableError(err: unknown): string {
  const inner = innermost(err);
  const message = inner && typeof inner.message === 'string' ? inner.message : String(err);
  const code = sqlState(err);
  const carriesQuery = err && typeof err === 'object' && 'query' in err;
  const frames = err instanceof Error && err.stack ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const head = carriesQuery ? `query failed (text and parameters withheld): ${message}` : `${err instanceof Error ? err.name : 'Error'}: ${message}`;
  return [`${head}${code ? ` (${code})` : ''}`, ...frames].join('\n');
}

export function answerError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return sendError(c, err);
  if (isConnectionError(err)) {
    // the database went away under this request: the caller may retry; the pool reconnects
    console.error('[souk] database unavailable', c.req.method, c.req.path, describeConnectionError(err));
    return c.json({ code: 503, msg: t('databaseUnavailable', langOf(c)), data: [] });
  }
  const code = sqlState(err);
  // A data exception (SQLSTATE class 22: a character text cannot hold, a value out of range, a
  // malformed number or date) is a value the input checks let through: the client's bad input.
  if (code?.startsWith('22')) {
    console.warn('[souk] input refused by the database', c.req.method, c.req.path, code);
    return sendError(c, fail('fieldInvalid', { field: 'input' }, 422, { field: 'input' }));
  }
  console.error('[souk] unhandled error', c.req.method, c.req.path, loggableError(err));
  return c.json({ code: 500, msg: t('serverError', langOf(c)), data: [] });
}
