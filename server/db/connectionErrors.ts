/**
 * Errors that mean "the database connection is gone", not "this query is wrong": an
 * administrator or a restart ended the backend (SQLSTATE class 57P), the connection broke
 * (class 08), or the socket could not reach the server. The request that met one gets a 503
 * envelope; the pool replaces the connection for the next one.
 */
const CONNECTION_SQLSTATES = /^(08...|57P0[1-4]|53300)$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

export function isConnectionError(err: unknown): boolean {
  let current = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (CONNECTION_SQLSTATES.test(code) || SOCKET_CODES.has(code)) return true;
    const message = typeof current.message === 'string' ? current.message : '';
    if (MESSAGES.some((m) => message.startsWith(m))) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** One line for the log: the driver's message and code, never the query text or its parameters. */
export function describeConnectionError(err: unknown): string {
  let current = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  // Drizzle wraps the driver's error (its message carries the SQL): report the innermost one.
  while (current && typeof current === 'object' && current.cause && typeof current.cause === 'object') current = current.cause as typeof current;
  const code = current && typeof current.code === 'string' ? ` (${current.code})` : '';
  const message = current && typeof current.message === 'string' ? current.message : String(err);
  return `${message}${code}`;
}
