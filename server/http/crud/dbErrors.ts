import { ApiError } from '../envelope';
import { crudFail } from './messages';

interface PgErrorLike {
  code: string;
  column?: string;
}

/** The PostgreSQL error under Drizzle's DrizzleQueryError (pg and PGlite both carry `code`). */
function pgErrorOf(err: unknown): PgErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgErrorLike;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Constraint failures a write can meet become envelopes (409 or 422) instead of a 500; the
 * database's own text (table and column names) never reaches the client.
 */
export function mapDbError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  const pgError = pgErrorOf(err);
  if (!pgError) return undefined;
  switch (pgError.code) {
    case '23505':
      return crudFail('crud.conflict', undefined, 409);
    case '23503':
      return crudFail('crud.badReference', undefined, 422);
    case '23502': {
      const field = pgError.column ?? 'input';
      return crudFail('crud.required', { field }, 422, { field });
    }
    case '22001':
      return crudFail('crud.valueTooLong', undefined, 422);
    case '22003':
      return crudFail('crud.valueOutOfRange', undefined, 422);
    case '23514':
    case '22P02':
    case '22007':
    case '22008':
      return crudFail('crud.badValue', undefined, 422);
    default:
      return undefined;
  }
}

/** Runs a write; known constraint failures are rethrown as envelopes, anything else as is. */
export async function guardWrite<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw mapDbError(err) ?? err;
  }
}
